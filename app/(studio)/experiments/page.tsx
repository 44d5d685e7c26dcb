import { Dices, FlaskConical, GitCompareArrows, Grid3x3, Split } from "lucide-react";
import type { Metadata } from "next";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState, type EmptyStateFeature } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Experiments" };

const features: readonly EmptyStateFeature[] = [
  {
    icon: Grid3x3,
    title: "Grids",
    description: "Cross prompts with parameter values and see every combination at once.",
  },
  {
    icon: Dices,
    title: "Seed sweeps",
    description: "Hold the prompt and settings still and vary only the seed.",
  },
  {
    icon: Split,
    title: "A/B votes",
    description: "Choose the better of two results, again and again, to rank variants.",
  },
  {
    icon: GitCompareArrows,
    title: "Prompt history",
    description: "Every prompt you ran, with a diff against the one before it.",
  },
];

export default function ExperimentsPage() {
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        eyebrow="Compare"
        title="Experiments"
        description="Vary prompts and parameters systematically, measure the results side by side, and keep what works."
      />
      <EmptyState
        icon={FlaskConical}
        title="No experiments yet"
        description="An experiment runs one idea across a set of variations and lays the results out side by side. Your grids, sweeps and votes will be listed here."
        actions={
          <ButtonLink href="/create" variant="secondary">
            Browse workflows
          </ButtonLink>
        }
        features={features}
      />
    </div>
  );
}
