import { SlidersHorizontal } from "lucide-react";
import type { Metadata } from "next";
import { ReadOnlyBanner } from "@/components/create/read-only-note";
import { WorkflowCard } from "@/components/create/workflow-card";
import { PageHeader } from "@/components/ui/page-header";
import { workflows } from "@/lib/client/create/workflows";

export const metadata: Metadata = { title: "Create" };

const advancedOptions = ["LoRA", "IP-adapters", "embeddings", "a refiner", "a VAE", "acceleration"] as const;

export default function CreatePage() {
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        eyebrow="Create"
        title="Choose a workflow"
        description="Each workflow is a form over the same service. Every result is kept in the Gallery with the prompt and parameters that made it."
      />
      <ReadOnlyBanner />
      <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {workflows.map((workflow) => (
          <li key={workflow.slug} className="grid">
            <WorkflowCard workflow={workflow} headingLevel="h2" />
          </li>
        ))}
      </ul>
      <aside
        aria-label="Advanced options"
        className="flex flex-col gap-4 rounded-card border border-border border-dashed bg-panel/50 p-5 sm:flex-row sm:items-center"
      >
        <span className="grid size-10 shrink-0 place-items-center rounded-[10px] border border-border-strong bg-panel-raised text-muted">
          <SlidersHorizontal aria-hidden className="size-5" strokeWidth={1.75} />
        </span>
        <div className="min-w-0">
          <p className="font-medium text-foreground text-sm">
            Advanced options live inside each image workflow
          </p>
          <p className="mt-1 text-[13px] text-muted leading-relaxed">
            Open the advanced panel of any image form to add{" "}
            {advancedOptions.map((option, index) => (
              <span key={option}>
                <span className="text-foreground">{option}</span>
                {index < advancedOptions.length - 2
                  ? ", "
                  : index === advancedOptions.length - 2
                    ? " and "
                    : ""}
              </span>
            ))}
            .
          </p>
        </div>
      </aside>
    </div>
  );
}
