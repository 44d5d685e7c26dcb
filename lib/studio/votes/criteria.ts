import type { RoundPair, RoundVote } from "./adaptive-pairing";

/**
 * What a vote asks: one to three criteria written by its owner ("Prompt adherence", "Aesthetics",
 * "Artifacts"), each ranked on its own (judges asked one overall question reward looks over
 * following the prompt), or none: one overall question, criterion 0. And how: one pair at a time,
 * or four at once, ordered best to worst (K-Sort Arena: a ranking of four tells six pairwise
 * outcomes in one answer).
 */

export const MAX_CRITERIA = 3;
export const MAX_CRITERION_CHARS = 60;
/** A vote that ranks at once shows at most this many pictures together... */
export const FOUR = 4;
/**
 * ...and at least this many: three variants (a vote over three, or the three left of a shortlist)
 * are ranked together as a set of three, three pairwise outcomes in one answer. Two are a pair:
 * such a vote asks pairs.
 */
export const MIN_RANKED = 3;

/** Whether a vote over `variants` can rank them all at once. */
export const ranksAtOnce = (variants: number): boolean => variants >= MIN_RANKED && variants <= FOUR;

/** How many pairwise outcomes one ranking of `size` pictures tells: 6 for four, 3 for three. */
export const pairsInSet = (size: number): number => (size * (size - 1)) / 2;

/** How many questions each pair (or four) asks: one per criterion, one overall when none. */
export const criterionCount = (criteria: readonly string[]): number => Math.max(1, criteria.length);

/** A criterion's name as the ranking's tabs show it. */
export const criterionName = (criteria: readonly string[], index: number): string =>
  criteria[index] ?? "Overall";

/** One question of a vote that ranks at once: three or four variants and the pairs between them. */
export interface RoundFour {
  id: string;
  variants: readonly number[];
  pairIds: readonly string[];
}

/**
 * The pairwise outcomes a ranking of a set implies (`order`: variant indexes, best first): on each
 * pair, the one ranked higher wins. Null when `order` is not the set's variants, each once.
 */
export function fourOutcomes(
  four: RoundFour,
  pairs: ReadonlyMap<string, RoundPair>,
  order: readonly number[],
): { pairId: string; pick: "a" | "b" }[] | null {
  const place = new Map(order.map((v, k) => [v, k]));
  const size = four.variants.length;
  if (order.length !== size || place.size !== size || four.variants.some((v) => !place.has(v))) return null;
  const out: { pairId: string; pick: "a" | "b" }[] = [];
  for (const id of four.pairIds) {
    const p = pairs.get(id);
    if (!p) return null;
    out.push({ pairId: id, pick: (place.get(p.a) as number) < (place.get(p.b) as number) ? "a" : "b" });
  }
  return out;
}

/** Pairs as planned when a vote opens: which results, and what else they share. */
export interface PlannedPair {
  variantA: number;
  variantB: number;
  itemA: string;
  itemB: string;
  context?: string;
}

/**
 * A vote's sets to rank from its pairs: for each combination of the other axes (each case, or the
 * one comparison of picked results), the three or four variants' results, when every pair between
 * them is there and each variant shows one result. `pairIndex` are indexes into `pairs`.
 */
export function planFours(
  pairs: readonly PlannedPair[],
): { variants: number[]; items: string[]; pairIndex: number[] }[] {
  const groups = new Map<string, number[]>();
  pairs.forEach((p, k) => {
    const key = p.context ?? "";
    groups.set(key, [...(groups.get(key) ?? []), k]);
  });
  const fours: { variants: number[]; items: string[]; pairIndex: number[] }[] = [];
  for (const members of groups.values()) {
    const itemOf = new Map<number, string>();
    let consistent = true;
    for (const k of members) {
      const p = pairs[k] as PlannedPair;
      for (const [v, id] of [
        [p.variantA, p.itemA],
        [p.variantB, p.itemB],
      ] as const) {
        if (itemOf.has(v) && itemOf.get(v) !== id) consistent = false;
        itemOf.set(v, id);
      }
    }
    if (!consistent || !ranksAtOnce(itemOf.size) || members.length !== pairsInSet(itemOf.size)) continue;
    const variants = [...itemOf.keys()].sort((a, b) => a - b);
    fours.push({ variants, items: variants.map((v) => itemOf.get(v) as string), pairIndex: members });
  }
  return fours;
}

/** Per variant: how many answers rejected it ("both bad"), and of how many answers on it. */
export function rejectedCounts(
  variantCount: number,
  pairs: ReadonlyMap<string, RoundPair>,
  votes: readonly RoundVote[],
): { rejected: number; answers: number }[] {
  const out = Array.from({ length: variantCount }, () => ({ rejected: 0, answers: 0 }));
  for (const v of votes) {
    const p = pairs.get(v.pairId);
    if (!p) continue;
    for (const i of [p.a, p.b]) {
      const row = out[i];
      if (!row) continue;
      row.answers += 1;
      if (v.pick === "bad") row.rejected += 1;
    }
  }
  return out;
}
