import type { RoundPair } from "./adaptive-pairing";
import type { RoundFour } from "./criteria";

/**
 * A voter's answer on a set of three or four: an order best first in which some may share a place
 * ("these two are as good"), or "none of these is good". A shared place is told pair by pair as a
 * tie, exactly as a pair's "Tie" is (half a win to each side; the settled claim's tally reads it
 * the same way, so a set's ties carry no more weight than a pair's). A rejection is told as "both
 * bad" on every pair of the set: it moves no score, it is counted apart, as a pair's "Both bad" is.
 */
export type SetAnswer =
  | { rejected: true }
  | {
      rejected: false;
      /** Variant indexes (or ballot ids), best first. */
      order: readonly number[];
      /** Each one's place (0 first), as `order`; equal for those put level. */
      places: readonly number[];
    };

export type SetPick = "a" | "b" | "tie" | "bad";

/**
 * The pairwise outcomes an answer implies: on each pair, the one placed higher wins, two at one
 * place tie; a rejected set is "both bad" on every pair. Null when the order is not the set's
 * variants, each once, with a place each that never goes back.
 */
export function setOutcomes(
  four: RoundFour,
  pairs: ReadonlyMap<string, RoundPair>,
  answer: SetAnswer,
): { pairId: string; pick: SetPick }[] | null {
  const out: { pairId: string; pick: SetPick }[] = [];
  if (answer.rejected) {
    for (const id of four.pairIds) {
      if (!pairs.has(id)) return null;
      out.push({ pairId: id, pick: "bad" });
    }
    return out;
  }
  const { order, places } = answer;
  const size = four.variants.length;
  const placeOf = new Map(order.map((v, k) => [v, places[k] as number]));
  if (
    order.length !== size ||
    places.length !== size ||
    placeOf.size !== size ||
    four.variants.some((v) => !placeOf.has(v)) ||
    !placesValid(places)
  )
    return null;
  for (const id of four.pairIds) {
    const p = pairs.get(id);
    if (!p) return null;
    const [a, b] = [placeOf.get(p.a) as number, placeOf.get(p.b) as number];
    out.push({ pairId: id, pick: a === b ? "tie" : a < b ? "a" : "b" });
  }
  return out;
}

/** Places as stored: start at 0, never go back, and each new place is the count of those before it. */
export function placesValid(places: readonly number[]): boolean {
  return places.every((p, k) => (k === 0 ? p === 0 : p === places[k - 1] || p === k));
}

/** Places of an order in which each group of `ties` shares one place (ids as in `order`). */
export function placesOf(
  order: readonly string[],
  ties: readonly (readonly string[])[],
): { places: number[] } | { error: string } {
  const groupOf = new Map<string, number>();
  for (const [g, group] of ties.entries()) {
    if (group.length < 2) return { error: "Each group in ties holds two or more pictures." };
    for (const id of group) {
      if (groupOf.has(id)) return { error: "ties names a picture twice." };
      if (!order.includes(id)) return { error: "ties names a picture that order does not list." };
      groupOf.set(id, g);
    }
    const at = group.map((id) => order.indexOf(id)).sort((x, y) => x - y);
    if (at.some((k, i) => i > 0 && k !== (at[i - 1] as number) + 1))
      return { error: "Each group in ties holds pictures next to each other in order." };
  }
  const places: number[] = [];
  order.forEach((id, k) => {
    const g = groupOf.get(id);
    const prev = order[k - 1];
    places.push(
      k > 0 && g !== undefined && prev !== undefined && groupOf.get(prev) === g
        ? (places[k - 1] as number)
        : k,
    );
  });
  return { places };
}

/** The groups of ids that share a place (two or more), from an order and its places. */
export function tiesOf<T>(order: readonly T[], places: readonly number[] | null): T[][] {
  if (!places) return [];
  const groups = new Map<number, T[]>();
  order.forEach((id, k) => {
    const p = places[k] as number;
    groups.set(p, [...(groups.get(p) ?? []), id]);
  });
  return [...groups.values()].filter((g) => g.length > 1);
}
