/**
 * The item viewer's keys: one table that the viewer's key handlers read and the shortcuts list
 * shows, so the list names every key the viewer answers and none it does not.
 */
import type { Shortcut } from "./shortcut";

export type ViewerCommand =
  | { kind: "close" }
  | { kind: "previous" }
  | { kind: "next" }
  | { kind: "rate"; stars: number }
  | { kind: "zoomIn" }
  | { kind: "zoomOut" }
  | { kind: "zoomFit" }
  | { kind: "frame"; step: -1 | 1 }
  | { kind: "version"; step: -1 | 1 }
  | { kind: "seed"; step: -1 | 1 };

interface ViewerKey {
  /** `KeyboardEvent.key` values that give the command. */
  keys: readonly string[];
  /** The keys as the list shows them. */
  shown: readonly string[];
  action: string;
  command(key: string): ViewerCommand;
}

export const VIEWER_KEYS: readonly ViewerKey[] = [
  {
    keys: ["ArrowLeft"],
    shown: ["←"],
    action: "Viewer: previous item",
    command: () => ({ kind: "previous" }),
  },
  { keys: ["ArrowRight"], shown: ["→"], action: "Viewer: next item", command: () => ({ kind: "next" }) },
  {
    keys: ["1", "2", "3", "4", "5"],
    shown: ["1", "2", "3", "4", "5"],
    action: "Viewer: rate 1 to 5 stars",
    command: (key) => ({ kind: "rate", stars: Number(key) }),
  },
  // "=" is "+" without Shift on most keyboards.
  { keys: ["+", "="], shown: ["+"], action: "Viewer: zoom in", command: () => ({ kind: "zoomIn" }) },
  { keys: ["-"], shown: ["-"], action: "Viewer: zoom out", command: () => ({ kind: "zoomOut" }) },
  {
    keys: ["0"],
    shown: ["0"],
    action: "Viewer: fit the image to the screen",
    command: () => ({ kind: "zoomFit" }),
  },
  {
    keys: [","],
    shown: [","],
    action: "Viewer: previous frame of a video",
    command: () => ({ kind: "frame", step: -1 }),
  },
  {
    keys: ["."],
    shown: ["."],
    action: "Viewer: next frame of a video",
    command: () => ({ kind: "frame", step: 1 }),
  },
  {
    keys: ["["],
    shown: ["["],
    action: "Viewer: the version before (v2 to v1)",
    command: () => ({ kind: "version", step: -1 }),
  },
  {
    keys: ["]"],
    shown: ["]"],
    action: "Viewer: the version after (v1 to v2)",
    command: () => ({ kind: "version", step: 1 }),
  },
  {
    keys: ["{"],
    shown: ["{"],
    action: "Viewer: the seed before in its stack",
    command: () => ({ kind: "seed", step: -1 }),
  },
  {
    keys: ["}"],
    shown: ["}"],
    action: "Viewer: the seed after in its stack",
    command: () => ({ kind: "seed", step: 1 }),
  },
  {
    keys: ["Escape"],
    shown: ["Esc"],
    action: "Viewer: back to the gallery, or stop placing a pin",
    command: () => ({ kind: "close" }),
  },
];

/** The viewer's keys as the shortcuts list shows them. */
export const VIEWER_SHORTCUTS: readonly Shortcut[] = VIEWER_KEYS.map((k) => ({
  keys: k.shown,
  action: k.action,
}));

/**
 * The keys of the viewer opened from an experiment's cell (components/experiments/cell-navigator.tsx):
 * the arrows walk the grid, not the gallery's list, and Shift with ←/→ steps through the cell's
 * own images.
 */
export const CELL_SHORTCUTS: readonly Shortcut[] = [
  { keys: ["←"], action: "Experiment: the cell to the left (previous column)" },
  { keys: ["→"], action: "Experiment: the cell to the right (next column)" },
  { keys: ["↑"], action: "Experiment: the cell above (previous row)" },
  { keys: ["↓"], action: "Experiment: the cell below (next row)" },
  { keys: ["Shift", "←"], action: "Experiment: previous image of this cell" },
  { keys: ["Shift", "→"], action: "Experiment: next image of this cell" },
];

/** Which image of a cell a key press steps to (-1 the one before, 1 the one after), or null. */
export function cellImageStep(event: {
  key: string;
  shiftKey?: boolean;
  defaultPrevented?: boolean;
  metaKey?: boolean;
  ctrlKey?: boolean;
  altKey?: boolean;
  target?: EventTarget | null;
}): -1 | 1 | null {
  if (!event.shiftKey || event.defaultPrevented || event.metaKey || event.ctrlKey || event.altKey)
    return null;
  if (isForControl(event.target ?? null)) return null;
  return event.key === "ArrowLeft" ? -1 : event.key === "ArrowRight" ? 1 : null;
}

/**
 * The viewer's keys as the list shows them where it is open: from a cell, the grid's keys in place
 * of the list's previous and next, and Esc back to the experiment; the rating keys only for a
 * member who may rate (for anyone else they do nothing).
 */
export function viewerShortcuts(where: { cell: boolean; canRate: boolean }): Shortcut[] {
  const out: Shortcut[] = [];
  for (const k of VIEWER_KEYS) {
    const kind = k.command(k.keys[0] ?? "").kind;
    if (kind === "rate" && !where.canRate) continue;
    if (where.cell && (kind === "previous" || kind === "next")) {
      if (kind === "previous") out.push(...CELL_SHORTCUTS);
      continue;
    }
    if (where.cell && kind === "close") {
      out.push({ keys: k.shown, action: "Viewer: back to the experiment, or stop placing a pin" });
      continue;
    }
    out.push({ keys: k.shown, action: k.action });
  }
  return out;
}

/** Keys typed into a field, or used by a control that moves with arrows, are not the viewer's. */
export function isForControl(target: EventTarget | null): boolean {
  return (
    typeof HTMLElement !== "undefined" &&
    target instanceof HTMLElement &&
    target.closest(
      "input, textarea, select, [contenteditable], [role=group], [role=radiogroup], [role=tablist], [role=slider]",
    ) !== null
  );
}

/** What a key press asks of the viewer, or null when it is not the viewer's. */
export function viewerCommand(event: {
  key: string;
  defaultPrevented?: boolean;
  metaKey?: boolean;
  ctrlKey?: boolean;
  altKey?: boolean;
  target?: EventTarget | null;
}): ViewerCommand | null {
  if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.altKey) return null;
  if (isForControl(event.target ?? null)) return null;
  const entry = VIEWER_KEYS.find((k) => k.keys.includes(event.key));
  return entry ? entry.command(event.key) : null;
}
