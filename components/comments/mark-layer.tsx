"use client";

import { type PointerEvent, useEffect, useRef, useState } from "react";
import { cn } from "@/components/ui/cn";
import { isDrawn, markShape, thinStroke, toRelative } from "@/lib/client/comments/mark-geometry";
import { useViewerStore } from "@/lib/client/review/viewer-store";
import type { CommentThread } from "@/lib/studio/comments/comments";
import { colorHex, type Mark } from "@/lib/studio/comments/marks";

/**
 * The marks shown on the media: while a comment's marks are drawn or waiting to be posted, those;
 * else those of the thread the pointer is over, or of the one pressed in the list.
 */
export function shownMarks(
  threads: readonly CommentThread[],
  state: {
    drawing: boolean;
    draftMarks: Mark[];
    selectedCommentId: string | null;
    highlightedCommentId: string | null;
  },
): { marks: readonly Mark[]; commentId: string | null } {
  if (state.drawing || state.draftMarks.length > 0) return { marks: state.draftMarks, commentId: null };
  for (const id of [state.highlightedCommentId, state.selectedCommentId]) {
    const thread = id ? threads.find((t) => t.id === id) : undefined;
    if (thread && thread.marks.length > 0) return { marks: thread.marks, commentId: thread.id };
  }
  return { marks: [], commentId: null };
}

/** The layer's own size in its layout (before the stage's zoom, which scales it as a whole). */
function useLayoutSize(element: HTMLElement | null) {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useEffect(() => {
    if (!element) return;
    const measure = () => setSize({ width: element.clientWidth, height: element.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return size;
}

function MarkSvg({
  mark,
  width,
  height,
  stroke,
}: {
  mark: Mark;
  width: number;
  height: number;
  stroke: number;
}) {
  const shape = markShape(mark, width, height, stroke);
  const color = colorHex(mark.color);
  const line = {
    stroke: color,
    strokeWidth: stroke,
    fill: "none",
    strokeLinecap: "round",
    strokeLinejoin: "round",
  } as const;
  switch (shape.kind) {
    case "rect":
      return (
        <rect
          data-mark={mark.kind}
          x={shape.x}
          y={shape.y}
          width={shape.width}
          height={shape.height}
          {...line}
        />
      );
    case "ellipse":
      return (
        <ellipse data-mark={mark.kind} cx={shape.cx} cy={shape.cy} rx={shape.rx} ry={shape.ry} {...line} />
      );
    case "line":
      return (
        <g data-mark={mark.kind}>
          <line x1={shape.x1} y1={shape.y1} x2={shape.x2} y2={shape.y2} {...line} />
          <polyline points={shape.head} {...line} />
        </g>
      );
    case "path":
      return <path data-mark={mark.kind} d={shape.d} fill={color} />;
  }
}

/**
 * An SVG over the media, exactly its box (the viewer places it inside the zoom transform, so the
 * marks scale with the zoom). While drawing, the pointer draws the chosen shape in the chosen
 * colour; a drag that moved draws a mark.
 */
export function MarkLayer({
  marks,
  drawing,
  label,
}: {
  marks: readonly Mark[];
  drawing: boolean;
  label: string;
}) {
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const { width, height } = useLayoutSize(element);
  const tool = useViewerStore((s) => s.markTool);
  const color = useViewerStore((s) => s.markColor);
  const addDraftMark = useViewerStore((s) => s.addDraftMark);
  const [current, setCurrent] = useState<Mark | null>(null);
  // The mark under the pointer, read by the next event before React renders again (pointer
  // events can come faster than renders).
  const drag = useRef<{ pointerId: number; mark: Mark } | null>(null);
  // A line about 0.4% of the media's shorter side: visible on a thumbnail-sized stage and on a 4K one.
  const stroke = Math.max(2, Math.min(width, height) * 0.004);

  const pointOf = (event: PointerEvent<HTMLDivElement>) =>
    toRelative(event.clientX, event.clientY, event.currentTarget.getBoundingClientRect());
  const update = (mark: Mark | null) => {
    if (drag.current && mark) drag.current.mark = mark;
    setCurrent(mark);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (!drawing || event.button !== 0) return;
    event.preventDefault();
    event.stopPropagation();
    event.currentTarget.setPointerCapture(event.pointerId);
    const p = pointOf(event);
    const mark: Mark = { kind: tool, color, points: [p, p] };
    drag.current = { pointerId: event.pointerId, mark };
    update(mark);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== event.pointerId) return;
    event.stopPropagation();
    const p = pointOf(event);
    const m = d.mark;
    update(
      m.kind === "freehand" ? { ...m, points: [...m.points, p] } : { ...m, points: [m.points[0] ?? p, p] },
    );
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== event.pointerId) return;
    drag.current = null;
    const done: Mark = d.mark.kind === "freehand" ? { ...d.mark, points: thinStroke(d.mark.points) } : d.mark;
    if (isDrawn(done)) addDraftMark(done);
    setCurrent(null);
  };

  const all = current ? [...marks, current] : marks;
  return (
    <div
      ref={setElement}
      data-testid="mark-layer"
      data-drawing={drawing}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => {
        drag.current = null;
        setCurrent(null);
      }}
      className={cn("absolute inset-0", drawing ? "cursor-crosshair touch-none" : "pointer-events-none")}
    >
      {width > 0 && all.length > 0 ? (
        <svg
          role="img"
          aria-label={label}
          width={width}
          height={height}
          viewBox={`0 0 ${width} ${height}`}
          className="absolute inset-0 overflow-visible drop-shadow-[0_1px_1px_rgba(0,0,0,0.6)]"
        >
          {all.map((mark, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: marks are only added at the end or taken from it.
            <MarkSvg key={i} mark={mark} width={width} height={height} stroke={stroke} />
          ))}
        </svg>
      ) : null}
    </div>
  );
}
