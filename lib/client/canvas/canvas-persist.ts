/**
 * What of the canvas outlives a reload, and where it is kept: this browser's localStorage (one key
 * per member, `canvasStorageKey`) until
 * the canvas page plugs in the copy kept by the studio per member (./canvas-sync.ts) through
 * `setCanvasStorage` (any zustand `StateStorage`, synchronous or not). Stored data is parsed, never trusted: an old or
 * damaged entry starts an empty canvas rather than a broken one. This file holds the one schema
 * of the stored canvas; a result's recipe (./canvas-recipe.ts) reads its document and settings
 * with the same parts.
 */
import { z } from "zod";
import type { StateStorage } from "zustand/middleware";
import { IMAGE_LIMITS } from "@/lib/protocol/image-limits";
import type { CanvasDocument } from "./canvas-document";
import { CANVAS_PRESETS } from "./canvas-preset";

/** The key every member on a browser once shared; read by no one now, removed when seen. */
export const SHARED_CANVAS_KEY = "media-studio.canvas";

/**
 * This browser's copy of one member's canvas: a second member signing in on the same browser
 * starts from their own canvas, never from the first one's.
 */
export function canvasStorageKey(memberId: string): string {
  return `${SHARED_CANVAS_KEY}.${memberId}`;
}

let backend: StateStorage | null = null;

/** Replaces where the canvas is kept (a server-side store per member, a test's memory). */
export function setCanvasStorage(storage: StateStorage | null): void {
  backend = storage;
}

/** Where the canvas is kept, looked up at each read and write, so a store made earlier follows it. */
export function canvasStorage(): StateStorage {
  const current = () => backend ?? localStorage;
  return {
    getItem: (name) => current().getItem(name),
    setItem: (name, value) => current().setItem(name, value),
    removeItem: (name) => current().removeItem(name),
  };
}

const rect = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });
const mode = z.enum(["paint", "erase"]);
const stroke = z.object({
  mode,
  size: z.number().positive(),
  points: z.array(z.number()),
  pressure: z.boolean(),
});
/** A layer's entries: brush strokes, lasso polygons and filled regions (./paint-ops.ts). */
const op = z.union([
  z.object({ shape: z.literal("polygon"), mode, points: z.array(z.number()) }),
  z.object({
    shape: z.literal("region"),
    mode,
    rect: z.object({
      x: z.number(),
      y: z.number(),
      width: z.number().int().min(0),
      height: z.number().int().min(0),
    }),
    runs: z.array(z.number().int().min(0)),
  }),
  stroke,
]);
const base = {
  id: z.string(),
  name: z.string(),
  hidden: z.boolean(),
  locked: z.boolean(),
  opacity: z.number().min(0).max(1),
  strokes: z.array(op),
};
const layer = z.discriminatedUnion("kind", [
  z.object({ ...base, kind: z.literal("image"), src: z.string(), rect }),
  z.object({ ...base, kind: z.literal("inpaintMask") }),
  z.object({ ...base, kind: z.literal("controlGuide"), model: z.string(), weight: z.number() }),
  z.object({ ...base, kind: z.literal("regionalPrompt"), prompt: z.string(), negativePrompt: z.string() }),
]);
const picture = z.object({ id: z.string(), url: z.string(), width: z.number(), height: z.number() });
export const documentSchema = z.object({ picture: picture.nullable(), layers: z.array(layer), frame: rect });

const L = IMAGE_LIMITS;
/** A whole number within the contract's bounds, or absent: the model's own value. */
const optionalInt = (min: number, max: number) => z.number().int().min(min).max(max).optional();

export const settingsSchema = z.object({
  prompt: z.string(),
  negativePrompt: z.string(),
  model: z.string(),
  strength: z.number().min(L.strength.min).max(L.strength.max),
  numberResults: z.number().int().min(L.numberResults.min).max(L.numberResults.max),
  // Kept since inpainting and outpainting moved onto the canvas; a canvas kept before reads as off.
  /** Inpainting's context around the mask, rendered at full resolution; null sends none. */
  maskMargin: z.number().int().min(L.maskMargin.min).max(L.maskMargin.max).nullable().default(null),
  /** Outpainting's seam blur. */
  outpaintBlur: z
    .number()
    .int()
    .min(L.outpaint.blur.min)
    .max(L.outpaint.blur.max)
    .default(L.outpaint.blur.default),
  // The sampling the Create forms offer; absent in a canvas kept before, which sent none.
  /** Absent: every result draws its own seed. */
  seed: optionalInt(L.seed.min, L.seed.maxExact),
  steps: optionalInt(L.steps.min, L.steps.max),
  CFGScale: z.number().min(L.CFGScale.min).max(L.CFGScale.max).optional(),
  scheduler: z.string().min(1).optional(),
  clipSkip: optionalInt(L.clipSkip.min, L.clipSkip.max),
});
export type CanvasSettings = z.infer<typeof settingsSchema>;

export const PAINT_TOOLS = ["fill", "lasso"] as const;
export const toolSchema = z.enum(["move", "brush", "eraser", "restore", ...PAINT_TOOLS]);
export type CanvasTool = z.infer<typeof toolSchema>;
/** The tools that draw with the pointer (the bucket and the lasso are the painting tools' own). */
export type Tool = Exclude<CanvasTool, (typeof PAINT_TOOLS)[number]>;

export const stagingSchema = z.object({ taskUUID: z.string(), frame: rect, index: z.number().int().min(0) });
export type Staging = z.infer<typeof stagingSchema>;

/** The frame a member last set for a job (Inpainting, Outpainting), on the picture it was set on. */
const jobFrame = z.object({ pictureId: z.string(), frame: rect });
export type JobFrame = z.infer<typeof jobFrame>;

/**
 * The member's own settings set aside by "Reset" or by opening a teammate's setup, so "Restore"
 * brings them back (after a reload too: it is kept with the canvas).
 */
const setAside = z.object({
  why: z.enum(["reset", "setup"]),
  settings: settingsSchema,
  /** Whose setup is open, when one is. */
  author: z.string().nullable(),
});
export type SetAside = z.infer<typeof setAside>;

export const persistedSchema = z.object({
  doc: documentSchema,
  selectedId: z.string().nullable(),
  settings: settingsSchema,
  tool: toolSchema,
  sizes: z.object({ brush: z.number(), eraser: z.number(), restore: z.number() }),
  staging: stagingSchema.nullable(),
  jobFrames: z.partialRecord(z.enum(CANVAS_PRESETS), jobFrame).default({}),
  setAside: setAside.nullable().default(null),
});
export type PersistedCanvas = Omit<z.infer<typeof persistedSchema>, "doc"> & { doc: CanvasDocument };

/** The stored canvas if it reads as one, else null. */
export function readPersisted(value: unknown): PersistedCanvas | null {
  const parsed = persistedSchema.safeParse(value);
  // The schema and the model describe one shape; zod's inferred unions are only wider in name.
  return parsed.success ? (parsed.data as PersistedCanvas) : null;
}
