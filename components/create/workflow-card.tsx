import { ArrowUpRight } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { LinkCard } from "@/components/ui/card";
import { type Workflow, workflowHref } from "@/lib/client/create/workflows";
import { WorkflowIcon } from "./workflow-icon";

const mediumLabel = { image: "Image", video: "Video" } as const;

export function WorkflowCard({ workflow, headingLevel }: { workflow: Workflow; headingLevel?: "h2" | "h3" }) {
  return (
    <LinkCard
      href={workflowHref(workflow)}
      title={workflow.title}
      headingLevel={headingLevel}
      header={
        <div className="mb-4 flex items-start justify-between">
          <span className="grid size-10 place-items-center rounded-[10px] border border-accent/25 bg-accent/10 text-accent-fg transition-colors group-hover:border-accent/45">
            <WorkflowIcon name={workflow.icon} className="size-5" />
          </span>
          <Badge tone={workflow.medium === "video" ? "accent" : "neutral"}>
            {mediumLabel[workflow.medium]}
          </Badge>
        </div>
      }
      footer={
        <div className="flex items-center justify-between gap-3">
          <div className="flex min-w-0 flex-wrap gap-1.5">
            {workflow.inputs.map((input) => (
              <span
                key={input}
                className="rounded-md border border-border bg-surface-sunken px-1.5 py-0.5 text-[11.5px] text-muted"
              >
                {input}
              </span>
            ))}
          </div>
          <ArrowUpRight
            aria-hidden
            className="size-4 shrink-0 text-muted-subtle transition-transform group-hover:translate-x-0.5 group-hover:-translate-y-0.5 group-hover:text-accent-fg"
          />
        </div>
      }
    >
      <p className="mt-1.5 text-pretty text-[13.5px] text-muted leading-relaxed">{workflow.description}</p>
    </LinkCard>
  );
}
