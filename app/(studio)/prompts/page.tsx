import { FlaskConical, ListChecks } from "lucide-react";
import type { Metadata } from "next";
import { Suspense } from "react";
import { PromptHistory } from "@/components/prompts/prompt-history";
import { ButtonLink } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Prompt history" };

export default function PromptsPage() {
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        eyebrow="Experiments"
        title="Prompt history"
        description="Every prompt the team ran, grouped with its edits: see what changed from one version to the next and what each made, compare any two, and send one back to Create or into a new experiment."
        actions={
          <>
            <ButtonLink href="/experiments" variant="ghost">
              <FlaskConical aria-hidden /> Experiments
            </ButtonLink>
            <ButtonLink href="/experiments/sets" variant="secondary">
              <ListChecks aria-hidden /> Evaluation sets
            </ButtonLink>
          </>
        }
      />
      {/* The search lives in the address, which is read in the browser. */}
      <Suspense>
        <PromptHistory />
      </Suspense>
    </div>
  );
}
