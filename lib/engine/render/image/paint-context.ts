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
  // The seed sum mod 2^32, kept in int32 arithmetic (the same value as imul of the plain sum).
  const h = Math.imul((Math.imul(x, 374761393) + Math.imul(y, 668265263) + ctx.hashSeed) | 0, 0x5bd1e995);
  return (((h ^ (h >>> 15)) >>> 0) / 4294967296 - 0.5) * ctx.detail;
}
