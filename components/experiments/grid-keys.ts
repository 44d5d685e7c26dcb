"use client";

import { type KeyboardEvent, useCallback } from "react";
import { type GridPlace, gridStep } from "@/lib/studio/experiments/cell-nav";

/**
 * Focuses the cell at `at` inside `root` (its box, `[data-row][data-col]`): the cell's first
 * control (its link to the viewer, or its Retry), or the box itself when it has none. False when
 * the cell is not in the DOM (a large grid draws only the cells in sight). Focus scrolls the cell
 * into sight, the page too when the grid runs below the screen.
 */
export function focusCell(root: HTMLElement | null, at: GridPlace): boolean {
  const box = root?.querySelector<HTMLElement>(`[data-row="${at.row}"][data-col="${at.col}"]`);
  if (!box) return false;
  (box.querySelector<HTMLElement>("a[href], button, input") ?? box).focus();
  return true;
}

/**
 * The grid's keys, for the grid's frame: from a focused cell (or a control in it) the arrows move
 * to the next cell, Home and End to the row's ends, Ctrl+Home and Ctrl+End to the grid's corners.
 * `reveal` brings the cell into sight and focuses it.
 */
export function useGridKeys(
  rows: number,
  cols: number,
  reveal: (at: GridPlace) => void,
): (event: KeyboardEvent<HTMLElement>) => void {
  return useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      if (event.defaultPrevented || event.altKey || event.shiftKey) return;
      if (!(event.target instanceof HTMLElement)) return;
      const box = event.target.closest<HTMLElement>("[data-row][data-col]");
      if (!box || !event.currentTarget.contains(box)) return;
      const at = { row: Number(box.dataset.row), col: Number(box.dataset.col) };
      const next = gridStep(at, event.key, event.ctrlKey || event.metaKey, { rows, cols });
      if (!next) return;
      event.preventDefault();
      reveal(next);
    },
    [rows, cols, reveal],
  );
}
