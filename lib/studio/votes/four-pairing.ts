import { type RoundFit, stableHash, uncertainty } from "./adaptive-pairing";
import type { RoundFour } from "./criteria";

/**
 * The order to ask a voter the fours they have not ranked on every criterion: first the four
 * holding the two variants whose order is least certain on any criterion (as pairs are chosen,
 * adaptive-pairing.ts), then the one the fewest voters ranked, then a stable hash of the voter's
 * tie-break, so the same votes give the same order.
 */
export function chooseFours(
  fits: readonly RoundFit[],
  fours: readonly RoundFour[],
  answered: ReadonlySet<string>,
  rankedBy: ReadonlyMap<string, number>,
  tieBreak: string,
): string[] {
  const ranked = fours
    .filter((f) => !answered.has(f.id))
    .map((f) => {
      let least = { rank: 3, z: Number.POSITIVE_INFINITY, direct: Number.POSITIVE_INFINITY };
      for (let x = 0; x < f.variants.length; x++)
        for (let y = x + 1; y < f.variants.length; y++) {
          const u = uncertainty(fits, f.variants[x] as number, f.variants[y] as number);
          if ((u.rank - least.rank || u.z - least.z || u.direct - least.direct) < 0) least = u;
        }
      return { id: f.id, ...least, n: rankedBy.get(f.id) ?? 0, h: stableHash(`${tieBreak}\u0000${f.id}`) };
    });
  ranked.sort((a, b) => a.rank - b.rank || a.z - b.z || a.n - b.n || a.h - b.h);
  return ranked.map((f) => f.id);
}
