"use client";

import { Pause, Play, XCircle } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/select";
import { useEndpoint, useEndpointMutation } from "@/lib/client/endpoint-client";
import { api } from "@/lib/studio/api";
import type { WaitingTask } from "@/lib/studio/api/queue";
import {
  PRIORITY_LABELS,
  type QueueScope,
  TASK_PRIORITIES,
  type TaskPriority,
} from "@/lib/studio/queue/queue";
import { FindReplace, SetParameter } from "./queue-edit-tools";
import { type MoveRequest, WaitingRow } from "./waiting-row";

/** The nearest task of the same member on one side: a task moves only among its member's. */
function neighbour(tasks: readonly WaitingTask[], at: number, step: -1 | 1): WaitingTask | undefined {
  const self = tasks[at];
  for (let i = at + step; i >= 0 && i < tasks.length; i += step) {
    const other = tasks[i];
    if (other && other.authorId === self?.authorId) return other;
  }
  return undefined;
}

/**
 * The tasks waiting in the studio, in the order they will be sent: paused and resumed, moved,
 * given a priority, edited or cancelled here. Live: another member's change reorders it too.
 */
export function WaitingPanel() {
  const [scope, setScope] = useState<QueueScope>("mine");
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [note, setNote] = useState<string | null>(null);
  // Steering changes come live (`queue` events); a task sent from a script or another tab says
  // nothing until it moves, so the open list also reads itself again every few seconds.
  const { data } = useEndpoint(
    api.queue.list,
    { query: { scope } },
    { staleTime: 2_000, refetchInterval: 3_000 },
  );
  const fail = (err: { errors?: { message: string }[] }) =>
    setNote(err.errors?.[0]?.message ?? "That did not work. Try again.");
  const pause = useEndpointMutation(api.queue.pause, { onSuccess: () => setNote(null) });
  const resume = useEndpointMutation(api.queue.resume, { onSuccess: () => setNote(null) });
  const move = useEndpointMutation(api.queue.move, { onSuccess: () => setNote(null) });
  const priority = useEndpointMutation(api.queue.priority, { onSuccess: () => setNote(null) });
  const cancel = useEndpointMutation(api.queue.cancel, {
    onSuccess: (o) => {
      setChosen(new Set());
      setNote(
        `Cancelled ${o.cancelled} ${o.cancelled === 1 ? "task" : "tasks"}.` +
          (o.skipped > 0 ? ` ${o.skipped} had already been sent.` : ""),
      );
    },
  });
  if (!data) return null;
  const tasks = data.tasks;
  const visible = new Set(tasks.map((t) => t.taskUUID));
  const selected = [...chosen].filter((id) => visible.has(id));
  const steerable = (t: WaitingTask) => t.yours || data.canSteerOthers;
  const pausedHere = scope === "team" ? data.paused.team : data.paused.mine;
  const moveTask = (taskUUID: string, to: MoveRequest) =>
    move.mutate({ body: { taskUUID, ...to } }, { onError: fail });
  const toggle = (id: string, on: boolean) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  return (
    <section aria-labelledby="waiting-title" className="flex flex-col gap-2" data-testid="waiting-panel">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id="waiting-title" className="font-medium text-[13px] text-foreground">
          Waiting to be sent
          <span className="ml-1.5 text-muted tabular-nums">{tasks.length.toLocaleString("en-US")}</span>
        </h3>
        {data.paused.team ? (
          <span className="text-[12px] text-warning-fg" data-testid="team-paused">
            The team's queue is paused.
          </span>
        ) : data.paused.mine ? (
          <span className="text-[12px] text-warning-fg" data-testid="mine-paused">
            Your queue is paused.
          </span>
        ) : null}
        <div className="ml-auto flex items-center gap-1.5">
          <Select
            aria-label="Whose tasks"
            value={scope}
            onChange={(e) => setScope(e.target.value as QueueScope)}
            className="h-8"
          >
            <option value="mine">Mine</option>
            <option value="team">Whole team</option>
          </Select>
          {scope === "team" && !data.canSteerOthers ? null : pausedHere ? (
            <Button size="sm" onClick={() => resume.mutate({ body: { scope } }, { onError: fail })}>
              <Play aria-hidden />
              {scope === "team" ? "Resume the team" : "Resume"}
            </Button>
          ) : (
            <Button size="sm" onClick={() => pause.mutate({ body: { scope } }, { onError: fail })}>
              <Pause aria-hidden />
              {scope === "team" ? "Pause the team" : "Pause"}
            </Button>
          )}
        </div>
      </div>
      {tasks.length === 0 ? (
        <p className="text-[12.5px] text-muted-subtle">
          Nothing waits: each task goes to the service as it is sent.
        </p>
      ) : (
        <>
          <div className="flex flex-wrap items-center gap-1.5 text-[12.5px] text-muted">
            <span aria-live="polite" data-testid="chosen-count">
              {selected.length === 0 ? "Choose tasks to change them together." : `${selected.length} chosen`}
            </span>
            {selected.length > 0 ? (
              <>
                <Select
                  aria-label="Priority"
                  value=""
                  onChange={(e) =>
                    e.target.value &&
                    priority.mutate(
                      { body: { taskUUIDs: selected, priority: e.target.value as TaskPriority } },
                      { onError: fail },
                    )
                  }
                  className="h-8"
                >
                  <option value="">Set priority…</option>
                  {TASK_PRIORITIES.map((p) => (
                    <option key={p} value={p}>
                      {PRIORITY_LABELS[p]}
                    </option>
                  ))}
                </Select>
                <Button
                  size="sm"
                  onClick={() => cancel.mutate({ body: { taskUUIDs: selected } }, { onError: fail })}
                >
                  <XCircle aria-hidden />
                  Cancel chosen
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setChosen(new Set())}>
                  Clear
                </Button>
              </>
            ) : (
              <Button
                size="sm"
                variant="ghost"
                className="ml-auto"
                onClick={() => cancel.mutate({ body: { allMine: true } }, { onError: fail })}
              >
                Cancel all mine
              </Button>
            )}
          </div>
          {selected.length > 0 ? (
            <div className="flex flex-col gap-2 rounded-card border border-border bg-panel p-2.5">
              <FindReplace taskUUIDs={selected} />
              <SetParameter taskUUIDs={selected} />
            </div>
          ) : null}
          <ol className="flex max-h-[38vh] flex-col gap-1.5 overflow-y-auto" data-testid="waiting-list">
            {tasks.map((task, at) => (
              <li key={task.taskUUID}>
                <WaitingRow
                  task={task}
                  above={neighbour(tasks, at, -1)}
                  below={neighbour(tasks, at, 1)}
                  selected={chosen.has(task.taskUUID)}
                  steerable={steerable(task)}
                  onSelect={(on) => toggle(task.taskUUID, on)}
                  onMove={(to) => moveTask(task.taskUUID, to)}
                  onDrop={(dragged) => moveTask(dragged, { before: task.taskUUID })}
                />
              </li>
            ))}
          </ol>
        </>
      )}
      {note ? (
        <p className="text-[12px] text-muted" role="status" data-testid="waiting-note">
          {note}
        </p>
      ) : null}
    </section>
  );
}
