"use client";

import { AlertTriangle, Ban, Check, LoaderCircle, Pin, RotateCw } from "lucide-react";
import Link from "next/link";
import { useRef } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { edgeLabels } from "@/lib/studio/experiments/axis-labels";
import { experimentCellUrl, THUMB_WIDTHS, thumbUrl } from "@/lib/studio/gallery-urls";
import { ColumnsShownNote, useColumnsShown } from "./columns-shown";
import type { CellView, ExperimentView } from "./types";

export interface Pinned {
  /** "row" pins a value of the rows' axis, "col" one of the columns'. */
  along: "row" | "col";
  index: number;
}

interface GridProps {
  view: ExperimentView;
  layer: number;
  size: number;
  pinned: Pinned | null;
  selected: ReadonlySet<string>;
  canRun: boolean;
  onPin(pin: Pinned | null): void;
  onSelect(itemId: string): void;
  onRetry(cell: CellView): void;
  onRerun(axis: number, index: number): void;
}

/**
 * The grid: the first axis down the side and the second across the top (one axis: across the
 * top only); a third axis is the tab the page chose (`layer`). Headers pin a row or column as the
 * reference, and offer its re-run.
 */
export function ExperimentGrid({
  view,
  layer,
  size,
  pinned,
  selected,
  canRun,
  onPin,
  onSelect,
  onRetry,
  onRerun,
}: GridProps) {
  const twoD = view.axes.length >= 2;
  const rowAxis = twoD ? 0 : -1;
  const colAxis = twoD ? 1 : 0;
  const rows = twoD ? (view.axes[0]?.labels ?? []) : [""];
  const cols = view.axes[colAxis]?.labels ?? [];
  const byKey = new Map(view.cells.map((c) => [c.key, c]));
  const cellAt = (r: number, c: number) =>
    byKey.get([...(twoD ? [r, c] : [c]), ...(view.axes.length === 3 ? [layer] : [])].join("-"));
  const isPinned = (along: Pinned["along"], index: number) =>
    pinned?.along === along && pinned.index === index;
  const frame = useRef<HTMLDivElement>(null);
  const columnsShown = useColumnsShown(frame, cols.length);

  // A prompt axis shows the words its values differ in; the whole value is the tooltip.
  const shown = view.axes.map(edgeLabels);
  const header = (along: Pinned["along"], axis: number, index: number) => {
    const label = view.axes[axis]?.titles[index] ?? "";
    return (
      <div className="flex min-w-0 items-center gap-1">
        <span className="truncate" title={label} data-testid="axis-label">
          {shown[axis]?.[index] ?? label}
        </span>
        <button
          type="button"
          aria-pressed={isPinned(along, index)}
          aria-label={`Pin ${label} as the reference`}
          title="Pin as the reference"
          onClick={() => onPin(isPinned(along, index) ? null : { along, index })}
          className={cn(
            "shrink-0 rounded p-1 text-muted-subtle hover:text-foreground",
            isPinned(along, index) && "text-accent-fg",
          )}
        >
          <Pin aria-hidden className="size-3.5" />
        </button>
        {canRun ? (
          <button
            type="button"
            aria-label={`Re-run ${label} with another value`}
            title={`Re-run this ${along === "row" ? "row" : "column"} with…`}
            onClick={() => onRerun(axis, index)}
            className="shrink-0 rounded p-1 text-muted-subtle hover:text-foreground"
          >
            <RotateCw aria-hidden className="size-3.5" />
          </button>
        ) : null}
      </div>
    );
  };

  return (
    <div className="flex flex-col gap-2">
      <ColumnsShownNote shown={columnsShown} count={cols.length} />
      <div ref={frame} className="overflow-auto rounded-panel border border-border bg-panel p-3 shadow-panel">
        <table className="border-separate border-spacing-2" aria-label="Experiment grid">
          <thead>
            <tr>
              <th
                aria-label={twoD ? view.axes[0]?.name : undefined}
                className="text-left font-medium text-[12px] text-muted-subtle"
              >
                {twoD ? `${view.axes[0]?.name} ↓ · ${view.axes[1]?.name} →` : `${view.axes[0]?.name} →`}
              </th>
              {cols.map((_, c) => (
                <th
                  // biome-ignore lint/suspicious/noArrayIndexKey: a column is its position on the axis
                  key={c}
                  scope="col"
                  style={{ maxWidth: size }}
                  className={cn(
                    "rounded-control px-1 text-left font-medium text-[12px] text-muted",
                    isPinned("col", c) && "bg-accent/15 text-accent-fg",
                  )}
                >
                  {header("col", colAxis, c)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((_, r) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a row is its position on the axis
              <tr key={r}>
                <th
                  scope="row"
                  className={cn(
                    "max-w-48 rounded-control px-1 text-left align-middle font-medium text-[12px] text-muted",
                    isPinned("row", r) && "bg-accent/15 text-accent-fg",
                  )}
                >
                  {twoD ? header("row", rowAxis, r) : null}
                </th>
                {cols.map((_, c) => {
                  const cell = cellAt(r, c);
                  const reference = isPinned("row", r) || isPinned("col", c);
                  return (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a cell is its place in the grid
                    <td key={c} className="p-0 align-top">
                      <Cell
                        experimentId={view.id}
                        cell={cell}
                        size={size}
                        reference={reference}
                        selected={selected}
                        canRun={canRun}
                        onSelect={onSelect}
                        onRetry={onRetry}
                      />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

interface CellProps {
  experimentId: string;
  cell: CellView | undefined;
  size: number;
  reference: boolean;
  selected: ReadonlySet<string>;
  canRun: boolean;
  onSelect(itemId: string): void;
  onRetry(cell: CellView): void;
}

function Cell({ experimentId, cell, size, reference, selected, canRun, onSelect, onRetry }: CellProps) {
  const items = cell?.items ?? [];
  const item = items[0];
  const frame = cn(
    "relative grid place-items-center overflow-hidden rounded-control border bg-surface-sunken",
    reference ? "border-accent ring-2 ring-accent/40" : "border-border",
  );
  const style = { width: size, height: size };
  if (!cell) return <div className={frame} style={style} />;
  if (cell.status === "done" && item) {
    const isSelected = selected.has(item.id);
    // Every result of the cell, in a square mosaic: a cell with four images shows all four.
    const across = Math.ceil(Math.sqrt(items.length));
    return (
      <div
        data-cell={cell.key}
        data-status="done"
        data-images={items.length}
        className={cn(frame, isSelected && "border-accent")}
        style={style}
      >
        <div
          className="grid size-full gap-px"
          style={{ gridTemplateColumns: `repeat(${across}, minmax(0, 1fr))` }}
        >
          {items.map((media, k) => (
            <Link
              key={media.id}
              href={experimentCellUrl(media.id, experimentId)}
              className="block min-h-0 overflow-hidden"
              aria-label={
                items.length === 1
                  ? `Open cell ${cell.key} in the viewer`
                  : `Open cell ${cell.key}, image ${k + 1} of ${items.length}, in the viewer`
              }
            >
              <CellMedia media={media} size={Math.round(size / across)} />
            </Link>
          ))}
        </div>
        <label className="absolute top-1.5 left-1.5 flex items-center rounded bg-black/60 p-1">
          <input
            type="checkbox"
            checked={isSelected}
            onChange={() => onSelect(item.id)}
            aria-label={`Select cell ${cell.key} to compare`}
          />
        </label>
        {items.length > 1 ? (
          <span className="absolute top-1.5 right-1.5 rounded bg-black/60 px-1.5 py-0.5 text-[11px] text-white/85">
            {items.length} images
          </span>
        ) : null}
        {cell.seconds !== null ? (
          <span className="absolute right-1.5 bottom-1.5 rounded bg-black/60 px-1.5 py-0.5 text-[11px] text-white/85">
            {cell.seconds.toFixed(1)} s
          </span>
        ) : null}
      </div>
    );
  }
  const [icon, words] =
    cell.status === "error"
      ? [<AlertTriangle key="i" aria-hidden className="size-5 text-danger-fg" />, "Failed"]
      : cell.status === "refused"
        ? [<Ban key="i" aria-hidden className="size-5 text-muted-subtle" />, "Not sent"]
        : cell.status === "done"
          ? [<Check key="i" aria-hidden className="size-5 text-muted" />, "Done, no result kept"]
          : [
              <LoaderCircle key="i" aria-hidden className="size-5 animate-spin text-muted" />,
              cell.status === "sent" ? "Running" : "Waiting",
            ];
  const message = cell.errors[0]?.message;
  return (
    <div data-cell={cell.key} data-status={cell.status} className={frame} style={style}>
      <div className="flex max-h-full flex-col items-center gap-1.5 overflow-hidden p-3 text-center">
        {icon}
        <p className="font-medium text-[12px] text-muted">{words}</p>
        {message && size >= 150 ? (
          <p className="line-clamp-3 text-[11px] text-muted-subtle">{message}</p>
        ) : null}
        {cell.status === "error" && canRun ? (
          <Button size="sm" variant="secondary" onClick={() => onRetry(cell)} title={message}>
            <RotateCw aria-hidden /> Retry
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/** One result in a cell: a video plays muted; an image is the studio's thumbnail at the tile's size. */
function CellMedia({ media, size }: { media: CellView["items"][number]; size: number }) {
  if (media.kind === "video")
    return <video src={media.url} muted loop playsInline className="size-full object-cover" />;
  return (
    // biome-ignore lint/performance/noImgElement: studio media, already stored at its size
    <img
      // The studio's thumbnail at the cell's size: a hundred full-size images cost the page
      // their decoding and, at every zoom, their scaling. The original if it cannot be had.
      src={thumbUrl(media.id, 320)}
      srcSet={THUMB_WIDTHS.map((w) => `${thumbUrl(media.id, w)} ${w}w`).join(", ")}
      sizes={`${size}px`}
      onError={(e) => {
        const img = e.currentTarget;
        if (img.dataset.original) return;
        img.dataset.original = "1";
        img.srcset = "";
        img.src = media.url;
      }}
      alt=""
      loading="lazy"
      decoding="async"
      className="size-full object-cover"
    />
  );
}
