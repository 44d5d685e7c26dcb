"use client";

import { Pin, RotateCw } from "lucide-react";
import { memo } from "react";
import { cn } from "@/components/ui/cn";

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
  pinned: boolean;
  canRun: boolean;
  onPin(pin: Pinned | null): void;
  onRerun(axis: number, index: number): void;
}

/** A row's or column's label, with its pin (the reference) and its re-run. */
export const AxisHeader = memo(function AxisHeader({
  along,
  axis,
  index,
  title,
  shown,
  pinned,
  canRun,
  onPin,
  onRerun,
}: AxisHeaderProps) {
  return (
    <div className="flex min-w-0 items-center gap-1">
      <span className="truncate" title={title} data-testid="axis-label">
        {shown}
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
