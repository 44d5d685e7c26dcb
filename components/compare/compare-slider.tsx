"use client";

import { type KeyboardEvent, type PointerEvent, useRef, useState } from "react";
import { focusRing } from "@/components/ui/cn";
import type { GalleryItem } from "@/lib/studio/items/gallery-item";
import { mediaLabel } from "./compare-media";

/** Arrow keys move the divider by this share of the width (%); with Shift, by the larger one. */
const STEP = 2;
const BIG_STEP = 10;

const layer = "absolute inset-0 h-full w-full object-contain select-none";

/**
 * Two images laid over each other in one box, A on the left of a divider and B on its right.
 * Both fill the same box (`object-contain`), so they line up even when their sizes differ. The
 * divider follows a mouse or a finger dragged anywhere on the box, and the arrow keys.
 */
export function CompareSlider({ left, right }: { left: GalleryItem; right: GalleryItem }) {
  const [position, setPosition] = useState(50);
  const box = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);
  const ratio = left.width && left.height ? left.width / left.height : 1;

  const follow = (event: PointerEvent<HTMLDivElement>) => {
    const rect = box.current?.getBoundingClientRect();
    if (!rect || rect.width === 0) return;
    setPosition(clamp(((event.clientX - rect.left) / rect.width) * 100));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? BIG_STEP : STEP;
    const next: Record<string, number> = {
      ArrowLeft: position - step,
      ArrowDown: position - step,
      ArrowRight: position + step,
      ArrowUp: position + step,
      PageDown: position - BIG_STEP,
      PageUp: position + BIG_STEP,
      Home: 0,
      End: 100,
    };
    const value = next[event.key];
    if (value === undefined) return;
    event.preventDefault();
    setPosition(clamp(value));
  };

  return (
    <figure className="flex flex-col items-center gap-3">
      <div
        ref={box}
        data-testid="compare-slider"
        className="relative cursor-ew-resize touch-none overflow-hidden rounded-card border border-border bg-surface-sunken shadow-panel"
        style={{ aspectRatio: `${ratio}`, width: `min(100%, calc(68vh * ${ratio}))` }}
        onPointerDown={(event) => {
          dragging.current = true;
          // Capture keeps a drag that leaves the box following; a synthetic pointer has none to capture.
          try {
            event.currentTarget.setPointerCapture(event.pointerId);
          } catch {}
          follow(event);
        }}
        onPointerMove={(event) => dragging.current && follow(event)}
        onPointerUp={() => {
          dragging.current = false;
        }}
        onPointerCancel={() => {
          dragging.current = false;
        }}
      >
        {/* biome-ignore lint/performance/noImgElement: studio media is served by our own route. */}
        <img src={left.url} alt={mediaLabel(left, "A")} draggable={false} className={layer} />
        {/* biome-ignore lint/performance/noImgElement: studio media is served by our own route. */}
        <img
          src={right.url}
          alt={mediaLabel(right, "B")}
          draggable={false}
          className={layer}
          style={{ clipPath: `inset(0 0 0 ${position}%)` }}
        />
        <span className="pointer-events-none absolute top-3 left-3 rounded-full bg-surface/90 px-2 py-0.5 font-semibold text-[12px] text-foreground">
          A
        </span>
        <span className="pointer-events-none absolute top-3 right-3 rounded-full bg-surface/90 px-2 py-0.5 font-semibold text-[12px] text-foreground">
          B
        </span>
        <div
          role="slider"
          tabIndex={0}
          aria-label="Divider between A and B"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(position)}
          aria-valuetext={`${Math.round(position)}% of A shown`}
          aria-orientation="horizontal"
          onKeyDown={onKeyDown}
          className={`absolute inset-y-0 -ml-px w-0.5 bg-foreground/90 shadow-[0_0_0_1px_rgb(0_0_0/0.4)] ${focusRing}`}
          style={{ left: `${position}%` }}
        >
          <span className="absolute top-1/2 left-1/2 grid size-8 -translate-x-1/2 -translate-y-1/2 place-items-center rounded-full border border-border-strong bg-panel-raised text-[11px] text-foreground shadow-panel">
            ⇔
          </span>
        </div>
      </div>
      <figcaption className="text-[12.5px] text-muted-subtle">
        Drag the divider, or focus it and use the arrow keys (Shift for bigger steps).
      </figcaption>
    </figure>
  );
}

function clamp(value: number): number {
  return Math.min(100, Math.max(0, value));
}
