/**
 * The stored canvas as the painting tools widen it: a layer's entries may be lasso polygons and
 * filled regions beside brush strokes, and the bucket and the lasso are tools. Built on the stored
 * canvas's own schema (canvas-persist.ts), so whatever that schema reads, this reads too.
 */
import { z } from "zod";
import type { CanvasDocument } from "./canvas-document";
import {
  documentSchema,
  type PersistedCanvas,
  persistedSchema,
  type Tool,
  toolSchema,
} from "./canvas-persist";

export const PAINT_TOOLS = ["fill", "lasso"] as const;
export type CanvasTool = Tool | (typeof PAINT_TOOLS)[number];

const rect = z.object({
  x: z.number(),
  y: z.number(),
  width: z.number().int().min(0),
  height: z.number().int().min(0),
});
const mode = z.enum(["paint", "erase"]);
const [image, mask, guide, region] = documentSchema.shape.layers.element.options;
const stroke = image.shape.strokes.element;
const op = z.union([
  z.object({ shape: z.literal("polygon"), mode, points: z.array(z.number()) }),
  z.object({ shape: z.literal("region"), mode, rect, runs: z.array(z.number().int().min(0)) }),
  stroke,
]);
const strokes = z.array(op);
const layer = z.discriminatedUnion("kind", [
  image.extend({ strokes }),
  mask.extend({ strokes }),
  guide.extend({ strokes }),
  region.extend({ strokes }),
]);

export const paintedSchema = persistedSchema.extend({
  doc: documentSchema.extend({ layers: z.array(layer) }),
  tool: z.enum([...toolSchema.options, ...PAINT_TOOLS]),
});

export type PaintedCanvas = Omit<PersistedCanvas, "doc" | "tool"> & { doc: CanvasDocument; tool: CanvasTool };

/** The stored canvas if it reads as one (with or without the painting tools' entries), else null. */
export function readPainted(value: unknown): PaintedCanvas | null {
  const parsed = paintedSchema.safeParse(value);
  return parsed.success ? (parsed.data as PaintedCanvas) : null;
}
