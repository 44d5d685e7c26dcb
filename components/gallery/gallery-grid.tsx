"use client";

import { useWindowVirtualizer } from "@tanstack/react-virtual";
import { useRouter } from "next/navigation";
import {
  type KeyboardEvent,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useGallerySelection } from "@/lib/client/gallery/selection";
import { viewerUrl } from "@/lib/studio/api/gallery-urls";
import {
  type GalleryLayoutMode,
  type GalleryThumbSize,
  gridLayout,
  justifiedRows,
  moveFocus,
  THUMB_SIZE_METRICS,
} from "@/lib/studio/gallery/layout";
import type { GalleryItem } from "@/lib/studio/items/gallery-item";
import { CARD_CAPTION_HEIGHT, GalleryCard } from "./gallery-card";
import { useGridFocus } from "./use-grid-focus";

const GRID_GAP = 16;
const ROWS_GAP = 8;
/** Rows rendered beyond the screen on each side: enough to scroll without blanks, few enough to stay light. */
const OVERSCAN = 3;
/** Start loading the next page this many rows before the end. */
const LOAD_AHEAD_ROWS = 4;

const ARROWS = new Set(["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"]);

function aspectOf(item: GalleryItem): number {
  return item.width && item.height ? item.width / item.height : 1;
}

/**
 * The gallery's results as a keyboard grid, virtualized against the page's own scroll: only the
 * rows on screen (and a few either side) are in the DOM, whether 50 or 10,000 items are loaded.
 * The next page loads as the end comes near.
 */
export function GalleryGrid({
  items,
  layout,
  thumbSize,
  search,
  hasMore,
  loadingMore,
  loadMore,
  onTopIndex,
}: {
  items: GalleryItem[];
  layout: GalleryLayoutMode;
  thumbSize: GalleryThumbSize;
  search: string;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore(): void;
  /** Told the index of the first item on screen as it changes (the date scrubber marks its month). */
  onTopIndex?(index: number): void;
}) {
  const router = useRouter();
  const listRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [offset, setOffset] = useState(0);

  useLayoutEffect(() => {
    const el = listRef.current;
    if (!el) return;
    const measure = () => {
      setWidth(el.clientWidth);
      setOffset(el.getBoundingClientRect().top + window.scrollY);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const gap = layout === "grid" ? GRID_GAP : ROWS_GAP;
  const { minCard, rowHeight } = THUMB_SIZE_METRICS[thumbSize];
  const rows = useMemo(() => {
    if (width === 0) return [];
    return layout === "grid"
      ? gridLayout(items.length, { width, gap, minCard, caption: CARD_CAPTION_HEIGHT[thumbSize] }).rows
      : justifiedRows(items.map(aspectOf), { width, gap, targetHeight: rowHeight });
  }, [items, layout, width, gap, minCard, rowHeight, thumbSize]);

  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: (i) => (rows[i]?.height ?? rowHeight) + gap,
    overscan: OVERSCAN,
    scrollMargin: offset,
  });
  // Row heights are known, not measured: when the layout changes, every size is new.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `rows` is what changed; measure() reads it through estimateSize.
  useEffect(() => {
    virtualizer.measure();
  }, [virtualizer, rows]);
  const virtualRows = virtualizer.getVirtualItems();

  // The first row below the app's sticky header (3.5rem) is the one a person reads as "here".
  const scrolled = (virtualizer.scrollOffset ?? 0) + 56;
  const topRow = virtualRows.find((r) => r.end > scrolled)?.index;
  const topIndex = topRow === undefined ? undefined : rows[topRow]?.start;
  useEffect(() => {
    if (topIndex !== undefined) onTopIndex?.(topIndex);
  }, [topIndex, onTopIndex]);

  const lastShown = virtualRows.at(-1)?.index ?? -1;
  useEffect(() => {
    if (hasMore && !loadingMore && rows.length > 0 && lastShown >= rows.length - LOAD_AHEAD_ROWS) loadMore();
  }, [hasMore, loadingMore, lastShown, rows.length, loadMore]);

  // Keyboard focus: one card is in the tab order; arrows move it, scrolling its row into view.
  const reveal = useCallback(
    (index: number) => {
      const row = rows.findIndex((r) => index >= r.start && index < r.end);
      if (row >= 0) virtualizer.scrollToIndex(row, { align: "auto" });
    },
    [rows, virtualizer],
  );
  const { focusIndex, setFocusIndex, focusAt } = useGridFocus(listRef, items.length, reveal);

  const selected = useGallerySelection((s) => s.ids);

  const selectedSet = useMemo(() => new Set(selected), [selected]);

  const onSelect = useCallback(
    (index: number, how: "toggle" | "range" | "only") => {
      const item = items[index];
      if (!item) return;
      const { anchorId, ids, toggle, addRange, set, clear } = useGallerySelection.getState();
      if (how === "only") {
        if (ids.length === 1 && ids[0] === item.id) clear();
        else set([item.id]);
        return;
      }
      const anchor = anchorId ? items.findIndex((i) => i.id === anchorId) : -1;
      if (how === "range" && anchor >= 0) {
        const [from, to] = anchor < index ? [anchor, index] : [index, anchor];
        const range = items.slice(from, to + 1).map((i) => i.id);
        // The clicked item ends the range, so the next shift-click extends from it.
        addRange(anchor < index ? range : range.reverse());
        return;
      }
      toggle(item.id);
    },
    [items],
  );

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>, index: number) => {
      if (event.target !== event.currentTarget) return;
      const item = items[index];
      if (!item) return;
      if (ARROWS.has(event.key)) {
        event.preventDefault();
        focusAt(moveFocus(rows, index, event.key as "ArrowLeft", items.length));
      } else if (event.key === "Home" || event.key === "End") {
        event.preventDefault();
        focusAt(event.key === "Home" ? 0 : items.length - 1);
      } else if (event.key === "Enter") {
        event.preventDefault();
        router.push(viewerUrl(item.id, search));
      } else if (event.key === " ") {
        event.preventDefault();
        onSelect(index, "only");
      } else if (event.key === "x" && !event.metaKey && !event.ctrlKey && !event.altKey) {
        event.preventDefault();
        onSelect(index, "toggle");
      } else if (event.key === "Escape" && useGallerySelection.getState().ids.length > 0) {
        event.preventDefault();
        useGallerySelection.getState().clear();
      }
    },
    [items, rows, focusAt, router, search, onSelect],
  );

  return (
    // biome-ignore lint/a11y/useSemanticElements: a virtualized keyboard grid of cards, not a data table.
    <div
      ref={listRef}
      role="grid"
      aria-label="Results"
      aria-multiselectable
      aria-rowcount={hasMore ? -1 : rows.length}
      aria-busy={loadingMore}
      data-layout={layout}
      data-thumb-size={thumbSize}
      className="relative w-full"
      style={{ height: virtualizer.getTotalSize() }}
    >
      {virtualRows.map((virtualRow) => {
        const row = rows[virtualRow.index];
        if (!row) return null;
        return (
          // biome-ignore lint/a11y/useSemanticElements: a row of the gallery's keyboard grid.
          // biome-ignore lint/a11y/useFocusableInteractive: its cells take focus, not the row.
          <div
            key={virtualRow.key}
            role="row"
            aria-rowindex={virtualRow.index + 1}
            className="absolute top-0 left-0 flex w-full"
            style={{
              transform: `translateY(${virtualRow.start - virtualizer.options.scrollMargin}px)`,
              height: row.height,
              gap,
            }}
          >
            {items.slice(row.start, row.end).map((item, i) => {
              const index = row.start + i;
              return (
                <GalleryCard
                  key={item.id}
                  item={item}
                  index={index}
                  layout={layout}
                  thumbSize={thumbSize}
                  width={row.widths[i] ?? 0}
                  height={row.height}
                  search={search}
                  selected={selectedSet.has(item.id)}
                  focused={index === focusIndex}
                  onFocusIndex={setFocusIndex}
                  onSelect={onSelect}
                  onKeyDown={onKeyDown}
                />
              );
            })}
          </div>
        );
      })}
    </div>
  );
}
