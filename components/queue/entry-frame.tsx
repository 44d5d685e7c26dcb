"use client";

import { ArrowDown, ArrowUp, ChevronsUp, GripVertical } from "lucide-react";
import type { DragEvent, KeyboardEvent, ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";

export type MoveRequest = { to: "top" } | { before: string } | { after: string };

/** What every entry of the waiting list shares: its place, its choice box and how it moves. */
export interface EntryFrameProps {
  /** The task's UUID or the experiment's id: what a drop onto another entry carries. */
  id: string;
  /** The nearest entry above and below that may share its place (the same member's). */
  above: string | undefined;
  below: string | undefined;
  selected: boolean;
  steerable: boolean;
  onSelect(selected: boolean): void;
  onMove(move: MoveRequest): void;
  onDrop(dragged: string): void;
}

/**
 * One entry of the waiting list: chosen with its box, moved with its buttons, by Alt+Up /
 * Alt+Down while it has focus, or dragged onto another entry (it goes where that one was).
 */
export function EntryFrame({
  id,
  above,
  below,
  selected,
  steerable,
  onSelect,
  onMove,
  onDrop,
  label,
  chooseLabel,
  actions,
  children,
  className,
  ...data
}: EntryFrameProps & {
  label: string;
  chooseLabel: string;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  "data-testid": string;
  "data-paused": "true" | "false";
  "data-task"?: string;
  "data-experiment"?: string;
}) {
  const up = () => above && onMove({ before: above });
  const down = () => below && onMove({ after: below });
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!steerable || !e.altKey || e.target !== e.currentTarget) return;
    if (e.key === "ArrowUp") {
      e.preventDefault();
      up();
    } else if (e.key === "ArrowDown") {
      e.preventDefault();
      down();
    }
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a draggable, focusable row, not a form's fieldset
    <div
      role="group"
      {...data}
      tabIndex={steerable ? 0 : -1}
      aria-keyshortcuts={steerable ? "Alt+ArrowUp Alt+ArrowDown" : undefined}
      aria-label={label}
      draggable={steerable}
      onDragStart={(e: DragEvent) => {
        e.dataTransfer.setData("text/x-task", id);
        e.dataTransfer.effectAllowed = "move";
      }}
      onDragOver={(e: DragEvent) => {
        if (steerable) e.preventDefault();
      }}
      onDrop={(e: DragEvent) => {
        e.preventDefault();
        const dragged = e.dataTransfer.getData("text/x-task");
        if (dragged && dragged !== id) onDrop(dragged);
      }}
      onKeyDown={onKeyDown}
      className={cn(
        "flex items-center gap-2 rounded-card border border-border bg-panel-raised px-2.5 py-2",
        "focus-visible:outline-2 focus-visible:outline-accent",
        className,
        selected && "border-accent/50 bg-accent/5",
      )}
    >
      {steerable ? (
        <GripVertical aria-hidden className="size-4 shrink-0 cursor-grab text-muted-subtle" />
      ) : null}
      <input
        type="checkbox"
        aria-label={chooseLabel}
        checked={selected}
        disabled={!steerable}
        onChange={(e) => onSelect(e.target.checked)}
        className="size-4 shrink-0 accent-[#6553f0]"
      />
      <div className="min-w-0 flex-1">{children}</div>
      {steerable ? (
        <div className="flex shrink-0 items-center gap-0.5">
          {actions}
          <Button
            size="sm"
            variant="ghost"
            className="px-1.5"
            aria-label="Move to top"
            title="Move to top"
            disabled={!above}
            onClick={() => onMove({ to: "top" })}
          >
            <ChevronsUp aria-hidden />
          </Button>
          <Button
            size="sm"
            variant="ghost"
            className="px-1.5"
            aria-label="Move up"
            title="Move up (Alt+Up)"
            disabled={!above}
            onClick={up}
          >
            <ArrowUp aria-hidden />
          </Button>
          <Button
            size="sm"
            variant="ghost"
            className="px-1.5"
            aria-label="Move down"
            title="Move down (Alt+Down)"
            disabled={!below}
            onClick={down}
          >
            <ArrowDown aria-hidden />
          </Button>
        </div>
      ) : null}
    </div>
  );
}
