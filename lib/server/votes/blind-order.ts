import "server-only";
import { createHash } from "node:crypto";

/**
 * Which side each variant of a pair shows on for one voter: drawn from the vote's random seed, the
 * voter's id and the pair, so it is the same on every reload and different for every voter
 * (nobody learns "the left one is always prompt A" from a teammate). The order of the pairs is
 * the adaptive pairing's (lib/studio/votes/adaptive-pairing.ts).
 */
export function isFlipped(seed: string, voterId: string, pairId: string): boolean {
  const digest = createHash("sha256").update(`${seed}\u0000${voterId}\u0000${pairId}`).digest();
  return ((digest[4] as number) & 1) === 1;
}

/** Where a picture of a four shows for one voter: its place in their own shuffle of the four. */
export function slotOrder(seed: string, voterId: string, fourId: string, slotId: string): number {
  return createHash("sha256")
    .update(`${seed}\u0000${voterId}\u0000${fourId}\u0000${slotId}`)
    .digest()
    .readUInt32BE(0);
}
