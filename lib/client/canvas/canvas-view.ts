"use client";

import { create } from "zustand";
import type { CanvasDocument } from "./canvas-document";
import type { Rect } from "./canvas-frame";
import { fitToBox, type Size, type Viewport } from "./viewport";

/** What a fit shows: the picture and the frame together (either may lie outside the other). */
export function fitRect(doc: CanvasDocument): Rect {
  const f = doc.frame;
  if (!doc.picture) return f;
  const x = Math.min(0, f.x);
  const y = Math.min(0, f.y);
  return {
    x,
    y,
    width: Math.max(doc.picture.width, f.x + f.width) - x,
    height: Math.max(doc.picture.height, f.y + f.height) - y,
  };
}

export function fitView(rect: Rect, box: Size): Viewport {
  const view = fitToBox(rect, box, 40);
  return { scale: view.scale, x: view.x - rect.x * view.scale, y: view.y - rect.y * view.scale };
}

interface ViewState {
  view: Viewport;
  /** The stage's size on screen, once measured. */
  box: Size | null;
  setView(view: Viewport): void;
  setBox(box: Size): void;
}

/** Where the canvas is looked at from: screen state, not part of the document or its undo. */
export const useCanvasView = create<ViewState>()((set) => ({
  view: { scale: 1, x: 0, y: 0 },
  box: null,
  setView: (view) => set({ view }),
  setBox: (box) => set({ box }),
}));

export function fitCanvasView(doc: CanvasDocument): void {
  const { box, setView } = useCanvasView.getState();
  if (box) setView(fitView(fitRect(doc), box));
}
