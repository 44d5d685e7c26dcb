"use client";

import { Pin, RotateCw } from "lucide-react";
import { memo, useMemo } from "react";
import { cn } from "@/components/ui/cn";
import { LABEL_LINES } from "@/lib/studio/experiments/label-room";
import { fitLines, type Measure } from "@/lib/studio/experiments/wrap";

export interface Pinned {
  /** "row" pins a value of the rows' axis, "col" one of the columns'. */
  along: "row" | "col";
  index: number;
}

interface AxisHeaderProps {
  along: Pinned["along"];
  /** The axis this header is a value of, and the value's index on it. */
  axis: number;
  index: number;
  /** The whole value (the tooltip) and the words shown (a prompt's differing words). */
  title: string;
  shown: string;
  /** Width the shown words have (lib/studio/experiments/label-room.ts), and how to measure them. */
  room: number;
  measure: Measure | null;
  /** Lines the label may wrap onto before it is cut (two unless told). */
  lines?: number;
  pinned: boolean;
  canRun: boolean;
  onPin(pin: Pinned | null): void;
  onRerun(axis: number, index: number): void;
}

/**
 * A row's or column's label, with its pin (the reference) and its re-run. The label wraps onto two
 * lines in the room it has and is cut in the middle only when two lines are not enough; until the
 * page's font can be measured the browser clamps it.
 */
export const AxisHeader = memo(function AxisHeader({
  along,
  axis,
  index,
  title,
  shown,
  room,
  measure,
  lines = LABEL_LINES,
  pinned,
  canRun,
  onPin,
  onRerun,
}: AxisHeaderProps) {
  const words = useMemo(
    () => (measure && room > 0 ? fitLines(shown, room, lines, measure) : shown),
    [shown, room, measure, lines],
  );
  return (
    <div className="flex min-w-0 items-center gap-1">
      <span
        className="min-w-0 break-words leading-snug"
        title={title}
        data-testid="axis-label"
        data-cut={words !== shown.trim() ? "" : undefined}
        // The browser's own clamp until the label is measured, and as a guard after.
        style={{
          maxWidth: measure && room > 0 ? room : undefined,
          WebkitLineClamp: lines,
          display: "-webkit-box",
          WebkitBoxOrient: "vertical",
          overflow: "hidden",
        }}
      >
        {words}
      </span>
      <button
        type="button"
        aria-pressed={pinned}
        aria-label={`Pin ${title} as the reference`}
        title="Pin as the reference"
        onClick={() => onPin(pinned ? null : { along, index })}
        className={cn(
          "shrink-0 rounded p-1 text-muted-subtle hover:text-foreground",
          pinned && "text-accent-fg",
        )}
      >
        <Pin aria-hidden className="size-3.5" />
      </button>
      {canRun ? (
        <button
          type="button"
          aria-label={`Re-run ${title} with another value`}
          title={`Re-run this ${along === "row" ? "row" : "column"} with…`}
          onClick={() => onRerun(axis, index)}
          className="shrink-0 rounded p-1 text-muted-subtle hover:text-foreground"
        >
          <RotateCw aria-hidden className="size-3.5" />
        </button>
      ) : null}
    </div>
  );
});
