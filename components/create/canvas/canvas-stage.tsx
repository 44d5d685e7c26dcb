"use client";

import type Konva from "konva";
import { useEffect, useRef } from "react";
import { Circle, Layer, Line, Stage } from "react-konva";
import { isSizedTool, useCanvasDocument, useCanvasStore } from "@/lib/client/canvas/canvas-store";
import { fitCanvasView, useCanvasView } from "@/lib/client/canvas/canvas-view";
import { readView, viewToOpen, writeView } from "@/lib/client/canvas/view-memory";
import { wheelZoomFactor, zoomBy } from "@/lib/client/canvas/viewport";
import { FrameOverlay, StagedResult } from "./frame-overlay";
import { DocLayer, PictureLayer } from "./stage-layers";
import { useStagePointer } from "./use-stage-pointer";

export interface StagedImage {
  url: string;
}

interface CanvasStageProps {
  staged: StagedImage | null;
  /** Says why a stroke went nowhere (no layer selected, a locked layer). */
  onHint(hint: string | null): void;
  /** Where this browser keeps the job's view (zoom and pan), or null to keep none. */
  viewKey: string | null;
}

/**
 * Follows the stage's box as it is sized: the first measured size opens the view this job was
 * last looked at with in this browser (`viewKey`), or shows the picture and the frame whole; every
 * size after it (the window resized, a panel opened) fits again while the view is still a fit, and
 * a view the person zoomed or panned keeps its middle instead.
 */
function useFittedBox(
  box: React.RefObject<HTMLDivElement | null>,
  size: { width: number; height: number } | null,
  setBox: (size: { width: number; height: number }) => void,
  viewKey: string | null,
) {
  const opened = useRef(false);
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
    if (!size) return;
    const doc = useCanvasStore.getState().history.present;
    const first = !opened.current;
    opened.current = true;
    const kept =
      first && viewKey ? viewToOpen(readView(localStorage, viewKey), doc.picture?.id ?? null, size) : null;
    if (kept) useCanvasView.setState({ view: kept, fitted: false });
    else if (first || useCanvasView.getState().fitted) fitCanvasView(doc);
  }, [size, viewKey]);

  // Each change of the view is kept, once the stage has opened one.
  useEffect(() => {
    if (!viewKey) return;
    return useCanvasView.subscribe((s, before) => {
      if (!opened.current || !s.box || (s.view === before.view && s.fitted === before.fitted)) return;
      const pictureId = useCanvasStore.getState().history.present.picture?.id ?? null;
      writeView(localStorage, viewKey, { pictureId, view: s.view, box: s.box, fitted: s.fitted });
    });
  }, [viewKey]);
}

/**
 * The canvas on Konva: the picture at the bottom, one Konva layer per canvas layer (so erasing
 * cuts only its own), the frame and staged results on top. The view pans and zooms without end;
 * strokes are kept in canvas pixels whatever the zoom.
 */
export default function CanvasStage({ staged, onHint, viewKey }: CanvasStageProps) {
  const box = useRef<HTMLDivElement>(null);
  const stage = useRef<Konva.Stage>(null);
  const cursor = useRef<Konva.Circle>(null);
  const doc = useCanvasDocument();
  const tool = useCanvasStore((s) => s.tool);
  const sizes = useCanvasStore((s) => s.sizes);
  const { view, box: size, setView, setBox } = useCanvasView();
  useFittedBox(box, size, setBox, viewKey);

  const painting = tool !== "move";
  const brushSize = isSizedTool(tool) ? sizes[tool] : 0;

  const { live, lasso, begin, extend, end } = useStagePointer({
    stage,
    cursor,
    brushSize,
    scale: view.scale,
    onHint,
  });

  return (
    <div
      ref={box}
      data-testid="canvas-stage"
      data-view={`${view.x},${view.y},${view.scale}`}
      data-frame={`${doc.frame.x},${doc.frame.y},${doc.frame.width},${doc.frame.height}`}
      className="absolute inset-0"
      data-tool={tool}
      style={{ cursor: !painting ? "grab" : brushSize > 0 ? "none" : "crosshair", touchAction: "none" }}
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
            {lasso ? (
              <Line
                points={lasso}
                closed
                fill="rgba(255,255,255,0.12)"
                stroke="#fff"
                strokeWidth={1.5 / view.scale}
                dash={[6 / view.scale, 4 / view.scale]}
                listening={false}
              />
            ) : null}
            <Circle
              ref={cursor}
              radius={brushSize / 2}
              visible={brushSize > 0}
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
