"use client";

import { AlertTriangle, LoaderCircle, Minimize2, RotateCcw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn, focusRing } from "@/components/ui/cn";
import { LoopingVideo } from "@/components/ui/looping-video";
import { wholeMedia } from "@/components/ui/whole-media";
import { canSendSmaller, useSendSmaller } from "@/lib/client/create/send-smaller";
import { valuesFromTask } from "@/lib/client/create/task-values";
import type { GalleryItem, TaskView } from "@/lib/studio/items/gallery-item";

function elapsed(since: string, now: number): string {
  const s = Math.max(0, Math.round((now - Date.parse(since)) / 1000));
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${s % 60} s`;
}

/** A finished result: the image or video, opening the detail view when chosen. */
export function ResultMedia({ item, onOpen }: { item: GalleryItem; onOpen(item: GalleryItem): void }) {
  return (
    <button
      type="button"
      data-testid="result-item"
      data-task-uuid={item.taskUUID}
      onClick={() => onOpen(item)}
      className={cn(
        "group relative block aspect-square w-full overflow-hidden rounded-card border border-border bg-surface-sunken",
        focusRing,
      )}
      aria-label={`Open result${item.seed ? ` (seed ${item.seed})` : ""}`}
    >
      {item.kind === "image" ? (
        // biome-ignore lint/performance/noImgElement: studio media is served by our own route.
        <img
          src={item.url}
          alt=""
          decoding="async"
          width={item.width ?? undefined}
          height={item.height ?? undefined}
          className={cn(wholeMedia, "transition-transform group-hover:scale-[1.03]")}
        />
      ) : (
        <LoopingVideo
          src={item.url}
          preload="metadata"
          width={item.width ?? undefined}
          height={item.height ?? undefined}
          className={wholeMedia}
        />
      )}
      {item.seed ? (
        <span className="absolute bottom-1.5 left-1.5 rounded bg-black/65 px-1.5 py-px font-mono text-[10px] text-foreground opacity-0 transition-opacity group-hover:opacity-100">
          {item.seed}
        </span>
      ) : null}
    </button>
  );
}

/** A result still to come: its task's state, progress and time so far. */
export function PendingTile({ task, now }: { task: TaskView; now: number }) {
  const percent = task.progress === null ? null : Math.round(task.progress * (task.progress <= 1 ? 100 : 1));
  return (
    <div
      data-testid="result-pending"
      data-task-uuid={task.taskUUID}
      className="relative flex aspect-square flex-col items-center justify-center gap-2 overflow-hidden rounded-card border border-border bg-panel text-[12px] text-muted"
    >
      <div
        className="absolute inset-0 animate-pulse bg-gradient-to-br from-accent/5 via-transparent to-accent/10"
        aria-hidden
      />
      <LoaderCircle aria-hidden className="size-5 animate-spin text-accent-fg" />
      <span className="relative">
        {task.status === "queued" ? "Queued" : "Rendering"}
        {percent !== null ? ` · ${percent}%` : ""}
      </span>
      <span className="relative tabular-nums text-muted-subtle">{elapsed(task.createdAt, now)}</span>
      {percent !== null ? (
        <span className="absolute inset-x-0 bottom-0 h-1 bg-panel-hover" aria-hidden>
          <span className="block h-full bg-accent" style={{ width: `${percent}%` }} />
        </span>
      ) : null}
    </div>
  );
}

const noResend = async () => undefined;

/**
 * A task that failed: the service's reason, and a retry. A task refused as too large for the
 * service is offered again with its images made smaller.
 */
export function FailedTile({
  task,
  onRetry,
  onResend,
}: {
  task: TaskView;
  onRetry(task: TaskView): void;
  /** Sends params made from the task's (its images made smaller). */
  onResend?(params: Record<string, unknown>): Promise<unknown>;
}) {
  const { shrinking, refusal, sendSmaller } = useSendSmaller(onResend ?? noResend);
  const smaller = onResend !== undefined && canSendSmaller(task.error, task.params);
  return (
    <div
      data-testid="result-failed"
      className="flex aspect-square flex-col justify-between gap-2 rounded-card border border-danger/40 bg-danger/5 p-3 text-[12px]"
    >
      <p className="flex items-start gap-1.5 text-danger-fg">
        <AlertTriangle aria-hidden className="mt-px size-3.5 shrink-0" />
        <span className="line-clamp-5">{task.error?.message ?? "The task failed."}</span>
      </p>
      {refusal ? (
        <p role="alert" className="text-muted">
          {refusal}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-1.5">
        {smaller ? (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => void sendSmaller(valuesFromTask(task.params))}
            disabled={shrinking}
          >
            {shrinking ? <LoaderCircle aria-hidden className="animate-spin" /> : <Minimize2 aria-hidden />}
            {shrinking ? "Making it smaller…" : "Send smaller"}
          </Button>
        ) : null}
        <Button size="sm" variant="secondary" onClick={() => onRetry(task)} disabled={shrinking}>
          <RotateCcw aria-hidden />
          Retry
        </Button>
      </div>
    </div>
  );
}
