/**
 * The content check on frames (`safety.checkContent` with `safety.mode`). The engine's procedural
 * pixels come from the prompt, which the core's keyword check already covers (see
 * processors/safety.ts); only pixels that come from the caller's media (frame images, reference images,
 * reference-video plates) can bring something the prompt does not say. Those pixels are checked
 * with a classic skin-tone heuristic: the share of sampled pixels whose chroma falls in the
 * YCbCr skin box (Chai and Ngan: 77 <= Cb <= 127, 133 <= Cr <= 173) and that are not too dark.
 * A frame is flagged when more than `SKIN_LIMIT` of it is skin, which flags close-ups of bare skin
 * (and, as the contract warns of any check, some false positives such as tight face portraits).
 *
 * `fast` checks key frames: the first, one per second, and the last. `full` checks every frame.
 */

export type SafetyMode = "fast" | "full";

export const SKIN_LIMIT = 0.45;

/** Share of skin-coloured pixels, sampling every `step`-th pixel of every `step`-th row. */
export function skinShare(px: Uint32Array, width: number, height: number, step = 4): number {
  let skin = 0;
  let total = 0;
  for (let y = 0; y < height; y += step) {
    const row = y * width;
    for (let x = 0; x < width; x += step) {
      const p = px[row + x] as number;
      const r = p & 0xff;
      const g = (p >>> 8) & 0xff;
      const b = (p >>> 16) & 0xff;
      total++;
      const luma = 0.299 * r + 0.587 * g + 0.114 * b;
      if (luma < 60) continue;
      const cb = 128 - 0.168736 * r - 0.331264 * g + 0.5 * b;
      const cr = 128 + 0.5 * r - 0.418688 * g - 0.081312 * b;
      if (cb >= 77 && cb <= 127 && cr >= 133 && cr <= 173) skin++;
    }
  }
  return total === 0 ? 0 : skin / total;
}

export class FrameChecker {
  flagged = false;
  checked = 0;

  constructor(
    private readonly mode: SafetyMode,
    private readonly fps: number,
    private readonly frames: number,
  ) {}

  /** True when frame `n` is one the mode checks. */
  wants(n: number): boolean {
    if (this.flagged) return false;
    return this.mode === "full" || n === 0 || n === this.frames - 1 || n % Math.round(this.fps) === 0;
  }

  inspect(px: Uint32Array, width: number, height: number): void {
    this.checked++;
    if (skinShare(px, width, height) > SKIN_LIMIT) this.flagged = true;
  }
}
