import { createHash } from "node:crypto";

/**
 * Deterministic randomness for the renderers: the same prompt and seed always give the same
 * picture. Seeds may exceed 2^53 (image seeds go to 9.2e18), so they are hashed as text.
 */
export function seededRandom(prompt: string, seed: number | string): () => number {
  const digest = createHash("sha256").update(`${seed}\u0000${prompt}`).digest();
  let a = digest.readUInt32LE(0);
  // mulberry32: small, fast, and good enough for picking colours and shapes.
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Rgb = [number, number, number];

/** A colour from hue (0-1), saturation and lightness (0-1). */
export function hsl(h: number, s: number, l: number): Rgb {
  const k = (n: number) => (n + h * 12) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [Math.round(f(0) * 255), Math.round(f(8) * 255), Math.round(f(4) * 255)];
}
