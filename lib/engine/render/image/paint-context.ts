import type { Canvas } from "./canvas";
import type { Palette } from "./palette";
import type { Element } from "./vocabulary";

/** What every painter of a scene element reads. */
export interface PaintContext {
  c: Canvas;
  p: Palette;
  random: () => number;
  /** Integer seed for per-pixel hashes. */
  hashSeed: number;
  /** Horizon row, in pixels of the internal canvas. */
  horizon: number;
  /** Prominence of an element (its prompt weight squared: "sea++" draws more sea), 0 when absent. */
  weight(e: Element): number;
  /** Smooth texture noise (0-1) over the canvas; its octaves grow with steps. */
  tex: Float32Array;
  /** 0-1 detail from the effective steps. */
  detail: number;
  /** layerDiffuse: subjects mark coverage, backgrounds are left transparent. */
  transparent: boolean;
  /** Where the light comes from (sun or moon), for rim light and reflections. */
  light: { x: number; y: number } | null;
}

/** Fine per-pixel grain (-0.5..0.5) whose strength follows detail. */
export function grainAt(ctx: PaintContext, x: number, y: number): number {
  // Coordinates mixed by multiply-xorshift rounds: a single multiply of a linear sum of x and y
  // left a diagonal lattice in the grain, a woven texture on every mountainside.
  let h = Math.imul(x, 0x27d4eb2d) ^ Math.imul(y, 0x165667b1) ^ ctx.hashSeed;
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (((h ^ (h >>> 16)) >>> 0) / 4294967296 - 0.5) * ctx.detail;
}
