/**
 * Deterministic randomness for the video renderer: the renderers' shared seeded sequence, and a
 * stateless hash for per-particle and per-window values.
 */
export { seededRandom } from "../shared/seeded";

/** A stateless hash of an integer to 0-1: per-particle, per-window values without a sequence. */
export function hash01(n: number, salt = 0): number {
  let h = Math.imul(n ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(salt + 0x27d4eb2f, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}
