"use client";

import { type RefObject, useLayoutEffect, useState } from "react";
import type { Measure } from "@/lib/studio/experiments/wrap";

/** The grid's labels: 12 px, medium weight (axis-header.tsx). */
const LABEL_SIZE = "12px";
const LABEL_WEIGHT = "500";
/** Kept widths, per font: a grid's labels are measured again on each zoom. */
const KEPT = 4000;

let canvas: CanvasRenderingContext2D | null | undefined;

/** Widths of text in `font`, in pixels, read off a canvas; null where there is no canvas. */
function measureIn(font: string): Measure | null {
  if (canvas === undefined)
    canvas = typeof document === "undefined" ? null : document.createElement("canvas").getContext("2d");
  const context = canvas;
  if (!context) return null;
  const widths = new Map<string, number>();
  return (text) => {
    const known = widths.get(text);
    if (known !== undefined) return known;
    context.font = font;
    const width = context.measureText(text).width;
    if (widths.size >= KEPT) widths.clear();
    widths.set(text, width);
    return width;
  };
}

/**
 * How wide the grid's axis labels are, in the page's own font, once the grid is on screen (the
 * font is the frame's); null before, when labels are shown whole and the browser clamps them.
 */
export function useLabelMeasure(frame: RefObject<HTMLElement | null>): Measure | null {
  const [measure, setMeasure] = useState<Measure | null>(null);
  useLayoutEffect(() => {
    const el = frame.current;
    if (!el) return;
    const family = getComputedStyle(el).fontFamily;
    setMeasure(() => measureIn(`${LABEL_WEIGHT} ${LABEL_SIZE} ${family}`));
  }, [frame]);
  return measure;
}

/** The width of the frame's inside, followed as it resizes; 0 until measured. */
export function useInnerWidth(frame: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = frame.current;
    if (!el) return;
    const read = () => setWidth(el.clientWidth);
    read();
    const observer = new ResizeObserver(read);
    observer.observe(el);
    return () => observer.disconnect();
  }, [frame]);
  return width;
}
