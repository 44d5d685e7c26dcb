/** Everything a key can do in the mask painter (Space-to-pan is held, so it is handled apart). */
export type PainterAction =
  | "brush"
  | "eraser"
  | "hand"
  | "size-down"
  | "size-up"
  | "undo"
  | "redo"
  | "invert"
  | "clear"
  | "zoom-in"
  | "zoom-out"
  | "fit";

/** The parts of a `KeyboardEvent` a shortcut depends on. */
export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/** Shown in button titles, next to each action's name. */
export const SHORTCUT_HINTS: Record<PainterAction, string> = {
  brush: "B",
  eraser: "E",
  hand: "H, or hold Space",
  "size-down": "[",
  "size-up": "]",
  undo: "Ctrl+Z",
  redo: "Ctrl+Shift+Z",
  invert: "I",
  clear: "Delete",
  "zoom-in": "+",
  "zoom-out": "-",
  fit: "0",
};

const PLAIN_KEYS: Record<string, PainterAction> = {
  b: "brush",
  e: "eraser",
  h: "hand",
  "[": "size-down",
  "]": "size-up",
  i: "invert",
  Delete: "clear",
  Backspace: "clear",
  "+": "zoom-in",
  "=": "zoom-in",
  "-": "zoom-out",
  _: "zoom-out",
  "0": "fit",
};

/**
 * The action a key press asks for, or null to leave the key to the browser. Ctrl (or Cmd on a
 * Mac) only takes undo and redo, so Ctrl+0, Ctrl+= and the rest keep zooming the page; Alt
 * combinations are always left alone since many layouts type characters with them.
 */
export function resolveShortcut(press: KeyPress): PainterAction | null {
  if (press.altKey) return null;
  const key = press.key.length === 1 ? press.key.toLowerCase() : press.key;
  if (press.ctrlKey || press.metaKey) {
    if (key === "z") return press.shiftKey ? "redo" : "undo";
    if (key === "y" && !press.shiftKey) return "redo";
    return null;
  }
  return PLAIN_KEYS[key] ?? null;
}
