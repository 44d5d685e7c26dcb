"use client";

import { Maximize2, ZoomIn, ZoomOut } from "lucide-react";
import { useState } from "react";
import { TransformComponent, TransformWrapper } from "react-zoom-pan-pinch";
import { Button } from "@/components/ui/button";
import { useViewerStore } from "@/lib/client/viewer-store";
import type { CommentThread } from "@/lib/studio/comments";
import type { GalleryItem } from "@/lib/studio/gallery-item";
import { PinLayer } from "./pin-layer";

/** The full-size image with zoom and pan; pins sit inside the transform so they follow it. */
export function ImageStage({
  item,
  label,
  threads,
  numbers,
}: {
  item: GalleryItem;
  label: string;
  threads: readonly CommentThread[];
  numbers: ReadonlyMap<string, number>;
}) {
  const [scale, setScale] = useState(1);
  const placing = useViewerStore((s) => s.placingPin);
  return (
    <TransformWrapper
      key={item.id}
      minScale={1}
      maxScale={8}
      centerOnInit
      doubleClick={{ mode: "toggle", step: 1 }}
      panning={{ disabled: placing }}
      onTransform={(_ref, state) => setScale(state.scale)}
    >
      {({ zoomIn, zoomOut, resetTransform }) => (
        <div className="relative flex h-full min-h-0 w-full flex-col">
          <TransformComponent
            wrapperClass="!h-full !w-full rounded-card bg-surface-sunken"
            contentClass="!h-full !w-full flex items-center justify-center"
          >
            <div
              className="relative max-h-full max-w-full"
              style={{ aspectRatio: `${item.width ?? 1} / ${item.height ?? 1}` }}
            >
              {/* biome-ignore lint/performance/noImgElement: studio media is served by our own route, full size on purpose. */}
              <img
                src={item.url}
                alt={label}
                width={item.width ?? undefined}
                height={item.height ?? undefined}
                draggable={false}
                data-testid="viewer-image"
                className="block max-h-[calc(100dvh-13rem)] w-auto max-w-full select-none object-contain"
              />
              <PinLayer threads={threads} numbers={numbers} />
            </div>
          </TransformComponent>
          <div className="absolute right-3 bottom-3 flex items-center gap-1 rounded-control border border-border bg-surface/85 p-1 backdrop-blur">
            <Button variant="ghost" size="sm" aria-label="Zoom out" onClick={() => zoomOut(0.5)}>
              <ZoomOut aria-hidden />
            </Button>
            <output
              data-testid="zoom-level"
              aria-label="Zoom"
              className="w-12 text-center text-[12px] text-muted tabular-nums"
            >
              {Math.round(scale * 100)}%
            </output>
            <Button variant="ghost" size="sm" aria-label="Zoom in" onClick={() => zoomIn(0.5)}>
              <ZoomIn aria-hidden />
            </Button>
            <Button variant="ghost" size="sm" aria-label="Fit to screen" onClick={() => resetTransform()}>
              <Maximize2 aria-hidden />
            </Button>
          </div>
        </div>
      )}
    </TransformWrapper>
  );
}
