"use client";

import { ArrowDown, ArrowUp, ChevronsUp, GripVertical, PauseCircle } from "lucide-react";
import type { DragEvent, KeyboardEvent } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { promptForPeople } from "@/lib/client/create/field-labels";
import type { WaitingTask } from "@/lib/studio/api/queue";
import { PRIORITY_LABELS } from "@/lib/studio/queue/queue";

export type MoveRequest = { to: "top" } | { before: string } | { after: string };

/**
 * One waiting task: chosen with its box, moved with its buttons, by Alt+Up / Alt+Down while it
 * has focus, or dragged onto another row (it goes where that row was).
 */
export function WaitingRow({
  task,
  above,
  below,
  selected,
  steerable,
  onSelect,
  onMove,
  onDrop,
}: {
  task: WaitingTask;
  /** The nearest row above and below that may share its place (the same member's). */
  above: WaitingTask | undefined;
  below: WaitingTask | undefined;
  selected: boolean;
  steerable: boolean;
  onSelect(selected: boolean): void;
  onMove(move: MoveRequest): void;
  onDrop(dragged: string): void;
}) {
  const prompt = promptForPeople(task.prompt) ?? (task.taskType === "videoInference" ? "Video" : "Image");
  const up = () => above && onMove({ before: above.taskUUID });
  const down = () => below && onMove({ after: below.taskUUID });
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
  const size = task.width && task.height ? `${task.width}×${task.height}` : null;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a draggable, focusable row, not a form's fieldset
    <div
      role="group"
      data-testid="waiting-row"
      data-task={task.taskUUID}
      data-paused={task.paused ? "true" : "false"}
      tabIndex={steerable ? 0 : -1}
      aria-keyshortcuts={steerable ? "Alt+ArrowUp Alt+ArrowDown" : undefined}
      aria-label={`${prompt}, ${PRIORITY_LABELS[task.priority]} priority${task.paused ? ", paused" : ""}`}
      draggable={steerable}
      onDragStart={(e: DragEvent) => {
        e.dataTransfer.setData("text/x-task", task.taskUUID);
        e.dataTransfer.effectAllowed = "move";
      }}
      onDragOver={(e: DragEvent) => {
        if (steerable) e.preventDefault();
      }}
      onDrop={(e: DragEvent) => {
        e.preventDefault();
        const dragged = e.dataTransfer.getData("text/x-task");
        if (dragged && dragged !== task.taskUUID) onDrop(dragged);
      }}
      onKeyDown={onKeyDown}
      className={cn(
        "flex items-center gap-2 rounded-card border border-border bg-panel-raised px-2.5 py-2",
        "focus-visible:outline-2 focus-visible:outline-accent",
        selected && "border-accent/50 bg-accent/5",
      )}
    >
      {steerable ? (
        <GripVertical aria-hidden className="size-4 shrink-0 cursor-grab text-muted-subtle" />
      ) : null}
      <input
        type="checkbox"
        aria-label={`Choose “${prompt}”`}
        checked={selected}
        disabled={!steerable}
        onChange={(e) => onSelect(e.target.checked)}
        className="size-4 shrink-0 accent-[#6553f0]"
      />
      <div className="min-w-0 flex-1">
        <p className="truncate text-[13px] text-foreground" data-testid="waiting-prompt">
          {prompt}
        </p>
        <p className="mt-0.5 flex flex-wrap items-center gap-1.5 text-[11.5px] text-muted-subtle">
          {task.yours ? null : <span>{task.authorName} ·</span>}
          {[size, task.steps ? `${task.steps} steps` : null, task.CFGScale ? `CFG ${task.CFGScale}` : null]
            .filter(Boolean)
            .join(" · ")}
          {task.priority !== "normal" ? (
            <Badge
              tone={task.priority === "high" ? "accent" : "neutral"}
              className="px-1.5 py-0 text-[10.5px]"
            >
              {PRIORITY_LABELS[task.priority]} priority
            </Badge>
          ) : null}
          {task.paused ? (
            <span className="inline-flex items-center gap-1 text-warning-fg">
              <PauseCircle aria-hidden className="size-3" />
              Paused
            </span>
          ) : null}
        </p>
      </div>
      {steerable ? (
        <div className="flex shrink-0 items-center gap-0.5">
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
