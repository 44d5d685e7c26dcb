"use client";

import { AlertTriangle, Ban, CheckCircle2, LoaderCircle, Minimize2, RotateCcw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import Link from "@/components/ui/link";
import { promptForPeople } from "@/lib/client/create/prompt-words";
import { recallHref, workflowOf } from "@/lib/client/create/recall-links";
import { canSendSmaller, useSendSmaller } from "@/lib/client/create/send-smaller";
import { valuesFromTask } from "@/lib/client/create/task-values";
import { useGenerate } from "@/lib/client/create/use-generate";
import { isInFlight } from "@/lib/client/create/use-task-views";
import type { QueuedTask } from "@/lib/client/gallery/cache";
import { newId } from "@/lib/client/new-id";
import type { FailedResult } from "@/lib/studio/items/gallery-item";
import { isCancelled } from "@/lib/studio/queue/cancelled";

/** A task's state in the queue's words: waiting covers a task held by a pause too (its note says why). */
const STATUS_WORDS: Record<QueuedTask["status"], string> = {
  queued: "waiting",
  processing: "in progress",
  success: "done",
  error: "failed",
};

function elapsed(task: QueuedTask, now: number): string {
  if (!task.createdAt) return "";
  const s = Math.max(0, Math.round((now - Date.parse(task.createdAt)) / 1000));
  return s < 60 ? `${s} s` : s < 3600 ? `${Math.floor(s / 60)} min` : `${Math.floor(s / 3600)} h`;
}

/** Failed results with stable keys: two failures without a position may read the same. */
function keyedFailures(failures: readonly FailedResult[]): { key: string; failure: FailedResult }[] {
  const seen = new Map<string, number>();
  return failures.map((failure) => {
    const base = `${failure.index ?? "any"}:${failure.code}`;
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return { key: `${base}:${n}`, failure };
  });
}

/** One task of the queue: its state, time so far and progress; a failed one can be sent again. */
export function QueueRow({ task, now }: { task: QueuedTask; now: number }) {
  const slug = task.params ? workflowOf(task.params) : "text-to-image";
  const { generate, pending } = useGenerate(slug);
  const percent =
    task.progress === null ? null : Math.round(task.progress <= 1 ? task.progress * 100 : task.progress);
  const prompt = promptForPeople(
    typeof task.params?.positivePrompt === "string" ? task.params.positivePrompt : null,
  );
  // A retry's note goes with the task only while it runs (a later update may not repeat it).
  const retrying = isInFlight(task) ? task.retry : undefined;
  const failedResults = task.status === "success" ? (task.failedResults ?? []) : [];
  // Never sent, so not a failure: its own word and mark.
  const cancelled = task.status === "error" && isCancelled(task.error);
  const again = (params: Record<string, unknown>) =>
    generate([{ ...params, taskType: task.taskType, taskUUID: newId(), deliveryMethod: "async" }]);
  const { shrinking, refusal, sendSmaller } = useSendSmaller(again);
  const retry = () => {
    if (task.params) void again(valuesFromTask(task.params));
  };
  return (
    <div
      data-testid="queue-row"
      data-status={cancelled ? "cancelled" : task.status}
      className="rounded-card border border-border bg-panel-raised p-3"
    >
      <div className="flex items-start gap-2">
        {cancelled ? (
          <Ban aria-label="Cancelled" className="mt-0.5 size-4 shrink-0 text-muted" />
        ) : task.status === "error" ? (
          <AlertTriangle aria-label="Failed" className="mt-0.5 size-4 shrink-0 text-danger-fg" />
        ) : task.status === "success" ? (
          <CheckCircle2 aria-label="Done" className="mt-0.5 size-4 shrink-0 text-success-fg" />
        ) : (
          <LoaderCircle
            aria-label={task.status === "queued" ? "Waiting" : "In progress"}
            className="mt-0.5 size-4 shrink-0 animate-spin text-accent-fg"
          />
        )}
        <div className="min-w-0 flex-1">
          <p className="truncate text-[13px] text-foreground">
            {prompt ?? (task.taskType === "videoInference" ? "Video" : "Image")}
          </p>
          <p className="mt-0.5 text-[11.5px] text-muted-subtle">
            {task.taskType === "videoInference" ? "Video" : "Image"} ·{" "}
            {retrying
              ? `retrying (${retrying.attempt} of ${retrying.of})`
              : cancelled
                ? "cancelled"
                : STATUS_WORDS[task.status]}
            {task.itemCount > 1 ? ` · ${task.itemsDone}/${task.itemCount}` : ""}
            {isInFlight(task) && task.createdAt ? ` · ${elapsed(task, now)}` : ""}
          </p>
          {retrying && task.error ? (
            <p className="mt-1 text-[12px] text-muted" data-testid="queue-retry">
              The service failed for a passing reason, so the studio sends it again: {task.error.message}
            </p>
          ) : failedResults.length > 0 ? (
            <ul
              className="mt-1 flex flex-col gap-0.5 text-[12px] text-warning-fg"
              data-testid="queue-failed-results"
            >
              {keyedFailures(failedResults).map(({ key, failure: f }) => (
                <li key={key}>
                  {f.index === null ? "A result" : `Result ${f.index + 1}`} was not made: {f.message}
                </li>
              ))}
            </ul>
          ) : task.error && task.status === "error" ? (
            <p className={cn("mt-1 text-[12px]", cancelled ? "text-muted" : "text-danger-fg")}>
              {task.error.message}
            </p>
          ) : null}
          {refusal ? (
            <p role="alert" className="mt-1 text-[12px] text-muted">
              {refusal}
            </p>
          ) : null}
        </div>
        {task.status === "error" && task.params ? (
          <div className="flex shrink-0 flex-col items-end gap-1.5">
            <Button size="sm" variant="secondary" onClick={retry} disabled={pending || shrinking}>
              <RotateCcw aria-hidden />
              {cancelled ? "Send again" : "Retry"}
            </Button>
            {canSendSmaller(task.error, task.params) ? (
              <Button
                size="sm"
                variant="secondary"
                onClick={() => task.params && void sendSmaller(valuesFromTask(task.params))}
                disabled={pending || shrinking}
              >
                {shrinking ? (
                  <LoaderCircle aria-hidden className="animate-spin" />
                ) : (
                  <Minimize2 aria-hidden />
                )}
                {shrinking ? "Making it smaller…" : "Send smaller"}
              </Button>
            ) : null}
          </div>
        ) : task.params && task.status === "success" ? (
          <Link
            href={recallHref({ taskUUID: task.taskUUID, params: task.params })}
            className="text-[12px] text-accent-fg hover:underline"
          >
            Open
          </Link>
        ) : null}
      </div>
      {isInFlight(task) ? (
        <div className="mt-2 h-1 overflow-hidden rounded-full bg-panel-hover" aria-hidden>
          <div
            className={cn("h-full bg-accent transition-[width]", percent === null && "w-1/3 animate-pulse")}
            style={percent === null ? undefined : { width: `${percent}%` }}
          />
        </div>
      ) : null}
    </div>
  );
}
