"use client";

import type Konva from "konva";
import { useEffect, useRef, useState } from "react";
import { Circle, Layer, Stage } from "react-konva";
import { canPaint, type Stroke } from "@/lib/client/canvas/canvas-document";
import { useCanvasDocument, useCanvasStore } from "@/lib/client/canvas/canvas-store";
import { fitCanvasView, useCanvasView } from "@/lib/client/canvas/canvas-view";
import { wheelZoomFactor, zoomBy } from "@/lib/client/canvas/viewport";
import { FrameOverlay, StagedResult } from "./frame-overlay";
import { DocLayer, PictureLayer } from "./stage-layers";

export interface StagedImage {
  url: string;
}

interface CanvasStageProps {
  staged: StagedImage | null;
  /** Says why a stroke went nowhere (no layer selected, a locked layer). */
  onHint(hint: string | null): void;
}

/** A stroke being drawn: the layers it goes onto and its samples so far. */
interface LiveStroke {
  targets: string[];
  stroke: Stroke;
}

/**
 * The canvas on Konva: the picture at the bottom, one Konva layer per canvas layer (so erasing
 * cuts only its own), the frame and staged results on top. The view pans and zooms without end;
 * strokes are kept in canvas pixels whatever the zoom.
 */
export default function CanvasStage({ staged, onHint }: CanvasStageProps) {
  const box = useRef<HTMLDivElement>(null);
  const stage = useRef<Konva.Stage>(null);
  const cursor = useRef<Konva.Circle>(null);
  const doc = useCanvasDocument();
  const tool = useCanvasStore((s) => s.tool);
  const sizes = useCanvasStore((s) => s.sizes);
  const selectedId = useCanvasStore((s) => s.selectedId);
  const { view, box: size, setView, setBox } = useCanvasView();
  const [live, setLive] = useState<LiveStroke | null>(null);
  const liveRef = useRef<LiveStroke | null>(null);
  const fitted = useRef(false);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (!entry) return;
      setBox({ width: Math.round(entry.contentRect.width), height: Math.round(entry.contentRect.height) });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [setBox]);

  // The first measured size shows the picture and the frame whole.
  useEffect(() => {
    if (size && !fitted.current) {
      fitted.current = true;
      fitCanvasView(useCanvasStore.getState().history.present);
    }
  }, [size]);

  const painting = tool !== "move";
  const brushSize = tool === "move" ? 0 : sizes[tool];

  const begin = (e: Konva.KonvaEventObject<PointerEvent>) => {
    if (!painting || e.evt.button !== 0) return;
    const node = stage.current;
    const at = node?.getRelativePointerPosition();
    if (!node || !at) return;
    const mode = tool === "brush" ? "paint" : "erase";
    const layers = useCanvasStore.getState().history.present.layers;
    const selected = layers.find((l) => l.id === selectedId);
    const targets =
      tool === "restore"
        ? layers.filter((l) => canPaint(l, "erase")).map((l) => l.id)
        : canPaint(selected, mode) && selected
          ? [selected.id]
          : [];
    if (targets.length === 0) {
      onHint(
        tool === "restore"
          ? "There is nothing over the picture to erase."
          : !selected
            ? "Select or add a layer to paint on."
            : selected.hidden || selected.locked
              ? `${selected.name} is ${selected.hidden ? "hidden" : "locked"}.`
              : `${selected.name} is a picture: it can be erased, not painted.`,
      );
      return;
    }
    onHint(null);
    const pen = e.evt.pointerType === "pen" && e.evt.pressure > 0;
    const next = {
      targets,
      stroke: { mode, size: brushSize, pressure: pen, points: [at.x, at.y, pen ? e.evt.pressure : 0.5] },
    } satisfies LiveStroke;
    liveRef.current = next;
    setLive(next);
  };

  const extend = (e: Konva.KonvaEventObject<PointerEvent>) => {
    const at = stage.current?.getRelativePointerPosition();
    if (at && cursor.current) cursor.current.position(at);
    const current = liveRef.current;
    if (!current || !at) return;
    const pressure = current.stroke.pressure ? e.evt.pressure : 0.5;
    const next = {
      ...current,
      stroke: { ...current.stroke, points: [...current.stroke.points, at.x, at.y, pressure] },
    };
    liveRef.current = next;
    setLive(next);
  };

  const end = () => {
    const current = liveRef.current;
    liveRef.current = null;
    setLive(null);
    if (current) useCanvasStore.getState().stroke(current.stroke);
  };

  return (
    <div
      ref={box}
      data-testid="canvas-stage"
      data-view={`${view.x},${view.y},${view.scale}`}
      data-frame={`${doc.frame.x},${doc.frame.y},${doc.frame.width},${doc.frame.height}`}
      className="absolute inset-0"
      style={{ cursor: painting ? "none" : "grab", touchAction: "none" }}
    >
      {size ? (
        <Stage
          ref={stage}
          width={size.width}
          height={size.height}
          x={view.x}
          y={view.y}
          scaleX={view.scale}
          scaleY={view.scale}
          draggable={!painting}
          onDragEnd={(e) => {
            if (e.target === stage.current) setView({ ...view, x: e.target.x(), y: e.target.y() });
          }}
          onWheel={(e) => {
            e.evt.preventDefault();
            const pointer = stage.current?.getPointerPosition();
            if (pointer) setView(zoomBy(view, pointer, wheelZoomFactor(e.evt.deltaY, e.evt.deltaMode)));
          }}
          onPointerDown={begin}
          onPointerMove={extend}
          onPointerUp={end}
          onPointerLeave={end}
        >
          <PictureLayer picture={doc.picture} />
          {doc.layers.map((layer) => (
            <DocLayer
              key={layer.id}
              layer={layer}
              live={live?.targets.includes(layer.id) ? live.stroke : null}
            />
          ))}
          <Layer>
            {staged ? <StagedResult url={staged.url} /> : null}
            <FrameOverlay movable={!painting} />
            <Circle
              ref={cursor}
              radius={brushSize / 2}
              visible={painting}
              stroke="#fff"
              strokeWidth={1.5 / view.scale}
              shadowColor="#000"
              shadowBlur={2}
              listening={false}
            />
          </Layer>
        </Stage>
      ) : null}
    </div>
  );
}
