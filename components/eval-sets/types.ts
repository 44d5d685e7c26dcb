import type { EvalSetPage, EvalSetSummary } from "@/lib/server/eval-sets/records";
import type { CaseResult, EvalComparison, EvalRunSummary } from "@/lib/server/eval-sets/runs";
import type { EvalCase } from "@/lib/studio/experiments/axes";

/** What the evaluation-set API answers (types only: nothing of the server reaches the browser). */
export type { CaseResult, EvalCase, EvalComparison, EvalRunSummary, EvalSetPage, EvalSetSummary };

export interface EvalSetView {
  id: string;
  name: string;
  version: number;
  cases: EvalCase[];
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  runs: EvalRunSummary[];
}

export const evalSetsKey = ["eval-sets"] as const;
export const evalSetKey = (id: string) => ["eval-sets", id] as const;
export const evalCompareKey = (id: string, runs: readonly string[]) =>
  ["eval-sets", id, "compare", ...runs] as const;

/** "4.3 from 2 ratings", "Not rated yet". */
export function ratingWords(avg: number | null, count: number): string {
  if (avg === null || count === 0) return "Not rated yet";
  return `${avg.toFixed(1)} from ${count} rating${count === 1 ? "" : "s"}`;
}
