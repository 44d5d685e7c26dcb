"use client";

import { PauseCircle } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { promptForPeople } from "@/lib/client/create/prompt-words";
import type { WaitingTask } from "@/lib/studio/api/queue";
import { PRIORITY_LABELS } from "@/lib/studio/queue/queue";
import { EntryFrame, type EntryFrameProps } from "./entry-frame";

export type { MoveRequest } from "./entry-frame";

/** One waiting task: its prompt, size and settings, its priority and whether it is paused. */
export function WaitingRow({ task, ...frame }: Omit<EntryFrameProps, "id"> & { task: WaitingTask }) {
  const prompt = promptForPeople(task.prompt) ?? (task.taskType === "videoInference" ? "Video" : "Image");
  const size = task.width && task.height ? `${task.width}×${task.height}` : null;
  return (
    <EntryFrame
      {...frame}
      id={task.taskUUID}
      data-testid="waiting-row"
      data-task={task.taskUUID}
      data-paused={task.paused ? "true" : "false"}
      label={`${prompt}, ${PRIORITY_LABELS[task.priority]} priority${task.paused ? ", paused" : ""}`}
      chooseLabel={`Choose “${prompt}”`}
    >
      <p className="truncate text-[13px] text-foreground" data-testid="waiting-prompt">
        {prompt}
      </p>
      <p className="mt-0.5 flex flex-wrap items-center gap-1.5 text-[11.5px] text-muted-subtle">
        {task.yours ? null : <span>{task.authorName} ·</span>}
        {[size, task.steps ? `${task.steps} steps` : null, task.CFGScale ? `CFG ${task.CFGScale}` : null]
          .filter(Boolean)
          .join(" · ")}
        {task.priority !== "normal" ? (
          <Badge tone={task.priority === "high" ? "accent" : "neutral"} className="px-1.5 py-0 text-[10.5px]">
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
    </EntryFrame>
  );
}
