"use client";

import type Konva from "konva";
import { useEffect, useRef, useState } from "react";
import { Group, Image as KonvaImage, Rect, Text } from "react-konva";
import { type Rect as FrameRect, moveFrame, resizeFrame } from "@/lib/client/canvas/canvas-frame";
import { useCanvasDocument, useCanvasStore } from "@/lib/client/canvas/canvas-store";
import { useCanvasView } from "@/lib/client/canvas/canvas-view";
import { useLoadedImage } from "./stage-layers";

const ACCENT = "#a78bfa";

/**
 * The generation frame: dragged by its body, sized by its corner handle, both in the service's
 * steps while the drag goes on; the document takes the frame once the drag ends (one undo step).
 */
export function FrameOverlay({ movable }: { movable: boolean }) {
  const committed = useCanvasDocument().frame;
  const setFrame = useCanvasStore((s) => s.setFrame);
  const scale = useCanvasView((s) => s.view.scale);
  const [frame, setFrameDraft] = useState<FrameRect>(committed);
  // The drag's end reads the draft from here: its handler may be one render behind the last move.
  const draft = useRef<FrameRect>(committed);
  const setDraft = (next: FrameRect) => {
    draft.current = next;
    setFrameDraft(next);
  };
  useEffect(() => {
    draft.current = committed;
    setFrameDraft(committed);
  }, [committed]);
  const handle = 14 / scale;

  const onMove = (e: Konva.KonvaEventObject<DragEvent>) => {
    const next = moveFrame(committed, e.target.x() - committed.x, e.target.y() - committed.y);
    e.target.position({ x: next.x, y: next.y });
    setDraft(next);
  };
  const onSize = (e: Konva.KonvaEventObject<DragEvent>) => {
    const next = resizeFrame(
      committed,
      e.target.x() + handle / 2 - (committed.x + committed.width),
      e.target.y() + handle / 2 - (committed.y + committed.height),
    );
    e.target.position({ x: next.x + next.width - handle / 2, y: next.y + next.height - handle / 2 });
    setDraft(next);
  };

  return (
    <Group listening={movable}>
      <Text
        x={frame.x}
        y={frame.y - 22 / scale}
        text={`${frame.width} × ${frame.height}`}
        fontSize={13 / scale}
        fill={ACCENT}
        listening={false}
      />
      <Rect
        name="frame"
        x={frame.x}
        y={frame.y}
        width={frame.width}
        height={frame.height}
        stroke={ACCENT}
        strokeWidth={2 / scale}
        dash={[8 / scale, 6 / scale]}
        fill="rgba(167,139,250,0.04)"
        draggable={movable}
        onDragMove={onMove}
        onDragEnd={(e) => {
          e.cancelBubble = true;
          setFrame(draft.current);
        }}
        onMouseEnter={(e) => {
          const c = e.target.getStage()?.container();
          if (c) c.style.cursor = "move";
        }}
        onMouseLeave={(e) => {
          const c = e.target.getStage()?.container();
          if (c) c.style.cursor = "";
        }}
      />
      <Rect
        name="frame-handle"
        x={frame.x + frame.width - handle / 2}
        y={frame.y + frame.height - handle / 2}
        width={handle}
        height={handle}
        fill={ACCENT}
        cornerRadius={3 / scale}
        draggable={movable}
        onDragMove={onSize}
        onDragEnd={(e) => {
          e.cancelBubble = true;
          setFrame(draft.current);
        }}
      />
    </Group>
  );
}

/** A staged result shown over the frame it was made for. */
export function StagedResult({ url }: { url: string }) {
  const staging = useCanvasStore((s) => s.staging);
  const image = useLoadedImage(url);
  if (!staging || !image) return null;
  return <KonvaImage image={image} {...staging.frame} listening={false} />;
}
