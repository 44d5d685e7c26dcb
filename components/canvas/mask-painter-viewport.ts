import { useCallback, useMemo, useRef, useState } from "react";
import type { Point } from "@/lib/client/canvas/stroke";
import {
  clampPan,
  fitToBox,
  panBy,
  type Size,
  type Viewport,
  ZOOM_STEP,
  zoomBy,
} from "@/lib/client/canvas/viewport";

export interface StageViewport {
  /** The stage's size in CSS pixels; null until it has been measured. */
  box: Size | null;
  view: Viewport;
  /** The current view, readable synchronously inside pointer handlers between renders. */
  viewRef: { readonly current: Viewport };
  resize(box: Size): void;
  zoomAround(anchor: Point, factor: number): void;
  zoomIn(): void;
  zoomOut(): void;
  fit(): void;
  pan(dx: number, dy: number): void;
}

/**
 * Zoom and pan of the stage. Until the user zooms or pans, the view follows the stage's size
 * ("fit"), so resizing the window or a side panel keeps the whole image in sight.
 */
export function useStageViewport(image: Size): StageViewport {
  const [box, setBox] = useState<Size | null>(null);
  const [view, setView] = useState<Viewport>({ scale: 1, x: 0, y: 0 });
  const viewRef = useRef(view);
  const boxRef = useRef<Size | null>(null);
  const fittedRef = useRef(true);
  const { width, height } = image;

  const apply = useCallback(
    (next: Viewport, fitted: boolean) => {
      fittedRef.current = fitted;
      const size = boxRef.current;
      const clamped = size && !fitted ? clampPan(next, { width, height }, size) : next;
      viewRef.current = clamped;
      setView(clamped);
    },
    [width, height],
  );

  const resize = useCallback(
    (next: Size) => {
      boxRef.current = next;
      setBox(next);
      if (fittedRef.current) apply(fitToBox({ width, height }, next), true);
      else apply(viewRef.current, false);
    },
    [apply, width, height],
  );

  const fit = useCallback(() => {
    if (boxRef.current) apply(fitToBox({ width, height }, boxRef.current), true);
  }, [apply, width, height]);

  const zoomAround = useCallback(
    (anchor: Point, factor: number) => apply(zoomBy(viewRef.current, anchor, factor), false),
    [apply],
  );

  const zoomCentre = useCallback(
    (factor: number) => {
      const size = boxRef.current;
      if (size) zoomAround({ x: size.width / 2, y: size.height / 2 }, factor);
    },
    [zoomAround],
  );

  const pan = useCallback((dx: number, dy: number) => apply(panBy(viewRef.current, dx, dy), false), [apply]);

  return useMemo(
    () => ({
      box,
      view,
      viewRef,
      resize,
      zoomAround,
      zoomIn: () => zoomCentre(ZOOM_STEP),
      zoomOut: () => zoomCentre(1 / ZOOM_STEP),
      fit,
      pan,
    }),
    [box, view, resize, zoomAround, zoomCentre, fit, pan],
  );
}
