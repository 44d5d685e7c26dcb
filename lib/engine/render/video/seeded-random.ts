import { createHash } from "node:crypto";

/**
 * Deterministic randomness for the video renderer (kept apart from the image renderer's helpers
 * so that either can change alone): the same text and seed always give the same sequence.
 * Seeds are hashed as text, so any integer works.
 */
export function seededRandom(text: string, seed: number | string): () => number {
  const digest = createHash("sha256").update(`${seed}\u0000${text}`).digest();
  let a = digest.readUInt32LE(0);
  // mulberry32: small and fast; plenty for picking shapes, positions and notes.
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A stateless hash of an integer to 0-1: per-particle, per-window values without a sequence. */
export function hash01(n: number, salt = 0): number {
  let h = Math.imul(n ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(salt + 0x27d4eb2f, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}
