"use client";

import { type RefObject, useLayoutEffect, useState } from "react";
import type { Measure } from "@/lib/studio/experiments/wrap";

/** The grid's labels: 12 px, medium weight (axis-header.tsx). */
const LABEL_SIZE = "12px";
const LABEL_WEIGHT = "500";
/** Kept widths, per type: a grid's labels are measured again on each zoom. */
const KEPT = 4000;

/**
 * What shapes a label's widths besides its size and weight, read off the frame. The page's font
 * features (Inter's single-storey a and open digits, globals.css) among them: a canvas can apply
 * none, and its widths came out up to 2 px short or long of the label as drawn.
 */
const TYPE = [
  "font-family",
  "font-feature-settings",
  "font-variation-settings",
  "font-kerning",
  "font-optical-sizing",
  "font-stretch",
  "font-style",
  "font-variant",
  "letter-spacing",
  "word-spacing",
  "text-rendering",
  "text-transform",
] as const;

/** Where labels are measured: one line of text per page, hidden, its box laid out apart from the page. */
let probe: { line: HTMLSpanElement; style: string } | null = null;

function probeLine(style: string): HTMLSpanElement {
  if (!probe?.line.isConnected) {
    const box = document.createElement("div");
    box.setAttribute("aria-hidden", "true");
    // Contained: a new text in it lays out this box alone, not the page around it.
    box.style.cssText =
      "position:fixed;left:0;top:0;width:0;height:0;overflow:hidden;visibility:hidden;contain:strict;pointer-events:none";
    const line = document.createElement("span");
    box.append(line);
    document.body.append(box);
    probe = { line, style: "" };
  }
  if (probe.style !== style) {
    probe.line.style.cssText = style;
    probe.style = style;
  }
  return probe.line;
}

const kept = new Map<string, Map<string, number>>();

/** Widths of text in `style`, in pixels, as the browser lays it out on one line. */
function measureIn(style: string): Measure {
  const widths = kept.get(style) ?? new Map<string, number>();
  kept.set(style, widths);
  return (text) => {
    const known = widths.get(text);
    if (known !== undefined) return known;
    const line = probeLine(style);
    line.textContent = text;
    const width = line.getBoundingClientRect().width;
    if (widths.size >= KEPT) widths.clear();
    widths.set(text, width);
    return width;
  };
}

/** The style a label is measured in: the frame's type at the labels' size and weight, on one line. */
function labelStyleOf(frame: Element): string {
  const computed = getComputedStyle(frame);
  const type = TYPE.map((name) => `${name}:${computed.getPropertyValue(name)}`).filter(
    (d) => !d.endsWith(":"),
  );
  return [
    "position:absolute",
    "white-space:pre",
    ...type,
    `font-size:${LABEL_SIZE}`,
    `font-weight:${LABEL_WEIGHT}`,
  ].join(";");
}

/**
 * How wide the grid's axis labels are, as the page draws them (the frame's font and features), once
 * the grid is on screen; null before, when labels are shown whole and the browser clamps them.
 */
export function useLabelMeasure(frame: RefObject<HTMLElement | null>): Measure | null {
  const [measure, setMeasure] = useState<Measure | null>(null);
  useLayoutEffect(() => {
    const el = frame.current;
    if (!el) return;
    setMeasure(() => measureIn(labelStyleOf(el)));
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
