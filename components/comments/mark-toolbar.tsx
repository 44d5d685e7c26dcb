"use client";

import { ArrowUpRight, Check, Circle, Eraser, PenLine, Square, Undo2 } from "lucide-react";
import type { ComponentType } from "react";
import { Button } from "@/components/ui/button";
import { cn, focusRing } from "@/components/ui/cn";
import { useViewerStore } from "@/lib/client/review/viewer-store";
import { MARK_COLORS, type MarkKind } from "@/lib/studio/comments/marks";

const TOOLS: { kind: MarkKind; label: string; icon: ComponentType<{ className?: string }> }[] = [
  { kind: "arrow", label: "Arrow", icon: ArrowUpRight },
  { kind: "rectangle", label: "Rectangle", icon: Square },
  { kind: "ellipse", label: "Ellipse", icon: Circle },
  { kind: "freehand", label: "Freehand", icon: PenLine },
];

const choice = (on: boolean) =>
  cn(
    "flex size-7 items-center justify-center rounded-control transition-colors",
    focusRing,
    on
      ? "bg-accent/20 text-foreground ring-1 ring-accent"
      : "text-muted hover:bg-panel-hover hover:text-foreground",
  );

/** Over the media while a comment's marks are drawn: the shape, the colour, undo, clear, done. */
export function MarkToolbar() {
  const tool = useViewerStore((s) => s.markTool);
  const color = useViewerStore((s) => s.markColor);
  const count = useViewerStore((s) => s.draftMarks.length);
  const setTool = useViewerStore((s) => s.setMarkTool);
  const setColor = useViewerStore((s) => s.setMarkColor);
  const undo = useViewerStore((s) => s.undoDraftMark);
  const setDraft = useViewerStore((s) => s.setDraftMarks);
  const setDrawing = useViewerStore((s) => s.setDrawing);
  return (
    <div
      role="toolbar"
      aria-label="Drawing"
      className="absolute top-3 left-3 z-10 flex w-max max-w-[calc(100%-1.5rem)] flex-wrap items-center gap-0.5 rounded-control border border-border bg-surface/95 p-1 shadow-panel"
    >
      <fieldset aria-label="Shape" className="flex gap-0.5 border-0 p-0">
        {TOOLS.map(({ kind, label, icon: Icon }) => (
          <button
            key={kind}
            type="button"
            aria-pressed={tool === kind}
            aria-label={label}
            title={label}
            onClick={() => setTool(kind)}
            className={choice(tool === kind)}
          >
            <Icon className="size-4" />
          </button>
        ))}
      </fieldset>
      <span aria-hidden className="mx-0.5 h-5 w-px bg-border" />
      <fieldset aria-label="Colour" className="flex gap-0.5 border-0 p-0">
        {MARK_COLORS.map((c) => (
          <button
            key={c.id}
            type="button"
            aria-pressed={color === c.id}
            aria-label={c.label}
            title={c.label}
            onClick={() => setColor(c.id)}
            className={choice(color === c.id)}
          >
            <span
              className="size-3.5 rounded-full border border-black/40"
              style={{ backgroundColor: c.hex }}
            />
          </button>
        ))}
      </fieldset>
      <span aria-hidden className="mx-0.5 h-5 w-px bg-border" />
      <Button
        variant="ghost"
        size="sm"
        aria-label="Undo the last mark"
        title="Undo"
        disabled={count === 0}
        onClick={undo}
      >
        <Undo2 aria-hidden />
      </Button>
      <Button
        variant="ghost"
        size="sm"
        aria-label="Clear the marks"
        title="Clear"
        disabled={count === 0}
        onClick={() => setDraft([])}
      >
        <Eraser aria-hidden />
      </Button>
      <Button
        variant="primary"
        size="sm"
        aria-label="Done drawing"
        className="ml-0.5"
        onClick={() => setDrawing(false)}
      >
        <Check aria-hidden />
        Done
      </Button>
    </div>
  );
}
