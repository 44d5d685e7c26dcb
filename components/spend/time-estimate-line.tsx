import { Clock } from "lucide-react";
import { cn } from "@/components/ui/cn";
import type { SpendEstimate } from "@/lib/client/spend/use-cost-estimate";
import { timeWords } from "@/lib/studio/spend/pace";

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;

/** "About 10–15 s", from how many measured tasks, and behind how much of the team's work. */
export function TimeEstimateLine({
  estimate,
  className,
}: {
  estimate: SpendEstimate | null;
  className?: string;
}) {
  if (!estimate) return null;
  const { range, tasksAhead } = estimate.time;
  const basis =
    range === null
      ? "the first run will measure it"
      : range.sameModel
        ? `measured on ${plural(range.samples, "recent task")} of this model`
        : `measured on ${plural(range.samples, "recent task")} of other models: few of this one yet`;
  return (
    <p
      data-testid="time-estimate"
      className={cn("flex items-baseline gap-1.5 text-[12px] text-muted tabular-nums", className)}
    >
      <Clock aria-hidden className="size-3.5 shrink-0 translate-y-0.5 text-muted-subtle" />
      <span>
        <span className="text-foreground">{timeWords(range)}</span>
        <span className="text-muted-subtle">
          {" · "}
          {basis}
          {tasksAhead > 0 ? ` · after ${plural(tasksAhead, "task")} already waiting or running` : ""}
        </span>
      </span>
    </p>
  );
}
