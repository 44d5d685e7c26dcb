"use client";

import { AlertTriangle, Ban, Check, Clock, LoaderCircle, RotateCw } from "lucide-react";
import { memo } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import Link from "@/components/ui/link";
import { experimentCellUrl, THUMB_WIDTHS, thumbUrl } from "@/lib/studio/api/gallery-urls";
import { MOSAIC_TILES, mosaic } from "@/lib/studio/experiments/mosaic";
import { costOf, usd } from "@/lib/studio/spend/money";
import type { CellView } from "./types";

/**
 * The grid's zoom is a CSS variable on the grid's frame, not a prop of its cells: a zoom press
 * restyles every cell and renders none of them again. A frame with `data-compact` (the small
 * zoom) leaves out the words a cell has no room for.
 */
export const CELL_SIZE_VAR = "--cell-size";

/** The largest zoom's cell, in CSS pixels: the widest a cell's image is ever shown. */
export const LARGEST_CELL = 320;

interface GridCellProps {
  experimentId: string;
  cell: CellView | undefined;
  /** In a pinned row or column: framed as the reference. */
  reference: boolean;
  /** Its first result is among those picked to compare. */
  selected: boolean;
  canRun: boolean;
  onSelect(itemId: string): void;
  onRetry(cell: CellView): void;
}

/**
 * One cell of the grid. Memoized, with props that change only when the cell does: a live update of
 * one cell, a pin or a pick renders that cell alone, not its ninety-nine neighbours.
 */
export const GridCell = memo(function GridCell({
  experimentId,
  cell,
  reference,
  selected,
  canRun,
  onSelect,
  onRetry,
}: GridCellProps) {
  const items = cell?.items ?? [];
  const item = items[0];
  const frame = cn(
    "relative grid size-(--cell-size) place-items-center overflow-hidden rounded-control border bg-surface-sunken",
    reference ? "border-accent ring-2 ring-accent/40" : "border-border",
  );
  if (!cell) return <div className={frame} />;
  if (cell.status === "done" && item) {
    // Time and cost in the cell's tooltip: the grid itself stays pictures.
    const cost = costOf(items.map((i) => i.cost));
    const facts = [
      cell.seconds !== null ? `${cell.seconds.toFixed(1)} s` : null,
      cost !== null ? `Cost ${usd(cost)}` : null,
    ].filter((f) => f !== null);
    // The zoom is CSS only (no render), so a cell with more results than the small zoom's tiles
    // draws both mosaics and the frame's `data-compact` shows one.
    const twoZooms = items.length > MOSAIC_TILES.compact;
    return (
      <div
        data-cell={cell.key}
        data-status="done"
        data-images={items.length}
        title={facts.length > 0 ? facts.join(" · ") : undefined}
        className={cn(frame, selected && "border-accent")}
      >
        <CellMosaic
          cellKey={cell.key}
          experimentId={experimentId}
          items={items}
          most={twoZooms ? MOSAIC_TILES.roomy : MOSAIC_TILES.compact}
          className={twoZooms ? "group-data-[compact]/grid:hidden" : undefined}
        />
        {twoZooms ? (
          <CellMosaic
            cellKey={cell.key}
            experimentId={experimentId}
            items={items}
            most={MOSAIC_TILES.compact}
            className="hidden group-data-[compact]/grid:flex"
          />
        ) : null}
        <label className="absolute top-1.5 left-1.5 flex items-center rounded bg-black/60 p-1">
          <input
            type="checkbox"
            checked={selected}
            onChange={() => onSelect(item.id)}
            aria-label={`Select cell ${cell.key} to compare`}
          />
        </label>
        {items.length > 1 ? (
          <span className="pointer-events-none absolute top-1.5 right-1.5 rounded bg-black/60 px-1.5 py-0.5 text-[11px] text-white/85 group-data-[compact]/grid:hidden">
            {items.length} images
          </span>
        ) : null}
        {cell.seconds !== null ? (
          <span className="pointer-events-none absolute right-1.5 bottom-1.5 rounded bg-black/60 px-1.5 py-0.5 text-[11px] text-white/85 group-data-[compact]/grid:hidden">
            {cell.seconds.toFixed(1)} s
          </span>
        ) : null}
      </div>
    );
  }
  // Cancelled before it was sent (its experiment cancelled, from its page or the queue).
  const cancelled = cell.status === "error" && cell.errors[0]?.code === "cancelled";
  const [icon, words] = cancelled
    ? [<Ban key="i" aria-hidden className="size-5 text-muted-subtle" />, "Cancelled"]
    : cell.status === "error"
      ? [<AlertTriangle key="i" aria-hidden className="size-5 text-danger-fg" />, "Failed"]
      : cell.status === "refused"
        ? [<Ban key="i" aria-hidden className="size-5 text-muted-subtle" />, "Not sent"]
        : cell.status === "done"
          ? [<Check key="i" aria-hidden className="size-5 text-muted" />, "Done, no result kept"]
          : cell.status === "sent"
            ? [
                <LoaderCircle key="i" aria-hidden className="size-5 motion-safe:animate-spin text-muted" />,
                "Running",
              ]
            : // Waiting its turn: still. Only the few cells at the service turn (each a layer the
              // browser paints again every frame; a hundred of them cost a core in software).
              [<Clock key="i" aria-hidden className="size-5 text-muted-subtle" />, "Waiting"];
  // A cell not yet sent shows what it will ask for: an edit made in the queue shows here.
  const prompt = typeof cell.params.positivePrompt === "string" ? cell.params.positivePrompt : undefined;
  const message = cancelled ? undefined : cell.status === "pending" ? prompt : cell.errors[0]?.message;
  return (
    <div
      data-cell={cell.key}
      data-status={cancelled ? "cancelled" : cell.status}
      className={frame}
      title={cell.status === "pending" ? prompt : undefined}
    >
      <div className="flex max-h-full flex-col items-center gap-1.5 overflow-hidden p-3 text-center">
        {icon}
        <p className="font-medium text-[12px] text-muted">{words}</p>
        {message ? (
          <p className="line-clamp-3 text-[11px] text-muted-subtle group-data-[compact]/grid:hidden">
            {message}
          </p>
        ) : null}
        {cell.status === "error" && !cancelled && canRun ? (
          <Button size="sm" variant="secondary" onClick={() => onRetry(cell)} title={message}>
            <RotateCw aria-hidden /> Retry
          </Button>
        ) : null}
      </div>
    </div>
  );
});

interface CellMosaicProps {
  cellKey: string;
  experimentId: string;
  items: CellView["items"];
  most: number;
  className: string | undefined;
}

/**
 * A cell's results filling its square (lib/studio/experiments/mosaic.ts): rows of equal height,
 * each split evenly, every tile a link to its result in the viewer; a "+k" tile opens the first
 * result not drawn, and the viewer steps on through the rest.
 */
function CellMosaic({ cellKey, experimentId, items, most, className }: CellMosaicProps) {
  const { rows, shown, more } = mosaic(items.length, most);
  let next = 0;
  return (
    <div data-mosaic={most} className={cn("absolute inset-0 flex flex-col gap-px", className)}>
      {rows.map((tiles, r) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a row is its place in the mosaic
        <div key={r} className="flex min-h-0 flex-1 gap-px">
          {Array.from({ length: tiles }, () => {
            const k = next++;
            const media = items[k];
            if (!media) return null;
            const rest = k === shown && more > 0;
            return (
              <Link
                key={media.id}
                href={experimentCellUrl(media.id, experimentId)}
                data-tile={rest ? "more" : "image"}
                className="relative block min-w-0 flex-1 overflow-hidden"
                aria-label={
                  rest
                    ? `Open cell ${cellKey}, ${more} more images (${k + 1} to ${items.length} of ${items.length}), in the viewer`
                    : items.length === 1
                      ? `Open cell ${cellKey} in the viewer`
                      : `Open cell ${cellKey}, image ${k + 1} of ${items.length}, in the viewer`
                }
              >
                <CellMedia media={media} />
                {rest ? (
                  <span className="absolute inset-0 grid place-items-center bg-black/60 font-semibold text-[15px] text-white">
                    +{more}
                  </span>
                ) : null}
              </Link>
            );
          })}
        </div>
      ))}
    </div>
  );
}

/** One result in a cell: a video plays muted; an image is the studio's thumbnail at the tile's size. */
function CellMedia({ media }: { media: CellView["items"][number] }) {
  if (media.kind === "video")
    return (
      <video src={media.url} muted loop playsInline className="absolute inset-0 size-full object-cover" />
    );
  return (
    // biome-ignore lint/performance/noImgElement: studio media, already stored at its size
    <img
      // The studio's thumbnail rather than the original: a hundred full-size images cost the page
      // their decoding and, at every zoom, their scaling. Its width is chosen for the largest
      // zoom's cell, whatever the zoom: the file fetched once serves every zoom, so a zoom press
      // fetches and decodes no image again (a width chosen from the tile as laid out would swap
      // to a larger file on a zoom in, on a screen of two pixels to the point). The original if
      // no thumbnail can be had.
      src={thumbUrl(media.id, 320)}
      srcSet={THUMB_WIDTHS.map((w) => `${thumbUrl(media.id, w)} ${w}w`).join(", ")}
      sizes={`${LARGEST_CELL}px`}
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
      className="absolute inset-0 size-full object-cover"
    />
  );
}
