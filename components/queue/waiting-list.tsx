"use client";

import { useVirtualizer } from "@tanstack/react-virtual";
import { type ReactNode, useRef } from "react";

/** A waiting entry's height before it is measured: a line of prompt and one of settings. */
const ENTRY_ESTIMATE = 56;
const GAP = 6;

/**
 * The waiting list's frame: thousands may wait across the team, so only the entries in sight (and
 * a few beyond) are drawn, each measured as it is drawn. `entry` draws the one at an index.
 */
export function WaitingList({
  ids,
  entry,
}: {
  /** Every entry's id, in the order they will be sent. */
  ids: readonly string[];
  entry(index: number): ReactNode;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const rows = useVirtualizer({
    count: ids.length,
    getScrollElement: () => frame.current,
    estimateSize: () => ENTRY_ESTIMATE,
    getItemKey: (index) => ids[index] ?? index,
    gap: GAP,
    overscan: 4,
  });
  return (
    <div ref={frame} className="max-h-[38vh] overflow-y-auto" data-testid="waiting-frame">
      <ol className="relative" style={{ height: rows.getTotalSize() }} data-testid="waiting-list">
        {rows.getVirtualItems().map((row) => (
          <li
            key={row.key}
            ref={rows.measureElement}
            data-index={row.index}
            aria-posinset={row.index + 1}
            aria-setsize={ids.length}
            className="absolute inset-x-0 top-0"
            style={{ transform: `translateY(${row.start}px)` }}
          >
            {entry(row.index)}
          </li>
        ))}
      </ol>
    </div>
  );
}
