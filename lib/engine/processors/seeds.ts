import "server-only";
import { createHash, randomInt } from "node:crypto";

/**
 * Seeds of a task's results: result i uses `seed + i` (so a result can be reproduced alone with
 * `seed: <its seed>, numberResults: 1`). Without a seed a random one is drawn (32-bit; 31-bit for
 * video, whose seeds stop at 2^31 - 1). When
 * `seed + i` would leave the allowed range, or is beyond 2^53 where `+ i` is not exact in a
 * double, result i gets a seed derived from (seed, i) by hash, inside [min, 2^32).
 */
export function baseSeed(given: number | undefined, min: number, max: number): number {
  // randomInt's upper bound is exclusive; video seeds stop at 2^31 - 1, image seeds far above 2^32.
  return given ?? randomInt(Math.max(1, min), Math.min(max, 2 ** 32 - 1) + 1);
}

export function itemSeed(base: number, index: number, min: number, max: number): number {
  if (index === 0) return base;
  const next = base + index;
  if (Number.isSafeInteger(next) && next <= max) return next;
  const digest = createHash("sha256").update(`${base}:${index}`).digest();
  const span = Math.min(max, 2 ** 32 - 1) - min + 1;
  return min + (digest.readUInt32LE(0) % span);
}
