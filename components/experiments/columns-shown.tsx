"use client";

import { MoveRight } from "lucide-react";
import { type RefObject, useLayoutEffect, useState } from "react";

/**
 * How many of the grid's columns are wholly in sight in its scrolling frame `ref` (the column
 * headers, `th[scope=col]`, measured on scroll and whenever the frame or the table resizes);
 * `count` until measured.
 */
export function useColumnsShown(ref: RefObject<HTMLElement | null>, count: number): number {
  const [shown, setShown] = useState(count);
  useLayoutEffect(() => {
    const frame = ref.current;
    if (!frame) return;
    const measure = () => {
      const box = frame.getBoundingClientRect();
      let inSight = 0;
      for (const head of frame.querySelectorAll("th[scope=col]")) {
        const r = head.getBoundingClientRect();
        if (r.left >= box.left - 1 && r.right <= box.right + 1) inSight += 1;
      }
      setShown(inSight);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(frame);
    if (frame.firstElementChild) observer.observe(frame.firstElementChild);
    frame.addEventListener("scroll", measure, { passive: true });
    return () => {
      observer.disconnect();
      frame.removeEventListener("scroll", measure);
    };
    // A new cell size or column count resizes the table, which the observer sees.
  }, [ref]);
  return shown;
}

/** "4 of 6 columns shown": said when the grid is wider than its frame, so none goes unseen. */
export function ColumnsShownNote({ shown, count }: { shown: number; count: number }) {
  if (shown >= count) return null;
  return (
    <p
      role="status"
      data-testid="columns-shown"
      className="flex items-center gap-1.5 text-[12.5px] text-muted"
    >
      {shown} of {count} columns shown — scroll sideways for the rest
      <MoveRight aria-hidden className="size-3.5" />
    </p>
  );
}
