/**
 * Random answers on a set, as voters give them (some orders strict, some with pictures level, some
 * sets rejected whole), and what each one says of a pair, read from the answer's own groups rather
 * than through set-answer.ts: the check the simulations hold the stored outcomes and rankings to.
 */

export type RandomSetBallot<T> = { rejected: true } | { rejected: false; groups: T[][] };

export function randomSetBallot<T>(
  random: () => number,
  ids: readonly T[],
  odds: { reject: number; tie: number },
): RandomSetBallot<T> {
  if (random() < odds.reject) return { rejected: true };
  const shuffled = [...ids];
  for (let k = shuffled.length - 1; k > 0; k--) {
    const j = Math.floor(random() * (k + 1));
    [shuffled[k], shuffled[j]] = [shuffled[j] as T, shuffled[k] as T];
  }
  const groups: T[][] = [];
  for (const id of shuffled) {
    const last = groups[groups.length - 1];
    if (last && random() < odds.tie) last.push(id);
    else groups.push([id]);
  }
  return { rejected: false, groups };
}

/** The ballot as the endpoint takes it: its order best first and its groups of two or more. */
export const ballotBody = <T>(b: RandomSetBallot<T>): { order: T[]; ties: T[][]; rejected: boolean } =>
  b.rejected
    ? { order: [], ties: [], rejected: true }
    : { order: b.groups.flat(), ties: b.groups.filter((g) => g.length > 1), rejected: false };

/** What the ballot says of `a` against `b`: the one in an earlier group wins, one group ties. */
export function pairVerdict<T>(b: RandomSetBallot<T>, a: T, x: T): "a" | "b" | "tie" | "bad" {
  if (b.rejected) return "bad";
  const ga = b.groups.findIndex((g) => g.includes(a));
  const gx = b.groups.findIndex((g) => g.includes(x));
  return ga === gx ? "tie" : ga < gx ? "a" : "b";
}
