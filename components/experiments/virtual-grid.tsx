"use client";

import { useVirtualizer, type VirtualItem, type Virtualizer } from "@tanstack/react-virtual";
import { type CSSProperties, memo, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { cn } from "@/components/ui/cn";
import { useInnerWidth, useLabelMeasure } from "@/lib/client/experiments/label-measure";
import type { GridPlace } from "@/lib/studio/experiments/cell-nav";
import { labelRoom, ROW_HEAD, rowHeadWidth, rowLabelLines } from "@/lib/studio/experiments/label-room";
import { AxisHeader, type Pinned } from "./axis-header";
import { ColumnsShownNote } from "./columns-shown";
import { CELL_SIZE_VAR, GridCell } from "./grid-cell";
import { focusCell, useGridKeys } from "./grid-keys";
import { COMPACT_BELOW, type GridLayoutProps, type GridRowProps } from "./grid-props";

/** Space between cells, as the small grid's table spaces them. */
const GAP = 8;
/** Height of the column labels' band. */
const HEAD = 36;
/** Width of the row labels' band with one axis: its name's corner only. */
const ONE_AXIS_HEAD = 112;
/** The row label's band is padded 12 left and 8 right around its header. */
const ROW_HEAD_PADDING = 20;
/**
 * Rows and columns drawn beyond the frame on each side once a person moves the grid: a scroll
 * shows no blank before they come. Until then (and again after each zoom) only the cells in sight
 * are drawn, so a zoom press paints no more cells at the new size than the screen shows.
 */
const OVERSCAN = 2;

/**
 * A large grid (7x7 and up): its own scrolling frame, both ways, drawing only the rows and
 * columns in sight (and a couple beyond). The column labels stay on top and the row labels on
 * the left while it scrolls, each over its own cells. Keys move between cells as in the small
 * grid; a cell not drawn yet is scrolled into sight first, then focused.
 */
export function VirtualGrid({
  view,
  rows,
  cols,
  shown,
  size,
  pinned,
  selected,
  canRun,
  onPin,
  onSelect,
  onRetry,
  onRerun,
}: GridLayoutProps) {
  const twoD = view.axes.length >= 2;
  const frame = useRef<HTMLDivElement>(null);
  const measure = useLabelMeasure(frame);
  const inner = useInnerWidth(frame);
  const rowHead = rowHeadFor(twoD, measure, inner, {
    labels: shown[0] ?? [],
    canRun,
    cells: cols * (size + GAP),
  });
  // Keys carry the zoom: a new size makes every row and column new to the virtualizers in the same
  // render (no re-measure and second render after it); the rows and cells are keyed by index.
  const itemKey = useCallback((index: number) => `${size}:${index}`, [size]);
  const { drawing, onMoveStart } = useOverscan(size);
  const rowV = useVirtualizer({
    count: rows.length,
    getScrollElement: () => frame.current,
    getItemKey: itemKey,
    estimateSize: () => size,
    gap: GAP,
    paddingStart: HEAD + GAP,
    paddingEnd: GAP,
    // A row scrolled to stops below the column labels, not under them.
    scrollPaddingStart: HEAD + GAP,
    ...drawing,
  });
  const colV = useVirtualizer({
    horizontal: true,
    count: cols,
    getScrollElement: () => frame.current,
    getItemKey: itemKey,
    estimateSize: () => size,
    gap: GAP,
    paddingStart: rowHead + GAP,
    paddingEnd: GAP,
    scrollPaddingStart: rowHead + GAP,
    ...drawing,
  });
  const onScroll = useZoomAnchor(frame, { size, rowHead, rows: rows.length, cols }, [rowV, colV]);

  const reveal = useRevealCell(frame, rowV, colV);
  const onKeyDown = useGridKeys(rows.length, cols, reveal);

  const width = colV.getTotalSize();
  const vcols = colV.getVirtualItems();
  const inSight = Math.floor(((colV.scrollRect?.width ?? 0) - rowHead - GAP) / (size + GAP));
  const isPinned = (along: Pinned["along"], index: number) =>
    pinned?.along === along && pinned.index === index;

  return (
    <div className="flex flex-col gap-2">
      <ColumnsShownNote shown={colV.scrollRect ? Math.max(0, Math.min(cols, inSight)) : cols} count={cols} />
      {/* The arrows move between the cells' own controls; a wheel, touch or key draws the cells beyond. */}
      <div
        ref={frame}
        {...movesOf(onMoveStart, onKeyDown)}
        onScroll={onScroll}
        data-compact={size < COMPACT_BELOW ? "" : undefined}
        data-virtual=""
        style={{ [CELL_SIZE_VAR]: `${size}px` } as CSSProperties}
        // The grid keeps its own place on a zoom (above); the browser's scroll anchoring would move
        // it again as the rows drawn change.
        className="group/grid relative max-h-[80dvh] overflow-auto overscroll-contain [overflow-anchor:none] rounded-panel border border-border bg-panel shadow-panel"
      >
        {/* A table laid out by hand (every part a block, placed where it belongs): the ARIA counts
            say its whole size, as only the part in sight is drawn. */}
        <table
          aria-label="Experiment grid"
          aria-rowcount={rows.length + 1}
          aria-colcount={cols + 1}
          className="relative block"
          style={{ width, height: rowV.getTotalSize() }}
        >
          <GridHead
            view={view}
            shown={shown}
            vcols={vcols}
            width={width}
            rowHead={rowHead}
            room={labelRoom(size, canRun)}
            measure={measure}
            pinned={pinned}
            canRun={canRun}
            onPin={onPin}
            onRerun={onRerun}
          />
          <tbody className="block">
            {rowV.getVirtualItems().map((vrow) => (
              <VirtualRow
                key={vrow.index}
                row={vrow.index}
                start={vrow.start}
                width={width}
                rowHead={rowHead}
                cells={rows[vrow.index] ?? []}
                vcols={vcols}
                experimentId={view.id}
                title={twoD ? (view.axes[0]?.titles[vrow.index] ?? "") : null}
                label={twoD ? (shown[0]?.[vrow.index] ?? "") : null}
                labelRoom={labelRoom(rowHead + GAP - ROW_HEAD_PADDING, canRun)}
                labelLines={rowLabelLines(size)}
                measure={measure}
                rowPinned={isPinned("row", vrow.index)}
                pinnedCol={pinned?.along === "col" ? pinned.index : null}
                selected={selected}
                canRun={canRun}
                onPin={onPin}
                onSelect={onSelect}
                onRetry={onRetry}
                onRerun={onRerun}
              />
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/**
 * How many rows and columns are drawn beyond the frame: none until a person moves the grid (a
 * wheel, a touch, a press on its scroll bars, a key), and none again after each zoom.
 */
function useOverscan(size: number) {
  const [moved, setMoved] = useState<{ size: number; moving: boolean }>({ size, moving: false });
  // Every zoom starts again with none beyond, even back at a size the grid was moved at before.
  if (moved.size !== size) setMoved({ size, moving: false });
  const moving = moved.size === size && moved.moving;
  const onMoveStart = useCallback(() => {
    if (!moving) setMoved({ size, moving: true });
  }, [moving, size]);
  // A scroll's new rows are drawn in a render of their own, not within the scroll event: the
  // zoom's own scroll and a press that follows it are not held behind them.
  return { drawing: { overscan: moving ? OVERSCAN : 0, useFlushSync: false }, onMoveStart };
}

/** The frame's handlers that tell a person has started to move the grid; keys also move between cells. */
function movesOf(onMoveStart: () => void, onKeyDown: (e: React.KeyboardEvent<HTMLDivElement>) => void) {
  return {
    onKeyDown: (e: React.KeyboardEvent<HTMLDivElement>) => {
      onMoveStart();
      onKeyDown(e);
    },
    onWheel: onMoveStart,
    onPointerDown: onMoveStart,
    onTouchStart: onMoveStart,
  };
}

/** The row labels' band: as wide as the longest label shown, as far as the frame has room beside the cells. */
function rowHeadFor(
  twoD: boolean,
  measure: ReturnType<typeof useLabelMeasure>,
  inner: number,
  row: { labels: readonly string[]; canRun: boolean; cells: number },
): number {
  return !twoD
    ? ONE_AXIS_HEAD
    : measure && inner > 0
      ? rowHeadWidth({
          labels: row.labels,
          measure,
          canRun: row.canRun,
          available: inner - 2 * GAP - ROW_HEAD_PADDING,
          cells: row.cells,
        }) +
        ROW_HEAD_PADDING -
        GAP
      : ROW_HEAD.min;
}

type Axis = Virtualizer<HTMLDivElement, Element>;

/**
 * A zoom keeps what is at the middle of the frame there, as a map's does. The render with the new
 * size already has the grid's new extent (its sizes are known, not measured), so the scroll goes to
 * the same place at the new size as that render is laid out, and the virtualizers are told that
 * place in the same render: it draws the cells in sight there, not those at the old place first
 * and the right ones a render later. Where the scroll was is kept by the frame's scroll listener,
 * not read back after the render, when a grid grown smaller may already have clamped it.
 */
function useZoomAnchor(
  frame: React.RefObject<HTMLDivElement | null>,
  { size, rowHead, rows, cols }: { size: number; rowHead: number; rows: number; cols: number },
  [rowV, colV]: [Axis, Axis],
): (event: React.UIEvent<HTMLDivElement>) => void {
  const drawn = useRef({ size, rowHead, top: 0, left: 0 });
  const tall = HEAD + GAP + rows * (size + GAP);
  const wide = rowHead + GAP + cols * (size + GAP);
  const el = frame.current;
  const aim =
    el && drawn.current.size !== size ? anchored(drawn.current, el, { size, rowHead, tall, wide }) : null;
  if (aim) {
    rowV.scrollOffset = aim.top;
    colV.scrollOffset = aim.left;
  }
  const target = useRef(aim);
  target.current = aim;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `frame` and `target` are refs, read when the effect runs.
  useLayoutEffect(() => {
    const el = frame.current;
    const to = target.current;
    drawn.current = { ...drawn.current, size, rowHead };
    if (!el || !to) return;
    // A scroll written before the frame has its new extent is cut short at the old one (with
    // reduced motion, a zoom in lost its place); the extent is normally there already, and the
    // scroll waits a few frames at most for it otherwise. A zoom pressed again meanwhile cancels
    // the wait: its own scroll is the one to make, not this one landing after it.
    let frames = 0;
    let waiting = 0;
    const go = () => {
      if (!el.isConnected) return;
      if ((el.scrollHeight < tall || el.scrollWidth < wide) && frames++ < 30) {
        waiting = requestAnimationFrame(go);
        return;
      }
      el.scrollTo(to);
      drawn.current = { ...drawn.current, top: el.scrollTop, left: el.scrollLeft };
    };
    go();
    return () => cancelAnimationFrame(waiting);
  }, [size, rowHead, tall, wide]);
  return useCallback((event: React.UIEvent<HTMLDivElement>) => {
    const el = event.currentTarget;
    drawn.current = { ...drawn.current, top: el.scrollTop, left: el.scrollLeft };
  }, []);
}

/** Where the frame scrolls to at the new size to keep what was at its middle there, within the grid's extent. */
function anchored(
  was: { size: number; rowHead: number; top: number; left: number },
  el: HTMLElement,
  now: { size: number; rowHead: number; tall: number; wide: number },
): { top: number; left: number } {
  const step = was.size + GAP;
  const row = (was.top + el.clientHeight / 2 - HEAD - GAP) / step;
  const col = (was.left + el.clientWidth / 2 - was.rowHead - GAP) / step;
  const top = row * (now.size + GAP) + HEAD + GAP - el.clientHeight / 2;
  const left = col * (now.size + GAP) + now.rowHead + GAP - el.clientWidth / 2;
  return {
    top: Math.round(Math.max(0, Math.min(top, now.tall - el.clientHeight))),
    left: Math.round(Math.max(0, Math.min(left, now.wide - el.clientWidth))),
  };
}

/** Scrolls a cell into sight and focuses it; one not drawn yet is focused once the scroll has drawn it. */
function useRevealCell(frame: React.RefObject<HTMLDivElement | null>, rowV: Axis, colV: Axis) {
  const pending = useRef<GridPlace | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `frame` is a ref, read when a key moves.
  const reveal = useCallback(
    (at: GridPlace) => {
      rowV.scrollToIndex(at.row, { align: "auto" });
      colV.scrollToIndex(at.col, { align: "auto" });
      pending.current = focusCell(frame.current, at) ? null : at;
    },
    [rowV, colV],
  );
  useEffect(() => {
    if (pending.current && focusCell(frame.current, pending.current)) pending.current = null;
  });
  return reveal;
}

/** The column labels' band, held at the top; its corner names the axes and stays at the left. */
function GridHead({
  view,
  shown,
  vcols,
  width,
  rowHead,
  room,
  measure,
  pinned,
  canRun,
  onPin,
  onRerun,
}: Pick<GridLayoutProps, "view" | "shown" | "pinned" | "canRun" | "onPin" | "onRerun"> & {
  vcols: VirtualItem[];
  width: number;
  rowHead: number;
  room: ReturnType<typeof labelRoom>;
  measure: ReturnType<typeof useLabelMeasure>;
}) {
  const twoD = view.axes.length >= 2;
  const colAxis = twoD ? 1 : 0;
  const colTitles = view.axes[colAxis]?.titles ?? [];
  const isPinned = (index: number) => pinned?.along === "col" && pinned.index === index;
  return (
    <thead className="sticky top-0 z-20 block bg-panel" style={{ width, height: HEAD + GAP }}>
      <tr aria-rowindex={1} className="relative block h-full">
        <th
          aria-colindex={1}
          aria-label={twoD ? view.axes[0]?.name : undefined}
          className="sticky left-0 z-10 flex h-full items-end bg-panel pb-2 pl-3 text-left font-medium text-[12px] text-muted-subtle"
          style={{ width: rowHead + GAP }}
        >
          {twoD ? `${view.axes[0]?.name} ↓ · ${view.axes[1]?.name} →` : `${view.axes[0]?.name} →`}
        </th>
        {vcols.map((col) => (
          <th
            key={col.index}
            scope="col"
            aria-colindex={col.index + 2}
            className={cn(
              "absolute bottom-0 flex items-center rounded-control px-1 text-left font-medium text-[12px] text-muted",
              isPinned(col.index) && "bg-accent/15 text-accent-fg",
            )}
            style={{ left: col.start, width: col.size, height: HEAD }}
          >
            {/* A column scrolled part under the row labels keeps its label in sight beside their
                corner, within its own width. */}
            <div className="sticky min-w-0" style={{ left: rowHead + GAP }}>
              <AxisHeader
                along="col"
                axis={colAxis}
                index={col.index}
                title={colTitles[col.index] ?? ""}
                shown={shown[colAxis]?.[col.index] ?? colTitles[col.index] ?? ""}
                room={room}
                measure={measure}
                pinned={isPinned(col.index)}
                canRun={canRun}
                onPin={onPin}
                onRerun={onRerun}
              />
            </div>
          </th>
        ))}
      </tr>
    </thead>
  );
}

interface VirtualRowProps extends GridRowProps {
  start: number;
  width: number;
  rowHead: number;
  /** The columns in sight: the same array while the scroll stays within them. */
  vcols: VirtualItem[];
}

/** One row in sight: its label held at the left edge, and its cells in sight. */
const VirtualRow = memo(function VirtualRow({
  row,
  start,
  width,
  rowHead,
  cells,
  vcols,
  experimentId,
  title,
  label,
  labelRoom,
  labelLines,
  measure,
  rowPinned,
  pinnedCol,
  selected,
  canRun,
  onPin,
  onSelect,
  onRetry,
  onRerun,
}: VirtualRowProps) {
  return (
    <tr
      aria-rowindex={row + 2}
      className="absolute top-0 left-0 block h-(--cell-size)"
      style={{ width, transform: `translateY(${start}px)` }}
    >
      <th
        scope="row"
        className="sticky left-0 z-10 flex h-full items-center bg-panel pr-2 pl-3 text-left"
        style={{ width: rowHead + GAP }}
      >
        {title !== null ? (
          <div
            className={cn(
              "flex min-w-0 items-center rounded-control px-1 font-medium text-[12px] text-muted",
              rowPinned && "bg-accent/15 text-accent-fg",
            )}
          >
            <AxisHeader
              along="row"
              axis={0}
              index={row}
              title={title}
              shown={label ?? title}
              room={labelRoom}
              lines={labelLines}
              measure={measure}
              pinned={rowPinned}
              canRun={canRun}
              onPin={onPin}
              onRerun={onRerun}
            />
          </div>
        ) : null}
      </th>
      {vcols.map((col) => {
        const cell = cells[col.index];
        const first = cell?.items[0];
        return (
          <td
            key={col.index}
            aria-colindex={col.index + 2}
            data-row={row}
            data-col={col.index}
            tabIndex={-1}
            className="absolute top-0 block p-0"
            style={{ left: col.start }}
          >
            <GridCell
              experimentId={experimentId}
              cell={cell}
              reference={rowPinned || pinnedCol === col.index}
              selected={first ? selected.has(first.id) : false}
              canRun={canRun}
              onSelect={onSelect}
              onRetry={onRetry}
            />
          </td>
        );
      })}
    </tr>
  );
});
