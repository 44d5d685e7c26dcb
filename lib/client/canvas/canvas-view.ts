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

/** The view moved with a stage that changed size: what was in its middle stays in its middle. */
export function keepCentre(view: Viewport, before: Size, after: Size): Viewport {
  return {
    scale: view.scale,
    x: view.x + (after.width - before.width) / 2,
    y: view.y + (after.height - before.height) / 2,
  };
}

export interface ViewState {
  view: Viewport;
  /** The stage's size on screen, once measured. */
  box: Size | null;
  /** The view is a fit, not moved since: a stage that changes size is fitted again. */
  fitted: boolean;
  setView(view: Viewport): void;
  setBox(box: Size): void;
}

type ViewSet = (fn: (s: ViewState) => Partial<ViewState>) => void;

/** The view's transitions, apart from zustand so tests drive them. */
export function createViewState(set: ViewSet): ViewState {
  return {
    view: { scale: 1, x: 0, y: 0 },
    box: null,
    fitted: false,
    setView: (view) => set(() => ({ view, fitted: false })),
    // A view the person moved keeps its middle; a fitted one is fitted again by the stage.
    setBox: (box) =>
      set((s) => ({ box, view: s.box && !s.fitted ? keepCentre(s.view, s.box, box) : s.view })),
  };
}

/** Where the canvas is looked at from: screen state, not part of the document or its undo. */
export const useCanvasView = create<ViewState>()((set) => createViewState(set));

export function fitCanvasView(doc: CanvasDocument): void {
  const { box } = useCanvasView.getState();
  if (box) useCanvasView.setState({ view: fitView(fitRect(doc), box), fitted: true });
}
