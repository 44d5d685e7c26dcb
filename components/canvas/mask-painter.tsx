"use client";

import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";
import { cn } from "@/components/ui/cn";
import { defaultBrushSize, stepBrushSize } from "@/lib/client/canvas/mask-brush";
import type { PainterAction } from "@/lib/client/canvas/mask-shortcuts";
import { MaskDocument } from "./mask-painter-document";
import { encodeMaskPng, readMaskImage, useSeedImage } from "./mask-painter-io";
import { useMaskPainterShortcuts } from "./mask-painter-shortcuts";
import { MaskPainterStage } from "./mask-painter-stage";
import { MaskPainterToolbar, type PainterTool } from "./mask-painter-toolbar";
import { useStageViewport } from "./mask-painter-viewport";

export interface MaskPainterProps {
  /** The seed image (a same-origin URL such as /api/media/...). */
  imageUrl: string;
  /** The seed image's natural size: the mask is made at exactly this size. */
  width: number;
  height: number;
  /**
   * Called after each change that ends (stroke end, clear, invert, undo, redo) with the mask as a
   * PNG data URI (white = repaint, black = keep, opaque, exactly width x height), or null when
   * nothing is painted.
   */
  onChange(mask: string | null): void;
  /**
   * A mask to start from (a PNG data URI or URL), e.g. a restored draft. Read until the user
   * first edits; passing back the value `onChange` gave is recognised and not re-read.
   */
  initialMask?: string | null;
  className?: string;
}

/**
 * The inpainting mask painter: brush and eraser over the seed image, undo, invert, zoom and pan.
 * A new image or size starts a fresh mask, since a mask belongs to exactly one image.
 */
export function MaskPainter(props: MaskPainterProps) {
  return <MaskPainterSession key={`${props.imageUrl}|${props.width}x${props.height}`} {...props} />;
}

function MaskPainterSession({ imageUrl, width, height, onChange, initialMask, className }: MaskPainterProps) {
  const [doc] = useState(() => new MaskDocument(width, height));
  const state = useSyncExternalStore(doc.subscribe, doc.getState, doc.getState);
  const seed = useSeedImage(imageUrl);
  const viewport = useStageViewport({ width, height });
  const [tool, setTool] = useState<PainterTool>("brush");
  const [brushSize, setBrushSize] = useState(() => defaultBrushSize(width, height));
  const [spaceHeld, setSpaceHeld] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const id = useId();

  const onChangeRef = useRef(onChange);
  useLayoutEffect(() => {
    onChangeRef.current = onChange;
  });

  const lastExportRef = useRef<string | null>(null);
  const publish = useCallback(() => {
    let mask: string | null;
    try {
      mask = encodeMaskPng(doc.mask);
    } catch (error) {
      console.error("The mask could not be exported", error);
      return;
    }
    lastExportRef.current = mask;
    onChangeRef.current(mask);
  }, [doc]);

  useEffect(() => {
    if (!initialMask || initialMask === lastExportRef.current) return;
    let live = true;
    readMaskImage(initialMask, width, height).then(
      (pixels) => {
        if (live) doc.load(pixels);
      },
      (error: unknown) => console.warn("The saved mask could not be read", error),
    );
    return () => {
      live = false;
    };
  }, [doc, initialMask, width, height]);

  const { zoomIn, zoomOut, fit: fitView } = viewport;
  const run = useCallback(
    (action: PainterAction) => {
      switch (action) {
        case "brush":
        case "eraser":
        case "hand":
          setTool(action);
          return;
        case "size-down":
          setBrushSize((size) => stepBrushSize(size, -1));
          return;
        case "size-up":
          setBrushSize((size) => stepBrushSize(size, 1));
          return;
        case "undo":
          if (doc.undo()) publish();
          return;
        case "redo":
          if (doc.redo()) publish();
          return;
        case "invert":
          if (doc.invert()) publish();
          return;
        case "clear":
          if (doc.clear()) publish();
          return;
        case "zoom-in":
          zoomIn();
          return;
        case "zoom-out":
          zoomOut();
          return;
        case "fit":
          fitView();
          return;
      }
    },
    [doc, publish, zoomIn, zoomOut, fitView],
  );

  useMaskPainterShortcuts(rootRef, { onAction: run, onSpace: setSpaceHeld });

  const hintId = `${id}-hint`;
  return (
    <div
      ref={rootRef}
      data-testid="mask-painter"
      data-mask-empty={state.empty}
      className={cn(
        // Its own height, never squeezed by the scrolling column it sits in: squeezed, a portrait
        // image's stage kept its size and the hint under it was cut off.
        "flex shrink-0 flex-col overflow-hidden rounded-card border border-border bg-panel shadow-panel",
        className,
      )}
    >
      <MaskPainterToolbar
        idPrefix={id}
        tool={tool}
        brushSize={brushSize}
        zoom={viewport.view.scale}
        canUndo={state.canUndo}
        canRedo={state.canRedo}
        empty={state.empty}
        onTool={setTool}
        onBrushSize={setBrushSize}
        onAction={run}
      />
      <MaskPainterStage
        doc={doc}
        seed={seed}
        viewport={viewport}
        tool={tool}
        spaceHeld={spaceHeld}
        brushSize={brushSize}
        hintId={hintId}
        onStrokeEnd={publish}
      />
      <div className="flex shrink-0 items-center justify-between gap-3 border-border border-t px-3 py-1.5 text-[12px] text-muted-subtle">
        <p id={hintId}>
          Paint over what should change; the rest is kept. B brush, E eraser, [ ] size, Space-drag to pan,
          wheel to zoom.
        </p>
        <span className="shrink-0 tabular-nums" title="Mask size: the seed image's size">
          {width} × {height}
        </span>
      </div>
    </div>
  );
}
