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

type CanvasLayers = ReturnType<typeof useCanvasStore.getState>["history"]["present"]["layers"];

/** The layers a stroke goes onto, or why it goes nowhere (said to the person). */
function strokeTargets(
  tool: string,
  mode: "paint" | "erase",
  layers: CanvasLayers,
  selectedId: string | null,
): string[] | string {
  const selected = layers.find((l) => l.id === selectedId);
  if (tool === "restore") {
    const erasable = layers.filter((l) => canPaint(l, "erase")).map((l) => l.id);
    return erasable.length > 0 ? erasable : "There is nothing over the picture to erase.";
  }
  if (selected && canPaint(selected, mode)) return [selected.id];
  if (!selected) return "Select or add a layer to paint on.";
  if (selected.hidden || selected.locked)
    return `${selected.name} is ${selected.hidden ? "hidden" : "locked"}.`;
  return `${selected.name} is a picture: it can be erased, not painted.`;
}

/** Follows the stage's box as it is sized; the first measured size shows the picture and the frame whole. */
function useFittedBox(
  box: React.RefObject<HTMLDivElement | null>,
  size: { width: number; height: number } | null,
  setBox: (size: { width: number; height: number }) => void,
) {
  const fitted = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `box` is the stage's ref, the same object for the component's life.
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

  useEffect(() => {
    if (size && !fitted.current) {
      fitted.current = true;
      fitCanvasView(useCanvasStore.getState().history.present);
    }
  }, [size]);
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
  useFittedBox(box, size, setBox);

  const painting = tool !== "move";
  const brushSize = tool === "move" ? 0 : sizes[tool];

  const begin = (e: Konva.KonvaEventObject<PointerEvent>) => {
    if (!painting || e.evt.button !== 0) return;
    const node = stage.current;
    const at = node?.getRelativePointerPosition();
    if (!node || !at) return;
    const mode = tool === "brush" ? "paint" : "erase";
    const chosen = strokeTargets(tool, mode, useCanvasStore.getState().history.present.layers, selectedId);
    if (typeof chosen === "string") {
      onHint(chosen);
      return;
    }
    const targets = chosen;
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
