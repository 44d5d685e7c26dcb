"use client";

import {
  type PointerEvent as ReactPointerEvent,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { cn } from "@/components/ui/cn";
import type { StampMode } from "@/lib/client/canvas/mask-stamp";
import { interpolateSegment, type Point, stampSpacing } from "@/lib/client/canvas/stroke";
import { screenToImage, wheelZoomFactor } from "@/lib/client/canvas/viewport";
import type { MaskDocument } from "./mask-painter-document";
import type { SeedImage } from "./mask-painter-io";
import { drawStage, type StageScene } from "./mask-painter-render";
import type { PainterTool } from "./mask-painter-toolbar";
import type { StageViewport } from "./mask-painter-viewport";

type Gesture =
  | { kind: "paint"; pointerId: number; mode: StampMode; radius: number; last: Point }
  | { kind: "pan"; pointerId: number; lastX: number; lastY: number };

/** Mouse buttons as `PointerEvent.button` numbers them. */
const PRIMARY_BUTTON = 0;
const MIDDLE_BUTTON = 1;
/** A pen's eraser end reports button 5 (Pointer Events, "pen eraser button"). */
const PEN_ERASER_BUTTON = 5;

export interface MaskPainterStageProps {
  doc: MaskDocument;
  seed: SeedImage;
  viewport: StageViewport;
  tool: PainterTool;
  /** Space is held: the hand tool for as long as it is. */
  spaceHeld: boolean;
  brushSize: number;
  hintId: string;
  onStrokeEnd(): void;
}

/**
 * The drawing surface: the seed image with the mask over it, zoomed and panned by the viewport.
 * Strokes write straight into the mask document from pointer events (coalesced samples included,
 * so a pen's full rate is used) and the canvas is redrawn at most once per animation frame.
 */
export function MaskPainterStage(props: MaskPainterStageProps) {
  const { doc, seed, viewport, tool, spaceHeld, brushSize, hintId, onStrokeEnd } = props;
  const containerRef = useRef<HTMLElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const cursorRef = useRef<HTMLDivElement>(null);
  const gestureRef = useRef<Gesture | null>(null);
  const [panning, setPanning] = useState(false);
  const [hovering, setHovering] = useState(false);

  const { box, view, viewRef, resize } = viewport;
  const scene: StageScene = { box, view, image: seed.image };
  const sceneRef = useRef(scene);
  const frameRef = useRef(0);

  // React-driven changes (zoom, pan, resize, the seed arriving) draw synchronously before paint.
  useLayoutEffect(() => {
    sceneRef.current = { box, view, image: seed.image };
    const canvas = canvasRef.current;
    if (canvas) drawStage(canvas, doc, sceneRef.current);
  }, [doc, box, view, seed.image]);

  // Pixel changes (strokes, undo) arrive many times per frame and are drawn once per frame.
  useEffect(() => {
    const unsubscribe = doc.onRender(() => {
      if (frameRef.current) return;
      frameRef.current = requestAnimationFrame(() => {
        frameRef.current = 0;
        const canvas = canvasRef.current;
        if (canvas) drawStage(canvas, doc, sceneRef.current);
      });
    });
    return () => {
      unsubscribe();
      cancelAnimationFrame(frameRef.current);
      frameRef.current = 0;
    };
  }, [doc]);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) resize({ width: entry.contentRect.width, height: entry.contentRect.height });
    });
    observer.observe(container);
    return () => observer.disconnect();
  }, [resize]);

  // A native listener: React's wheel listener is passive, so it could not stop the page scrolling.
  const zoomAroundRef = useRef(viewport.zoomAround);
  useLayoutEffect(() => {
    zoomAroundRef.current = viewport.zoomAround;
  });
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const wheel = (event: WheelEvent) => {
      event.preventDefault();
      const rect = container.getBoundingClientRect();
      const anchor = { x: event.clientX - rect.left, y: event.clientY - rect.top };
      zoomAroundRef.current(anchor, wheelZoomFactor(event.deltaY, event.deltaMode));
    };
    container.addEventListener("wheel", wheel, { passive: false });
    return () => container.removeEventListener("wheel", wheel);
  }, []);

  const localPoint = useCallback((event: { clientX: number; clientY: number }): Point => {
    const rect = canvasRef.current?.getBoundingClientRect();
    return { x: event.clientX - (rect?.left ?? 0), y: event.clientY - (rect?.top ?? 0) };
  }, []);

  const moveCursor = (point: Point) => {
    const cursor = cursorRef.current;
    if (cursor) cursor.style.transform = `translate(${point.x}px, ${point.y}px) translate(-50%, -50%)`;
  };

  const handTool = tool === "hand" || spaceHeld;

  const pointerDown = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    if (gestureRef.current) return;
    const isMiddle = event.button === MIDDLE_BUTTON;
    const isPenEraser = event.pointerType === "pen" && event.button === PEN_ERASER_BUTTON;
    if (event.button !== PRIMARY_BUTTON && !isMiddle && !isPenEraser) return;
    event.preventDefault();
    containerRef.current?.focus({ preventScroll: true });
    event.currentTarget.setPointerCapture(event.pointerId);
    if (isMiddle || handTool) {
      gestureRef.current = {
        kind: "pan",
        pointerId: event.pointerId,
        lastX: event.clientX,
        lastY: event.clientY,
      };
      setPanning(true);
      return;
    }
    const point = screenToImage(viewRef.current, localPoint(event));
    const mode: StampMode = tool === "eraser" || isPenEraser ? "erase" : "paint";
    const radius = brushSize / 2;
    gestureRef.current = { kind: "paint", pointerId: event.pointerId, mode, radius, last: point };
    doc.paint([point], radius, mode);
  };

  const pointerMove = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    moveCursor(localPoint(event));
    const gesture = gestureRef.current;
    if (!gesture || gesture.pointerId !== event.pointerId) return;
    if (gesture.kind === "pan") {
      viewport.pan(event.clientX - gesture.lastX, event.clientY - gesture.lastY);
      gesture.lastX = event.clientX;
      gesture.lastY = event.clientY;
      return;
    }
    // Browsers batch pointer samples to one event per frame; the batch keeps a fast curve round.
    const coalesced = event.nativeEvent.getCoalescedEvents?.() ?? [];
    const samples = coalesced.length > 0 ? coalesced : [event.nativeEvent];
    const spacing = stampSpacing(gesture.radius);
    for (const sample of samples) {
      const point = screenToImage(viewRef.current, localPoint(sample));
      doc.paint(interpolateSegment(gesture.last, point, spacing), gesture.radius, gesture.mode);
      gesture.last = point;
    }
  };

  const pointerEnd = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    const gesture = gestureRef.current;
    if (!gesture || gesture.pointerId !== event.pointerId) return;
    gestureRef.current = null;
    if (gesture.kind === "pan") setPanning(false);
    else if (doc.endStroke()) onStrokeEnd();
  };

  const cursorDiameter = Math.max(4, brushSize * view.scale);
  const showBrushCursor = hovering && !handTool && !panning;

  return (
    <section
      ref={containerRef}
      aria-label="Mask canvas"
      aria-describedby={hintId}
      // Focused on pointer down so the shortcuts keep working after the pointer leaves; keyboard
      // users reach the same shortcuts from the toolbar, so the stage takes no tab stop.
      tabIndex={-1}
      // As tall as the image needs at full width, up to most of the screen: no bands of empty
      // stage above and below a landscape picture, and room left below for the results.
      style={{ aspectRatio: `${doc.width + 32} / ${doc.height + 32}` }}
      className="relative max-h-[min(70vh,720px)] min-h-64 w-full touch-none select-none overflow-hidden bg-surface-sunken outline-none"
    >
      <canvas
        ref={canvasRef}
        data-testid="mask-stage"
        className={cn(
          "absolute inset-0 size-full",
          handTool || panning ? (panning ? "cursor-grabbing" : "cursor-grab") : "cursor-none",
        )}
        onPointerDown={pointerDown}
        onPointerMove={pointerMove}
        onPointerUp={pointerEnd}
        onPointerCancel={pointerEnd}
        onLostPointerCapture={pointerEnd}
        onPointerEnter={(event) => {
          moveCursor(localPoint(event));
          setHovering(event.pointerType !== "touch");
        }}
        onPointerLeave={() => setHovering(false)}
        // Middle-button drags pan: stop the browser's autoscroll and, on Linux, paste.
        onMouseDown={(event) => event.button === MIDDLE_BUTTON && event.preventDefault()}
        onAuxClick={(event) => event.preventDefault()}
      />
      <div
        ref={cursorRef}
        aria-hidden
        className={cn(
          "pointer-events-none absolute top-0 left-0 rounded-full border border-white/90",
          "shadow-[0_0_0_1px_rgb(0_0_0/0.55),inset_0_0_0_1px_rgb(0_0_0/0.35)]",
          tool === "eraser" && "border-dashed",
          showBrushCursor ? "block" : "hidden",
        )}
        style={{ width: cursorDiameter, height: cursorDiameter }}
      />
      {seed.status !== "ready" ? (
        <p
          role={seed.status === "error" ? "alert" : "status"}
          className="pointer-events-none absolute top-3 left-3 rounded-full border border-border-strong bg-panel/90 px-3 py-1 text-[12px] text-muted backdrop-blur"
        >
          {seed.status === "loading"
            ? "Loading image…"
            : "The image could not be loaded; the mask can still be painted."}
        </p>
      ) : null}
    </section>
  );
}
