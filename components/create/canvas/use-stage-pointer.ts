"use client";

import type Konva from "konva";
import { type RefObject, useRef, useState } from "react";
import { bucketOpOffThread } from "@/lib/client/canvas/bucket-fill";
import { canPaint, type Stroke } from "@/lib/client/canvas/canvas-document";
import { useCanvasStore } from "@/lib/client/canvas/canvas-store";
import { LASSO_STEP_PX, lassoOp, sampleOf } from "@/lib/client/canvas/paint-tools";

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

/**
 * The pointer on the stage with a painting tool: a brush or eraser stroke drawn live and kept on
 * release, the bucket's fill on a click, the lasso's outline drawn and filled (Alt: erased) on
 * release. Each ends as one entry in the store: one undo step, one layer redrawn.
 */
export function useStagePointer({
  stage,
  cursor,
  brushSize,
  scale,
  onHint,
}: {
  stage: RefObject<Konva.Stage | null>;
  cursor: RefObject<Konva.Circle | null>;
  brushSize: number;
  scale: number;
  onHint(hint: string | null): void;
}) {
  const tool = useCanvasStore((s) => s.tool);
  const selectedId = useCanvasStore((s) => s.selectedId);
  const painting = tool !== "move";
  const [live, setLive] = useState<LiveStroke | null>(null);
  const liveRef = useRef<LiveStroke | null>(null);
  const [lasso, setLasso] = useState<number[] | null>(null);
  const lassoRef = useRef<number[] | null>(null);
  const begin = (e: Konva.KonvaEventObject<PointerEvent>) => {
    if (!painting || e.evt.button !== 0) return;
    const node = stage.current;
    const at = node?.getRelativePointerPosition();
    if (!node || !at) return;
    const mode =
      tool === "brush" || ((tool === "fill" || tool === "lasso") && !e.evt.altKey) ? "paint" : "erase";
    const doc = useCanvasStore.getState().history.present;
    const chosen = strokeTargets(tool, mode, doc.layers, selectedId);
    if (typeof chosen === "string") {
      onHint(chosen);
      return;
    }
    const targets = chosen;
    onHint(null);
    if (tool === "fill") {
      const layer = doc.layers.find((l) => l.id === targets[0]);
      if (!layer) return;
      void bucketOpOffThread(doc, layer, at, mode).then((op) => {
        const now = useCanvasStore.getState();
        // The fill was for that layer as it was clicked: another chosen since takes nothing.
        if (!op) onHint("Click inside the picture or the frame to fill.");
        else if (now.selectedId === layer.id) now.paint(op);
      });
      return;
    }
    if (tool === "lasso") {
      lassoRef.current = [at.x, at.y];
      setLasso(lassoRef.current);
      return;
    }
    const sample = sampleOf(e.evt);
    const next = {
      targets,
      stroke: { mode, size: brushSize, pressure: sample.pen, points: [at.x, at.y, sample.pressure] },
    } satisfies LiveStroke;
    liveRef.current = next;
    setLive(next);
  };

  const extend = (e: Konva.KonvaEventObject<PointerEvent>) => {
    const at = stage.current?.getRelativePointerPosition();
    if (at && cursor.current) cursor.current.position(at);
    const drawn = lassoRef.current;
    if (drawn && at) {
      const step = LASSO_STEP_PX / scale;
      if (Math.hypot(at.x - (drawn.at(-2) ?? 0), at.y - (drawn.at(-1) ?? 0)) >= step) {
        lassoRef.current = [...drawn, at.x, at.y];
        setLasso(lassoRef.current);
      }
      return;
    }
    const current = liveRef.current;
    if (!current || !at) return;
    const pressure = current.stroke.pressure ? sampleOf(e.evt).pressure : 0.5;
    const next = {
      ...current,
      stroke: { ...current.stroke, points: [...current.stroke.points, at.x, at.y, pressure] },
    };
    liveRef.current = next;
    setLive(next);
  };

  const end = (e: Konva.KonvaEventObject<PointerEvent>) => {
    const drawn = lassoRef.current;
    lassoRef.current = null;
    if (drawn) {
      setLasso(null);
      const op = lassoOp(drawn, e.evt.altKey ? "erase" : "paint");
      if (op) useCanvasStore.getState().paint(op);
      return;
    }
    const current = liveRef.current;
    liveRef.current = null;
    setLive(null);
    if (current) useCanvasStore.getState().stroke(current.stroke);
  };

  return { live, lasso, begin, extend, end };
}
