import { cn } from "@/components/ui/cn";
import type { SpendEstimate } from "@/lib/client/spend/use-cost-estimate";
import { budgetWords } from "@/lib/studio/spend/budget-words";
import { estimateWords } from "@/lib/studio/spend/money";

/**
 * "About $0.84 for 100 images", where the figure comes from and, under a budget, what is left of
 * it and how many of the tasks fit.
 */
export function EstimateLine({
  estimate,
  noun,
  unit = "task",
  className,
}: {
  estimate: SpendEstimate | null;
  /** What the results are ("image", "video"). */
  noun: string;
  /** What is sent, as a budget admits it one by one ("task", "cell"). */
  unit?: string;
  className?: string;
}) {
  if (!estimate) return null;
  const budget = estimate.budget ? budgetWords(estimate.budget, unit) : null;
  return (
    <div className={cn("text-[12px] text-muted tabular-nums", className)}>
      <p data-testid="cost-estimate">
        {estimateWords(estimate, noun)}
        {estimate.source === "engine" ? (
          <span className="text-muted-subtle"> · Prices from the built-in engine's own table</span>
        ) : estimate.source === "history" ? (
          <span className="text-muted-subtle"> · from what this studio was charged for this model</span>
        ) : null}
      </p>
      {budget ? (
        <p
          data-testid="budget-room"
          className={cn("mt-0.5", budget.short ? "text-warning-fg" : "text-muted-subtle")}
        >
          {budget.text}
        </p>
      ) : null}
    </div>
  );
}
