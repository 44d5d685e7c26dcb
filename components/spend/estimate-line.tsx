import { cn } from "@/components/ui/cn";
import type { SpendEstimate } from "@/lib/client/spend/use-cost-estimate";
import { estimateWords } from "@/lib/studio/spend/money";

/** "About $0.84 for 100 images", and where the figure comes from. */
export function EstimateLine({
  estimate,
  noun,
  className,
}: {
  estimate: SpendEstimate | null;
  /** What the results are ("image", "video"). */
  noun: string;
  className?: string;
}) {
  if (!estimate) return null;
  return (
    <p data-testid="cost-estimate" className={cn("text-[12px] text-muted tabular-nums", className)}>
      {estimateWords(estimate, noun)}
      {estimate.source === "engine" ? (
        <span className="text-muted-subtle"> · Prices from the built-in engine's own table</span>
      ) : estimate.source === "history" ? (
        <span className="text-muted-subtle"> · from what this studio was charged for this model</span>
      ) : null}
    </p>
  );
}
