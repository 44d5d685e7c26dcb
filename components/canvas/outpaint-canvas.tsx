"use client";

import { ImageOff, TriangleAlert } from "lucide-react";
import { type KeyboardEvent, useMemo, useRef, useState } from "react";
import { cn } from "@/components/ui/cn";
import {
  applyKeyMove,
  axisLimits,
  clampExtents,
  dragExtents,
  frameSize,
  keyMove,
  OUTPAINT_SIDES,
  type OutpaintExtents,
  type OutpaintSide,
  sameExtents,
  sideMax,
} from "@/lib/client/canvas/outpaint";
import { placeSeed, type SeedPlacement } from "@/lib/client/canvas/outpaint-layout";
import { checkSeedSize, outpaintProblems } from "@/lib/client/canvas/outpaint-seed";
import { OutpaintControls } from "./outpaint-controls";
import { OutpaintFrame } from "./outpaint-frame";
import { type HandleDrag, OutpaintCornerHandle, OutpaintSideHandle } from "./outpaint-handle";
import { useElementSize, useLoadedImage } from "./outpaint-hooks";

export type { OutpaintExtents } from "@/lib/client/canvas/outpaint";

export interface OutpaintCanvasProps {
  /** The seed image (same-origin URL). */
  imageUrl: string;
  /** Its natural size. */
  imageWidth: number;
  imageHeight: number;
  /** Pixels added on each side, multiples of 64. */
  value: OutpaintExtents;
  onChange(value: OutpaintExtents): void;
  /** The outpaint blur, drawn as a soft band across each seam. */
  blur: number;
  className?: string;
}

interface DragState {
  pointerId: number;
  sides: readonly OutpaintSide[];
  startX: number;
  startY: number;
  start: OutpaintExtents;
  last: OutpaintExtents;
  scale: number;
}

const CORNERS = [
  ["top", "left"],
  ["top", "right"],
  ["bottom", "left"],
  ["bottom", "right"],
] as const;

/**
 * The outpainting canvas: the seed image inside its new frame, with a handle on each side and
 * corner, number fields and presets. Controlled: `value` comes in, every change goes out through
 * `onChange`, always in whole steps and within the frame limits.
 */
export function OutpaintCanvas({
  imageUrl,
  imageWidth,
  imageHeight,
  value,
  onChange,
  blur,
  className,
}: OutpaintCanvasProps) {
  const seed = useMemo(() => ({ width: imageWidth, height: imageHeight }), [imageWidth, imageHeight]);
  const extents = useMemo(() => clampExtents(seed, value), [seed, value]);
  const frame = frameSize(seed, extents);
  const seedCheck = checkSeedSize(seed);
  const hints = outpaintProblems(seed, extents).filter((p) => p.kind !== "seed");
  const loaded = useLoadedImage(imageUrl);

  const stageRef = useRef<HTMLDivElement>(null);
  const stage = useElementSize(stageRef);
  const dragRef = useRef<DragState | null>(null);
  // The placement at the start of a drag, held while it lasts (see `placeSeed`); the frame is
  // fitted to the stage again when the drag ends.
  const [frozen, setFrozen] = useState<{ layout: SeedPlacement; sides: readonly OutpaintSide[] } | null>(
    null,
  );

  const layout = placeSeed(stage, seed, extents, frozen?.layout ?? null);
  const s = layout.scale;
  const box = {
    x: layout.seedX - extents.left * s,
    y: layout.seedY - extents.top * s,
    width: frame.width * s,
    height: frame.height * s,
  };

  const emit = (next: OutpaintExtents) => {
    if (!sameExtents(next, extents)) onChange(next);
  };

  const drag: HandleDrag = {
    start(event, sides) {
      if (event.button !== 0 || !(s > 0)) return;
      event.preventDefault();
      event.currentTarget.setPointerCapture(event.pointerId);
      if (event.currentTarget.tabIndex >= 0) event.currentTarget.focus();
      dragRef.current = {
        pointerId: event.pointerId,
        sides,
        startX: event.clientX,
        startY: event.clientY,
        start: extents,
        last: extents,
        scale: s,
      };
      setFrozen({ layout, sides });
    },
    move(event) {
      const d = dragRef.current;
      if (!d || d.pointerId !== event.pointerId) return;
      const delta = { x: event.clientX - d.startX, y: event.clientY - d.startY };
      const next = dragExtents(seed, d.start, d.sides, delta, d.scale);
      // Compared with the last value sent, not with props, which may not have caught up yet.
      if (sameExtents(next, d.last)) return;
      d.last = next;
      onChange(next);
    },
    end(event) {
      const d = dragRef.current;
      if (!d || d.pointerId !== event.pointerId) return;
      dragRef.current = null;
      setFrozen(null);
    },
  };

  const onKey = (side: OutpaintSide, event: KeyboardEvent<HTMLElement>) => {
    const move = keyMove(side, event.key, event.shiftKey);
    if (!move) return;
    event.preventDefault();
    emit(applyKeyMove(seed, extents, side, move));
  };

  const dragging = (sides: readonly OutpaintSide[]) => frozen?.sides.join() === sides.join();

  const sidePoint: Record<OutpaintSide, { x: number; y: number }> = {
    top: { x: box.x + box.width / 2, y: box.y },
    bottom: { x: box.x + box.width / 2, y: box.y + box.height },
    left: { x: box.x, y: box.y + box.height / 2 },
    right: { x: box.x + box.width, y: box.y + box.height / 2 },
  };
  const maxFrame = `${axisLimits("width").max} × ${axisLimits("height").max}`;

  return (
    <div data-testid="outpaint-canvas" className={cn("flex flex-col gap-4", className)}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="text-[13px] text-muted">
          New frame{" "}
          <span data-testid="outpaint-frame-size" className="font-medium font-mono text-foreground">
            {frame.width} × {frame.height}
          </span>
        </p>
        <p className="text-muted-subtle text-xs">
          Image {seed.width} × {seed.height} · largest frame {maxFrame}
          {blur > 0 ? ` · seam blur ${blur} px` : null}
        </p>
      </div>

      <div
        ref={stageRef}
        className="relative aspect-[4/3] max-h-[clamp(16rem,56vh,38rem)] min-h-56 w-full select-none overflow-hidden rounded-card border border-border bg-surface-sunken"
      >
        {s > 0 ? (
          <>
            <OutpaintFrame
              box={box}
              seed={seed}
              extents={extents}
              scale={s}
              blur={blur}
              image={loaded.image}
            />

            {loaded.status === "failed" ? (
              <p className="absolute inset-x-0 bottom-3 flex items-center justify-center gap-2 text-muted text-xs">
                <ImageOff aria-hidden className="size-4" />
                The image could not be loaded; the frame still shows its size.
              </p>
            ) : null}

            <span
              aria-hidden
              className="pointer-events-none absolute rounded-md border border-border-strong bg-panel/90 px-1.5 py-0.5 font-mono text-[11px] text-foreground"
              style={{ right: `calc(100% - ${box.x + box.width}px)`, top: box.y + box.height + 8 }}
            >
              {frame.width} × {frame.height}
            </span>

            {CORNERS.map(([vertical, horizontal]) => (
              <OutpaintCornerHandle
                key={`${vertical}-${horizontal}`}
                vertical={vertical}
                horizontal={horizontal}
                x={sidePoint[horizontal].x}
                y={sidePoint[vertical].y}
                dragging={dragging([vertical, horizontal])}
                drag={drag}
              />
            ))}
            {OUTPAINT_SIDES.map((side) => (
              <OutpaintSideHandle
                key={side}
                side={side}
                x={sidePoint[side].x}
                y={sidePoint[side].y}
                value={extents[side]}
                max={sideMax(seed, extents, side)}
                dragging={dragging([side])}
                drag={drag}
                onKey={onKey}
              />
            ))}
          </>
        ) : null}
      </div>

      {seedCheck.ok ? null : (
        <div
          role="alert"
          data-testid="outpaint-seed-alert"
          className="flex gap-2 rounded-control border border-danger/40 bg-danger/10 px-3 py-2 text-danger-fg text-sm"
        >
          <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
          <p>{seedCheck.message}</p>
        </div>
      )}
      {hints.map((hint) => (
        <p key={hint.kind + ("axis" in hint ? hint.axis : "")} className="text-muted text-xs">
          {hint.message}
        </p>
      ))}

      <OutpaintControls seed={seed} value={extents} onChange={emit} />
    </div>
  );
}
