"use client";

import { type RefObject, useCallback, useEffect, useRef, useState } from "react";

/**
 * The grid's roving focus: one cell is in the tab order and arrows move it. A cell the keyboard
 * was on can be re-mounted under it (its row laid out again as the grid is measured, a live result
 * arriving, a row scrolled out and back); the browser then drops the focus to the page, and the
 * next key press would go nowhere. The grid takes it back onto the same index.
 */
export function useGridFocus(
  listRef: RefObject<HTMLElement | null>,
  count: number,
  reveal: (index: number) => void,
) {
  const [focusIndex, setFocusIndex] = useState(0);
  const pending = useRef(false);
  const holder = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const onIn = (event: FocusEvent) => {
      holder.current =
        event.target instanceof HTMLElement && event.target.dataset.index ? event.target : null;
    };
    // Focus that leaves for somewhere still on the page was moved by the person: let it go.
    const onOut = (event: FocusEvent) => {
      const left = event.target;
      queueMicrotask(() => {
        if (left instanceof Node && left.isConnected) holder.current = null;
      });
    };
    list.addEventListener("focusin", onIn);
    list.addEventListener("focusout", onOut);
    return () => {
      list.removeEventListener("focusin", onIn);
      list.removeEventListener("focusout", onOut);
    };
  }, [listRef]);

  useEffect(() => {
    const lost = holder.current !== null && !holder.current.isConnected && isPageFocused();
    if (!pending.current && !lost) return;
    const cell = listRef.current?.querySelector<HTMLElement>(`[data-index="${focusIndex}"]`);
    if (!cell) return;
    pending.current = false;
    holder.current = cell;
    cell.focus({ preventScroll: lost });
  });

  useEffect(() => {
    if (focusIndex >= count && count > 0) setFocusIndex(count - 1);
  }, [focusIndex, count]);

  const focusAt = useCallback(
    (index: number) => {
      reveal(index);
      pending.current = true;
      setFocusIndex(index);
    },
    [reveal],
  );

  return { focusIndex, setFocusIndex, focusAt };
}

/** Nothing holds the focus: it fell back to the page when its element went away. */
function isPageFocused(): boolean {
  return document.activeElement === null || document.activeElement === document.body;
}
