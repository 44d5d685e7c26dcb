import { queryKeyOf, resourceKey } from "@/lib/client/endpoint-client";
import { api } from "@/lib/studio/api";
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

/** Every read of evaluation sets: the list, each set, each side by side. */
export const evalSetsKey = resourceKey(api.evalSets.list);
export const evalSetKey = (id: string) => queryKeyOf(api.evalSets.get, { params: { id } });
export const evalCompareKey = (id: string, runs: readonly string[]) =>
  queryKeyOf(api.evalSets.compare, { params: { id }, query: { runs: runs.join(",") } });

/** "4.3 from 2 ratings", "Not rated yet". */
export function ratingWords(avg: number | null, count: number): string {
  if (avg === null || count === 0) return "Not rated yet";
  return `${avg.toFixed(1)} from ${count} rating${count === 1 ? "" : "s"}`;
}
