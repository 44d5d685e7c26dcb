import { History, ListChecks } from "lucide-react";
import type { Metadata } from "next";
import { ExperimentList } from "@/components/experiments/experiment-list";
import { ButtonLink } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Experiments" };

export default function ExperimentsPage() {
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        eyebrow="Compare"
        title="Experiments"
        description="Vary prompts and parameters systematically, see the results side by side, and keep what works. Start one with Vary… on any Create page."
        actions={
          <>
            <ButtonLink href="/prompts" variant="secondary">
              <History aria-hidden /> Prompt history
            </ButtonLink>
            <ButtonLink href="/experiments/sets" variant="secondary">
              <ListChecks aria-hidden /> Evaluation sets
            </ButtonLink>
          </>
        }
      />
      <ExperimentList />
    </div>
  );
}
