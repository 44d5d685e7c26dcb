import { CANVAS_SHORTCUTS } from "../canvas/canvas-keys";
import { SHORTCUTS } from "../create/shortcuts";
import { workflows } from "../create/workflows";
import type { Shortcut } from "./shortcut";
import { viewerShortcuts } from "./viewer-keys";

/** Shortcuts that work on every studio page. */
const EVERYWHERE: readonly Shortcut[] = [
  { keys: ["?"], action: "Show these shortcuts" },
  { keys: ["Esc"], action: "Close a dialog or drawer" },
];

/** The gallery's grid, once a card has focus. */
const GALLERY: readonly Shortcut[] = [
  { keys: ["←", "→", "↑", "↓"], action: "Gallery: move between cards" },
  { keys: ["Enter"], action: "Gallery: open the card" },
  { keys: ["Space"], action: "Gallery: select only this card" },
  { keys: ["x"], action: "Gallery: add the card to the selection, or take it out" },
  { keys: ["Shift", "Click"], action: "Gallery: select every card up to this one" },
  { keys: ["Esc"], action: "Gallery: clear the selection" },
];

/** The Create pages that are the canvas. */
const CANVAS_VIEWS = new Set(["canvas", "inpainting", "outpainting"]);

/** The slug of the Create workflow a path shows, if it shows one. */
function workflowAt(pathname: string): string | null {
  const match = /^\/create\/([^/]+)\/?$/.exec(pathname);
  const slug = match?.[1];
  return slug && workflows.some((w) => w.slug === slug) ? slug : null;
}

/** What besides the path decides a page's keys: the query it was opened with, and what the member may do. */
export interface PageContext {
  search?: { get(name: string): string | null };
  /** The member may rate (the reviewer role and up); unknown counts as yes. */
  canRate?: boolean;
}

/**
 * The shortcuts the page at `pathname` answers to: a Create form's own, the canvas's on the canvas
 * and its views (Inpainting, Outpainting), the viewer's as it was opened (from the gallery or from an experiment's cell).
 */
export function shortcutsFor(pathname: string, context: PageContext = {}): readonly Shortcut[] {
  if (/^\/gallery\/?$/.test(pathname)) return [...GALLERY, ...EVERYWHERE];
  if (/^\/gallery\/item\/[^/]+\/?$/.test(pathname)) {
    const cell = Boolean(context.search?.get("experiment"));
    return [...viewerShortcuts({ cell, canRate: context.canRate ?? true }), ...EVERYWHERE];
  }
  const slug = workflowAt(pathname);
  if (!slug) return EVERYWHERE;
  if (CANVAS_VIEWS.has(slug)) return [...CANVAS_SHORTCUTS, ...EVERYWHERE];
  const closeKey = EVERYWHERE.filter((s) => !SHORTCUTS.some((o) => o.action === s.action));
  return [...SHORTCUTS, ...closeKey];
}
