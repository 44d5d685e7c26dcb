"use client";

import { Maximize2, ZoomIn, ZoomOut } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { type ReactZoomPanPinchContentRef, TransformComponent, TransformWrapper } from "react-zoom-pan-pinch";
import { MarkLayer, shownMarks } from "@/components/comments/mark-layer";
import { Button } from "@/components/ui/button";
import { useViewerStore } from "@/lib/client/review/viewer-store";
import { zoomLabel } from "@/lib/client/review/zoom-label";
import { useReducedMotion } from "@/lib/client/shell/reduced-motion";
import { viewerCommand } from "@/lib/client/shortcuts/viewer-keys";
import type { CommentThread } from "@/lib/studio/comments/comments";
import type { GalleryItem } from "@/lib/studio/items/gallery-item";

/** What the stage needs of an item: a member's card, or a guest's item with its link's media URL. */
export type StageItem = Pick<GalleryItem, "id" | "url" | "width" | "height" | "durationSeconds">;

import { PinLayer } from "../comments/pin-layer";

/** Each press of a zoom button or key zooms by this step. */
const ZOOM_STEP = 0.5;

/**
 * The image's scale when fitted: its shown width over its own, followed as the stage resizes.
 * Null until the image has a size.
 */
function useFitScale(image: HTMLImageElement | null, naturalWidth: number | null): number | null {
  const [scale, setScale] = useState<number | null>(null);
  useEffect(() => {
    if (!image) return;
    const measure = () => {
      const own = naturalWidth ?? image.naturalWidth;
      setScale(own > 0 && image.clientWidth > 0 ? image.clientWidth / own : null);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(image);
    image.addEventListener("load", measure);
    return () => {
      observer.disconnect();
      image.removeEventListener("load", measure);
    };
  }, [image, naturalWidth]);
  return scale;
}

/** The full-size image with zoom and pan; pins sit inside the transform so they follow it. */
export function ImageStage({
  item,
  label,
  threads,
  numbers,
}: {
  item: StageItem;
  label: string;
  threads: readonly CommentThread[];
  numbers: ReadonlyMap<string, number>;
}) {
  const [zoom, setZoom] = useState(1);
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const fitScale = useFitScale(image, item.width ?? null);
  const controls = useRef<ReactZoomPanPinchContentRef>(null);
  const placing = useViewerStore((s) => s.placingPin);
  const drawing = useViewerStore((s) => s.drawing);
  const draftMarks = useViewerStore((s) => s.draftMarks);
  const selectedCommentId = useViewerStore((s) => s.selectedCommentId);
  const highlightedCommentId = useViewerStore((s) => s.highlightedCommentId);
  const shown = shownMarks(threads, { drawing, draftMarks, selectedCommentId, highlightedCommentId });
  const shownNumber = shown.commentId ? numbers.get(shown.commentId) : undefined;
  // How long a zoom eases to its new scale: the library's own time, or none for a person who
  // asked for less motion (the zoom jumps there, as the stylesheet ends their transitions at once).
  const animationTime = useReducedMotion() ? 0 : undefined;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const command = viewerCommand(event);
      const c = controls.current;
      if (!c) return;
      if (command?.kind === "zoomIn") c.zoomIn(ZOOM_STEP, animationTime);
      else if (command?.kind === "zoomOut") c.zoomOut(ZOOM_STEP, animationTime);
      else if (command?.kind === "zoomFit") c.resetTransform(animationTime);
      else return;
      event.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [animationTime]);

  return (
    <TransformWrapper
      key={item.id}
      ref={controls}
      minScale={1}
      maxScale={8}
      centerOnInit
      doubleClick={{ mode: "toggle", step: 1, ...(animationTime === undefined ? {} : { animationTime }) }}
      panning={{ disabled: placing || drawing }}
      onTransform={(_ref, state) => setZoom(state.scale)}
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
                ref={setImage}
                src={item.url}
                alt={label}
                width={item.width ?? undefined}
                height={item.height ?? undefined}
                draggable={false}
                data-testid="viewer-image"
                className="block max-h-[calc(100dvh-13rem)] w-auto max-w-full select-none object-contain"
              />
              <PinLayer threads={threads} numbers={numbers} />
              <MarkLayer
                marks={shown.marks}
                drawing={drawing}
                label={drawing ? "The marks being drawn" : `Marks of comment ${shownNumber ?? ""}`.trim()}
              />
            </div>
          </TransformComponent>
          <div className="absolute right-3 bottom-3 flex items-center gap-1 rounded-control border border-border bg-surface/95 p-1">
            <Button
              variant="ghost"
              size="sm"
              aria-label="Zoom out"
              title="Zoom out (-)"
              onClick={() => zoomOut(ZOOM_STEP, animationTime)}
            >
              <ZoomOut aria-hidden />
            </Button>
            <output
              data-testid="zoom-level"
              aria-label="Zoom"
              title="Screen pixels per image pixel"
              className="min-w-12 px-1 text-center text-[12px] text-muted tabular-nums"
            >
              {zoomLabel(zoom, fitScale)}
            </output>
            <Button
              variant="ghost"
              size="sm"
              aria-label="Zoom in"
              title="Zoom in (+)"
              onClick={() => zoomIn(ZOOM_STEP, animationTime)}
            >
              <ZoomIn aria-hidden />
            </Button>
            <Button
              variant="ghost"
              size="sm"
              aria-label="Fit to screen"
              title="Fit to screen (0)"
              onClick={() => resetTransform(animationTime)}
            >
              <Maximize2 aria-hidden />
            </Button>
          </div>
        </div>
      )}
    </TransformWrapper>
  );
}
