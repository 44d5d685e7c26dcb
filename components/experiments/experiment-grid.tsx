"use client";

import { type CSSProperties, memo, useCallback, useMemo, useRef } from "react";
import { cn } from "@/components/ui/cn";
import { useInnerWidth, useLabelMeasure } from "@/lib/client/experiments/label-measure";
import { edgeLabels } from "@/lib/studio/experiments/axis-labels";
import type { GridPlace } from "@/lib/studio/experiments/cell-nav";
import { type GridRows, gridRows, LARGE_GRID_CELLS } from "@/lib/studio/experiments/grid-rows";
import { labelRoom, ROW_HEAD, rowHeadWidth, rowLabelLines } from "@/lib/studio/experiments/label-room";
import { AxisHeader } from "./axis-header";
import { ColumnsShownNote, useColumnsShown } from "./columns-shown";
import { CELL_SIZE_VAR, GridCell } from "./grid-cell";
import { focusCell, useGridKeys } from "./grid-keys";
import { COMPACT_BELOW, type GridLayoutProps, type GridRowProps } from "./grid-props";
import type { CellView, ExperimentView } from "./types";
import { VirtualGrid } from "./virtual-grid";

export type { Pinned } from "./axis-header";

interface GridProps extends Omit<GridLayoutProps, "rows" | "cols" | "shown"> {
  view: ExperimentView;
  layer: number;
}

/**
 * The grid: the first axis down the side and the second across the top (one axis: across the
 * top only); a third axis is the tab the page chose (`layer`). Headers pin a row or column as the
 * reference, and offer its re-run. A large grid draws only the cells in sight. Memoized: a zoom
 * press renders the page's controls first and the grid only once its deferred size follows.
 */
export const ExperimentGrid = memo(function ExperimentGrid({ view, layer, ...rest }: GridProps) {
  const previous = useRef<GridRows<CellView> | undefined>(undefined);
  const rows = useMemo(() => {
    const next = gridRows(
      view.axes.map((a) => a.labels.length),
      view.cells,
      layer,
      previous.current,
    );
    previous.current = next;
    return next;
  }, [view.axes, view.cells, layer]);
  // A prompt axis shows the words its values differ in: worked out once per axes, not per render.
  const shown = useMemo(() => view.axes.map(edgeLabels), [view.axes]);
  const cols = rows[0]?.length ?? 0;
  const Layout = rows.length * cols >= LARGE_GRID_CELLS ? VirtualGrid : TableGrid;
  return <Layout view={view} rows={rows} cols={cols} shown={shown} {...rest} />;
});

/** The table's frame padding (p-3) and the space around and between its cells (border-spacing-2). */
const FRAME_PADDING = 24;
const SPACING = 8;

/** A grid small enough to draw whole: a table, every cell in it. */
function TableGrid({
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
  const colAxis = twoD ? 1 : 0;
  const frame = useRef<HTMLDivElement>(null);
  const columnsShown = useColumnsShown(frame, cols);
  const reveal = useCallback((at: GridPlace) => focusCell(frame.current, at), []);
  const onKeyDown = useGridKeys(rows.length, cols, reveal);
  const colTitles = view.axes[colAxis]?.titles ?? [];
  const measure = useLabelMeasure(frame);
  const inner = useInnerWidth(frame);
  // The row labels take the room the cells leave in the frame, so a long prompt wraps whole
  // rather than being cut beside empty space.
  const rowHead =
    twoD && measure && inner > 0
      ? rowHeadWidth({
          labels: shown[0] ?? [],
          measure,
          canRun,
          available: inner - FRAME_PADDING - (cols + 2) * SPACING,
          cells: cols * size,
        })
      : ROW_HEAD.min;
  const colRoom = labelRoom(size, canRun);

  return (
    <div className="flex flex-col gap-2">
      <ColumnsShownNote shown={columnsShown} count={cols} />
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the arrows move between the cells' own controls */}
      <div
        ref={frame}
        onKeyDown={onKeyDown}
        data-compact={size < COMPACT_BELOW ? "" : undefined}
        style={{ [CELL_SIZE_VAR]: `${size}px` } as CSSProperties}
        className="group/grid overflow-auto rounded-panel border border-border bg-panel p-3 shadow-panel"
      >
        <table className="border-separate border-spacing-2" aria-label="Experiment grid">
          <thead>
            <tr>
              <th
                aria-label={twoD ? view.axes[0]?.name : undefined}
                className="text-left font-medium text-[12px] text-muted-subtle"
                style={twoD ? { width: rowHead, minWidth: rowHead, maxWidth: rowHead } : undefined}
              >
                {twoD ? `${view.axes[0]?.name} ↓ · ${view.axes[1]?.name} →` : `${view.axes[0]?.name} →`}
              </th>
              {colTitles.map((title, c) => (
                <th
                  // biome-ignore lint/suspicious/noArrayIndexKey: a column is its position on the axis
                  key={c}
                  scope="col"
                  className={cn(
                    "max-w-(--cell-size) rounded-control px-1 text-left font-medium text-[12px] text-muted",
                    pinned?.along === "col" && pinned.index === c && "bg-accent/15 text-accent-fg",
                  )}
                >
                  <AxisHeader
                    along="col"
                    axis={colAxis}
                    index={c}
                    title={title}
                    shown={shown[colAxis]?.[c] ?? title}
                    room={colRoom}
                    measure={measure}
                    pinned={pinned?.along === "col" && pinned.index === c}
                    canRun={canRun}
                    onPin={onPin}
                    onRerun={onRerun}
                  />
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((cells, r) => (
              <TableRow
                // biome-ignore lint/suspicious/noArrayIndexKey: a row is its position on the axis
                key={r}
                row={r}
                cells={cells}
                experimentId={view.id}
                title={twoD ? (view.axes[0]?.titles[r] ?? "") : null}
                label={twoD ? (shown[0]?.[r] ?? "") : null}
                labelRoom={labelRoom(rowHead, canRun)}
                labelLines={rowLabelLines(size)}
                measure={measure}
                rowPinned={pinned?.along === "row" && pinned.index === r}
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

/** One row of the table; its cells are drawn again only when they change. */
const TableRow = memo(function TableRow({
  row,
  cells,
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
}: GridRowProps) {
  return (
    <tr>
      <th
        scope="row"
        className={cn(
          "rounded-control px-1 text-left align-middle font-medium text-[12px] text-muted",
          rowPinned && "bg-accent/15 text-accent-fg",
        )}
      >
        {title !== null ? (
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
        ) : null}
      </th>
      {cells.map((cell, c) => {
        const first = cell?.items[0];
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a cell is its place in the grid
          <td key={c} data-row={row} data-col={c} tabIndex={-1} className="p-0 align-top">
            <GridCell
              experimentId={experimentId}
              cell={cell}
              reference={rowPinned || pinnedCol === c}
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
