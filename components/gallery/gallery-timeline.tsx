"use client";

import { ArrowUp } from "lucide-react";
import { type ComponentProps, useCallback, useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { useGalleryMonths } from "@/lib/client/gallery/use-view";
import { type GalleryMonth, monthName, monthOf } from "@/lib/studio/gallery/months";
import { DateRail } from "./date-rail";
import { GalleryGrid } from "./gallery-grid";

/**
 * The grid with its date scrubber beside it, for the orders by date. A jump restarts the list at
 * the month (`at`), reading none of the pages between; above a jumped list a bar says where it
 * starts and leads back to the newest, where live results arrive.
 */
export function GalleryTimeline({
  search,
  order,
  at,
  onJump,
  ready,
  ...grid
}: ComponentProps<typeof GalleryGrid> & {
  order: "newest" | "oldest";
  at: string | undefined;
  onJump(month: string | null): void;
  /** The first page is in: the months' counts may be read now. */
  ready: boolean;
}) {
  const months = useGalleryMonths(search, ready).data;
  const inOrder = useMemo<GalleryMonth[]>(
    () => (order === "oldest" ? [...(months ?? [])].reverse() : (months ?? [])),
    [months, order],
  );
  const [topIndex, setTopIndex] = useState(0);
  const top = grid.items[Math.min(topIndex, grid.items.length - 1)];
  const current = top ? monthOf(top.createdAt) : undefined;
  // The list's first month is its start: jumping there is going back to the start, live again.
  const jump = useCallback(
    (month: string) => onJump(month === inOrder[0]?.month ? null : month),
    [onJump, inOrder],
  );

  return (
    <div className="flex flex-col gap-3">
      {at ? (
        <div
          role="status"
          className="flex flex-wrap items-center justify-between gap-3 rounded-card border border-border bg-panel px-4 py-2.5"
        >
          <p className="text-[13px] text-muted">
            From <span className="font-medium text-foreground">{monthName(at)}</span>
            {order === "oldest" ? " on, newer as you scroll down." : " back, older as you scroll down."}
          </p>
          <Button size="sm" onClick={() => onJump(null)}>
            <ArrowUp aria-hidden />
            {order === "oldest" ? "Back to oldest" : "Back to newest"}
          </Button>
        </div>
      ) : null}
      <div className="flex gap-3">
        <div className="min-w-0 flex-1">
          <GalleryGrid search={search} onTopIndex={setTopIndex} {...grid} />
        </div>
        {inOrder.length > 0 ? <DateRail months={inOrder} current={current} onJump={jump} /> : null}
      </div>
    </div>
  );
}
