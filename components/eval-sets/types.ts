import type {
  CaseResult,
  EvalComparison,
  EvalRunSummary,
  EvalSetPage,
  EvalSetSummary,
  EvalSetView,
} from "@/lib/studio/api/eval-sets";
import type { EvalCase } from "@/lib/studio/experiments/axes";

/** What the evaluation-set API answers, from its declarations (lib/studio/api/eval-sets.ts). */
export type {
  CaseResult,
  EvalCase,
  EvalComparison,
  EvalRunSummary,
  EvalSetPage,
  EvalSetSummary,
  EvalSetView,
};

/** "4.3 from 2 ratings", "Not rated yet". */
export function ratingWords(avg: number | null, count: number): string {
  if (avg === null || count === 0) return "Not rated yet";
  return `${avg.toFixed(1)} from ${count} rating${count === 1 ? "" : "s"}`;
}
