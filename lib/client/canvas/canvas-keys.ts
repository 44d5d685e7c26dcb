/** The canvas's keyboard: one table that both the key handler and the `?` list read. */

/** One line of the `?` list (the shape lib/client/shortcuts/shortcut.ts lists, without importing it back). */
interface Shortcut {
  keys: readonly string[];
  action: string;
}

export type CanvasAction =
  | "move"
  | "brush"
  | "eraser"
  | "restore"
  | "fill"
  | "lasso"
  | "smaller"
  | "larger"
  | "undo"
  | "redo"
  | "fit"
  | "previous"
  | "next"
  | "accept"
  | "generate";

interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

const TABLE: readonly (Shortcut & { id: CanvasAction })[] = [
  { id: "generate", keys: ["Mod", "Enter"], action: "Canvas: generate in the frame" },
  { id: "move", keys: ["V"], action: "Canvas: move the view and the frame" },
  { id: "brush", keys: ["B"], action: "Canvas: brush" },
  { id: "eraser", keys: ["E"], action: "Canvas: eraser" },
  { id: "restore", keys: ["R"], action: "Canvas: erase back to the original" },
  { id: "fill", keys: ["G"], action: "Canvas: bucket, fills the area clicked on the layer" },
  { id: "lasso", keys: ["L"], action: "Canvas: lasso, fills the shape drawn on the layer" },
  { id: "smaller", keys: ["["], action: "Canvas: smaller brush" },
  { id: "larger", keys: ["]"], action: "Canvas: larger brush" },
  { id: "undo", keys: ["Mod", "Z"], action: "Canvas: undo" },
  { id: "redo", keys: ["Mod", "Shift", "Z"], action: "Canvas: redo" },
  { id: "fit", keys: ["F"], action: "Canvas: fit the picture and the frame in view" },
  { id: "previous", keys: ["←"], action: "Canvas: previous staged result" },
  { id: "next", keys: ["→"], action: "Canvas: next staged result" },
  { id: "accept", keys: ["Enter"], action: "Canvas: accept the staged result as a layer" },
];

/** Held while pressing, not pressed alone: listed, but no action of the key handler. */
const HELD: readonly Shortcut[] = [
  { keys: ["Alt", "Click"], action: "Canvas: the bucket or the lasso erases instead of filling" },
];

export const CANVAS_SHORTCUTS: readonly Shortcut[] = [
  ...TABLE.map(({ keys, action }) => ({ keys, action })),
  ...HELD,
];

const SINGLE: Record<string, CanvasAction> = {
  v: "move",
  b: "brush",
  e: "eraser",
  r: "restore",
  g: "fill",
  l: "lasso",
  "[": "smaller",
  "]": "larger",
  f: "fit",
  ArrowLeft: "previous",
  ArrowRight: "next",
  Enter: "accept",
};

/** The action a key press asks for, or null; single keys only when no modifier is held. */
export function canvasAction(press: KeyPress): CanvasAction | null {
  const mod = press.ctrlKey || press.metaKey;
  if (mod && press.key === "Enter") return "generate";
  if (mod && press.key.toLowerCase() === "z") return press.shiftKey ? "redo" : "undo";
  if (mod && press.key.toLowerCase() === "y") return "redo";
  if (mod || press.altKey) return null;
  return SINGLE[press.key.length === 1 ? press.key.toLowerCase() : press.key] ?? null;
}
