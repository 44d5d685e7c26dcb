import "server-only";
import { createHash } from "node:crypto";

/**
 * A voter's own order of a vote's pairs and which side each variant shows on: drawn from the
 * vote's random seed and the voter's id, so it is the same on every reload and different for
 * every voter (nobody learns "the left one is always prompt A" from a teammate).
 */
export function voterOrder<T extends { id: string }>(
  seed: string,
  voterId: string,
  pairs: readonly T[],
): { pair: T; flipped: boolean }[] {
  return pairs
    .map((pair) => {
      const digest = createHash("sha256").update(`${seed}\u0000${voterId}\u0000${pair.id}`).digest();
      return { pair, rank: digest.readUInt32BE(0), flipped: ((digest[4] as number) & 1) === 1 };
    })
    .sort((a, b) => a.rank - b.rank || a.pair.id.localeCompare(b.pair.id))
    .map(({ pair, flipped }) => ({ pair, flipped }));
}

/** Whether this voter sees variant `a` of the pair on the right. */
export function isFlipped(seed: string, voterId: string, pairId: string): boolean {
  const digest = createHash("sha256").update(`${seed}\u0000${voterId}\u0000${pairId}`).digest();
  return ((digest[4] as number) & 1) === 1;
}
