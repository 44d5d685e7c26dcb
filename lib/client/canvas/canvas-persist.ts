/**
 * What of the canvas outlives a reload, and where it is kept: this browser's localStorage (one key
 * per member, `canvasStorageKey`) until
 * the canvas page plugs in the copy kept by the studio per member (./canvas-sync.ts) through
 * `setCanvasStorage` (any zustand `StateStorage`, synchronous or not). Stored data is parsed, never trusted: an old or
 * damaged entry starts an empty canvas rather than a broken one.
 */
import { z } from "zod";
import type { StateStorage } from "zustand/middleware";
import { IMAGE_LIMITS } from "@/lib/protocol/image-limits";
import type { CanvasDocument } from "./canvas-document";

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
const stroke = z.object({
  mode: z.enum(["paint", "erase"]),
  size: z.number().positive(),
  points: z.array(z.number()),
  pressure: z.boolean(),
});
const base = {
  id: z.string(),
  name: z.string(),
  hidden: z.boolean(),
  locked: z.boolean(),
  opacity: z.number().min(0).max(1),
  strokes: z.array(stroke),
};
const layer = z.discriminatedUnion("kind", [
  z.object({ ...base, kind: z.literal("image"), src: z.string(), rect }),
  z.object({ ...base, kind: z.literal("inpaintMask") }),
  z.object({ ...base, kind: z.literal("controlGuide"), model: z.string(), weight: z.number() }),
  z.object({ ...base, kind: z.literal("regionalPrompt"), prompt: z.string(), negativePrompt: z.string() }),
]);
const picture = z.object({ id: z.string(), url: z.string(), width: z.number(), height: z.number() });
export const documentSchema = z.object({ picture: picture.nullable(), layers: z.array(layer), frame: rect });

export const settingsSchema = z.object({
  prompt: z.string(),
  negativePrompt: z.string(),
  model: z.string(),
  strength: z.number().min(IMAGE_LIMITS.strength.min).max(IMAGE_LIMITS.strength.max),
  numberResults: z.number().int().min(IMAGE_LIMITS.numberResults.min).max(IMAGE_LIMITS.numberResults.max),
  // Kept since inpainting and outpainting moved onto the canvas; a canvas kept before reads as off.
  /** Inpainting's context around the mask, rendered at full resolution; null sends none. */
  maskMargin: z
    .number()
    .int()
    .min(IMAGE_LIMITS.maskMargin.min)
    .max(IMAGE_LIMITS.maskMargin.max)
    .nullable()
    .default(null),
  /** Outpainting's seam blur. */
  outpaintBlur: z
    .number()
    .int()
    .min(IMAGE_LIMITS.outpaint.blur.min)
    .max(IMAGE_LIMITS.outpaint.blur.max)
    .default(IMAGE_LIMITS.outpaint.blur.default),
});
export type CanvasSettings = z.infer<typeof settingsSchema>;

export const toolSchema = z.enum(["move", "brush", "eraser", "restore"]);
export type Tool = z.infer<typeof toolSchema>;

export const stagingSchema = z.object({ taskUUID: z.string(), frame: rect, index: z.number().int().min(0) });
export type Staging = z.infer<typeof stagingSchema>;

export const persistedSchema = z.object({
  doc: documentSchema,
  selectedId: z.string().nullable(),
  settings: settingsSchema,
  tool: toolSchema,
  sizes: z.object({ brush: z.number(), eraser: z.number(), restore: z.number() }),
  staging: stagingSchema.nullable(),
});
export type PersistedCanvas = z.infer<typeof persistedSchema>;

/** The stored canvas if it reads as one, else null. */
export function readPersisted(value: unknown): PersistedCanvas | null {
  const parsed = persistedSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** Narrowing for the document alone (the type the schema and the model share). */
export function isDocument(value: unknown): value is CanvasDocument {
  return documentSchema.safeParse(value).success;
}
