/**
 * The studio canvas as data: the picture at the bottom, layers over it (bottom first), and the
 * generation frame. Painted layers hold vector strokes rather than pixels, so a document is small
 * enough to keep whole in the undo history and in localStorage, and is drawn the same on the
 * stage and in what is sent. Every function here returns a new document and never mutates.
 */
import type { Rect } from "./canvas-frame";
import type { ShapeOp } from "./paint-ops";

export type LayerKind = "image" | "inpaintMask" | "controlGuide" | "regionalPrompt";

/** A pen stroke: x, y and pressure (0..1) per sample; `size` is the diameter at full pressure. */
export interface Stroke {
  mode: "paint" | "erase";
  size: number;
  points: number[];
  /** The samples carry a real pen's pressure; without it the width follows the pen's speed. */
  pressure: boolean;
}

/** One entry of a painted layer, drawn in order over the ones before it. */
export type LayerOp = Stroke | ShapeOp;

interface LayerBase {
  id: string;
  name: string;
  hidden: boolean;
  locked: boolean;
  /** 0..1 */
  opacity: number;
  /** Brush strokes, lasso polygons and filled regions, drawn in order. */
  strokes: LayerOp[];
}

/** A picture placed on the canvas (an accepted result); its strokes only erase. */
export interface ImageLayer extends LayerBase {
  kind: "image";
  src: string;
  rect: Rect;
}

export interface MaskLayer extends LayerBase {
  kind: "inpaintMask";
}

export interface GuideLayer extends LayerBase {
  kind: "controlGuide";
  /** A ControlNet model's AIR id; empty until chosen. */
  model: string;
  weight: number;
}

export interface RegionLayer extends LayerBase {
  kind: "regionalPrompt";
  prompt: string;
  negativePrompt: string;
}

export type Layer = ImageLayer | MaskLayer | GuideLayer | RegionLayer;

export interface Picture {
  /** The studio's upload id, sent as the seed where the frame covers the picture as it is. */
  id: string;
  url: string;
  width: number;
  height: number;
}

export interface CanvasDocument {
  picture: Picture | null;
  layers: Layer[];
  frame: Rect;
}

export const KIND_NAMES: Record<LayerKind, string> = {
  image: "Image",
  inpaintMask: "Inpaint mask",
  controlGuide: "ControlNet guide",
  regionalPrompt: "Regional prompt",
};

/** ControlNet's own default weight (spec/real-service-notes.md: `weight` 0-1, default 1). */
export const DEFAULT_GUIDE_WEIGHT = 1;

export function emptyDocument(frame: Rect = { x: 0, y: 0, width: 1024, height: 1024 }): CanvasDocument {
  return { picture: null, layers: [], frame };
}

/** The next free "<Kind> <n>" name, so two masks are told apart in the panel and the plan. */
export function nextLayerName(layers: readonly Layer[], kind: LayerKind): string {
  const base = KIND_NAMES[kind];
  let n = 1;
  while (layers.some((l) => l.name === `${base} ${n}`)) n++;
  return `${base} ${n}`;
}

export function newLayer(layers: readonly Layer[], kind: Exclude<LayerKind, "image">, id: string): Layer {
  const base = {
    id,
    name: nextLayerName(layers, kind),
    hidden: false,
    locked: false,
    opacity: 1,
    strokes: [],
  };
  if (kind === "inpaintMask") return { ...base, kind, opacity: 0.6 };
  if (kind === "controlGuide") return { ...base, kind, model: "", weight: DEFAULT_GUIDE_WEIGHT };
  return { ...base, kind, prompt: "", negativePrompt: "", opacity: 0.5 };
}

/** Adds a layer on top (the layer a person just asked for is the one they look at). */
export function addLayer(doc: CanvasDocument, layer: Layer): CanvasDocument {
  return { ...doc, layers: [...doc.layers, layer] };
}

export function removeLayer(doc: CanvasDocument, id: string): CanvasDocument {
  return { ...doc, layers: doc.layers.filter((l) => l.id !== id) };
}

/** Moves a layer one place up (towards the top, +1) or down; at an end it stays. */
export function moveLayer(doc: CanvasDocument, id: string, by: 1 | -1): CanvasDocument {
  const from = doc.layers.findIndex((l) => l.id === id);
  const to = from + by;
  if (from < 0 || to < 0 || to >= doc.layers.length) return doc;
  const layers = [...doc.layers];
  const [moved] = layers.splice(from, 1);
  if (!moved) return doc;
  layers.splice(to, 0, moved);
  return { ...doc, layers };
}

export type LayerPatch = Partial<
  Pick<LayerBase, "name" | "hidden" | "locked" | "opacity"> &
    Pick<GuideLayer, "model" | "weight"> &
    Pick<RegionLayer, "prompt" | "negativePrompt">
>;

/** Sets what a layer's kind has; keys another kind has are ignored, opacity is held to 0..1. */
export function patchLayer(doc: CanvasDocument, id: string, patch: LayerPatch): CanvasDocument {
  return {
    ...doc,
    layers: doc.layers.map((layer) => {
      if (layer.id !== id) return layer;
      const next: Record<string, unknown> = { ...layer };
      for (const [key, value] of Object.entries(patch)) {
        if (value === undefined || !(key in layer)) continue;
        next[key] = key === "opacity" || key === "weight" ? clamp01(Number(value)) : value;
      }
      return next as unknown as Layer;
    }),
  };
}

function clamp01(n: number): number {
  return Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : 1;
}

/** Whether a stroke may go onto this layer: shown, unlocked, and an image takes only erasing. */
export function canPaint(layer: Layer | undefined, mode: LayerOp["mode"]): boolean {
  if (!layer || layer.hidden || layer.locked) return false;
  return layer.kind !== "image" || mode === "erase";
}

export function addStroke(doc: CanvasDocument, id: string, stroke: LayerOp): CanvasDocument {
  const layer = doc.layers.find((l) => l.id === id);
  if (!canPaint(layer, stroke.mode)) return doc;
  return {
    ...doc,
    layers: doc.layers.map((l) => (l.id === id ? { ...l, strokes: [...l.strokes, stroke] } : l)),
  };
}

/**
 * Erasing back to the original: the stroke erases every shown, unlocked layer, so what is left
 * under it is the picture itself.
 */
export function restoreStroke(doc: CanvasDocument, stroke: Stroke): CanvasDocument {
  const erase: Stroke = { ...stroke, mode: "erase" };
  if (!doc.layers.some((l) => canPaint(l, "erase"))) return doc;
  return {
    ...doc,
    layers: doc.layers.map((l) => (canPaint(l, "erase") ? { ...l, strokes: [...l.strokes, erase] } : l)),
  };
}

/** Takes everything painted off a mask, guide or region layer (a picture is erased, not cleared). */
export function clearLayer(doc: CanvasDocument, id: string): CanvasDocument {
  const layer = doc.layers.find((l) => l.id === id);
  if (!layer || layer.kind === "image" || !canPaint(layer, "erase") || layer.strokes.length === 0) return doc;
  return { ...doc, layers: doc.layers.map((l) => (l.id === id ? { ...l, strokes: [] } : l)) };
}

/** A staged result taken onto the canvas: a new image layer where the frame was, on top. */
export function acceptResult(doc: CanvasDocument, id: string, src: string, rect: Rect): CanvasDocument {
  const layer: ImageLayer = {
    id,
    kind: "image",
    name: nextLayerName(doc.layers, "image"),
    hidden: false,
    locked: false,
    opacity: 1,
    strokes: [],
    src,
    rect,
  };
  return addLayer(doc, layer);
}
