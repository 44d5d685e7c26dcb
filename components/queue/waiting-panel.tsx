"use client";

import { useQueryClient } from "@tanstack/react-query";
import { Pause, Play } from "lucide-react";
import { useCallback, useState } from "react";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/select";
import { endpointQuery, useEndpoint, useEndpointMutation } from "@/lib/client/endpoint-client";
import { api } from "@/lib/studio/api/addresses";
import type { WaitingExperiment, WaitingTask } from "@/lib/studio/api/queue";
import { pauseNotes, type QueueScope } from "@/lib/studio/queue/queue";
import type { MoveRequest } from "./entry-frame";
import { ExperimentRow } from "./experiment-row";
import { WaitingList } from "./waiting-list";
import { WaitingRow } from "./waiting-row";
import { WaitingSelection } from "./waiting-selection";

/**
 * Every change to the queue comes as a live event (lib/server/queue/queue-handlers.ts); this slow
 * read only catches up after a connection that dropped events it could not replay.
 */
const FALLBACK_POLL_MS = 30_000;
/** The waiting list read within this long is shown as it is, without a read on opening. */
const WAITING_STALE_MS = 2_000;
const PAUSE_NOTE =
  "rounded-control border border-warning-fg/30 bg-warning-fg/5 px-2.5 py-1.5 text-[12.5px] text-warning-fg";

/**
 * Reads the member's own waiting list ahead of the drawer (the Queue button pointed at or
 * focused), so the drawer opens with it rather than with a read of its own.
 */
export function usePrefetchWaiting(): () => void {
  const client = useQueryClient();
  return useCallback(() => {
    void client.prefetchQuery({
      ...endpointQuery(api.queue.list, { query: { scope: "mine" } }),
      staleTime: WAITING_STALE_MS,
    });
  }, [client]);
}

/** One entry of the list: a waiting task, or an experiment's cells not yet sent. */
type Entry =
  | { kind: "task"; id: string; authorId: string; task: WaitingTask }
  | { kind: "experiment"; id: string; authorId: string; experiment: WaitingExperiment };

/** The tasks and experiments in one list, each experiment at its place. */
function entriesOf(tasks: readonly WaitingTask[], experiments: readonly WaitingExperiment[]): Entry[] {
  const entries: Entry[] = tasks.map((task) => ({
    kind: "task",
    id: task.taskUUID,
    authorId: task.authorId,
    task,
  }));
  for (const experiment of [...experiments].sort((a, b) => a.at - b.at)) {
    entries.splice(Math.min(experiment.at, entries.length), 0, {
      kind: "experiment",
      id: experiment.experimentId,
      authorId: experiment.authorId,
      experiment,
    });
  }
  return entries;
}

/** The chosen tasks and experiments, and the same as a request names them (only the kinds chosen). */
function chosenOf(
  data: { tasks: readonly WaitingTask[]; experiments: readonly WaitingExperiment[] },
  chosen: ReadonlySet<string>,
) {
  const targets = {
    taskUUIDs: data.tasks.filter((t) => chosen.has(t.taskUUID)).map((t) => t.taskUUID),
    experimentIds: data.experiments.filter((e) => chosen.has(e.experimentId)).map((e) => e.experimentId),
  };
  const named = {
    ...(targets.taskUUIDs.length > 0 ? { taskUUIDs: targets.taskUUIDs } : {}),
    ...(targets.experimentIds.length > 0 ? { experimentIds: targets.experimentIds } : {}),
  };
  return { targets, named };
}

/** The nearest entry of the same member on one side: an entry moves only among its member's. */
function neighbour(entries: readonly Entry[], at: number, step: -1 | 1): string | undefined {
  const self = entries[at];
  for (let i = at + step; i >= 0 && i < entries.length; i += step) {
    const other = entries[i];
    if (other && other.authorId === self?.authorId) return other.id;
  }
  return undefined;
}

/**
 * The tasks waiting in the studio, in the order they will be sent, an experiment's cells not yet
 * sent as one entry: paused and resumed, moved, given a priority, edited or cancelled here. Live:
 * every change (a teammate's too, or a task that arrives to wait) comes as a `queue` event.
 */
export function WaitingPanel() {
  const [scope, setScope] = useState<QueueScope>("mine");
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [note, setNote] = useState<string | null>(null);
  // Changes come live; the slow read only catches what a lost connection missed.
  const { data } = useEndpoint(
    api.queue.list,
    { query: { scope } },
    { staleTime: WAITING_STALE_MS, refetchInterval: FALLBACK_POLL_MS },
  );
  const fail = (err: { errors?: { message: string }[] }) =>
    setNote(err.errors?.[0]?.message ?? "That did not work. Try again.");
  const ok = { onSuccess: () => setNote(null) };
  const failing = { onError: fail };
  const pause = useEndpointMutation(api.queue.pause, ok);
  const resume = useEndpointMutation(api.queue.resume, ok);
  const move = useEndpointMutation(api.queue.move, ok);
  const priority = useEndpointMutation(api.queue.priority, ok);
  const hold = useEndpointMutation(api.queue.hold, ok);
  const cancel = useEndpointMutation(api.queue.cancel, {
    onSuccess: (o, { body }) => {
      setChosen(new Set());
      // An experiment's count is of its cells.
      const cells = body.experimentIds !== undefined && body.taskUUIDs === undefined;
      const noun = cells ? ["cell", "cells"] : ["task", "tasks"];
      setNote(
        `Cancelled ${o.cancelled} ${o.cancelled === 1 ? noun[0] : noun[1]}.` +
          (o.skipped > 0 ? ` ${o.skipped} had already been sent.` : ""),
      );
    },
  });
  if (!data) return null;
  const entries = entriesOf(data.tasks, data.experiments);
  const { targets, named } = chosenOf(data, chosen);
  const ids = entries.map((e) => e.id);
  const kinds = new Map(entries.map((e) => [e.id, e.kind]));
  const steerable = (e: Entry) =>
    (e.kind === "task" ? e.task.yours : e.experiment.yours) || data.canSteerOthers;
  const pausedHere = scope === "team" ? data.paused.team : data.paused.mine;
  const notes = pauseNotes({
    ...data.paused,
    teamPausedBy: data.teamPausedBy,
    canResumeTeam: data.canSteerOthers,
  });
  const waitingCount = data.tasks.length + data.experiments.reduce((n, e) => n + e.waiting, 0);
  const moveEntry = (id: string, to: MoveRequest) =>
    move.mutate(
      { body: { ...(kinds.get(id) === "experiment" ? { experimentId: id } : { taskUUID: id }), ...to } },
      failing,
    );
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
          <span className="ml-1.5 text-muted tabular-nums">{waitingCount.toLocaleString("en-US")}</span>
        </h3>
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
          {scope === "team" && !data.canSteerOthers ? null : (
            <PauseButton
              scope={scope}
              paused={pausedHere}
              onPause={() => pause.mutate({ body: { scope } }, failing)}
              onResume={() => resume.mutate({ body: { scope } }, failing)}
            />
          )}
        </div>
      </div>
      <PauseNotes notes={notes} />
      {entries.length === 0 ? (
        <p className="text-[12.5px] text-muted-subtle">
          Nothing waits: each task goes to the service as it is sent.
        </p>
      ) : (
        <>
          <WaitingSelection
            chosen={targets}
            onHold={(held) => hold.mutate({ body: { ...named, held } }, failing)}
            onPriority={(p) => priority.mutate({ body: { ...named, priority: p } }, failing)}
            onCancel={() => cancel.mutate({ body: named }, failing)}
            onCancelAll={() => cancel.mutate({ body: { allMine: true } }, failing)}
            onClear={() => setChosen(new Set())}
          />
          <WaitingList
            ids={ids}
            entry={(at) => {
              const entry = entries[at];
              if (!entry) return null;
              const frame = {
                above: neighbour(entries, at, -1),
                below: neighbour(entries, at, 1),
                selected: chosen.has(entry.id),
                steerable: steerable(entry),
                onSelect: (on: boolean) => toggle(entry.id, on),
                onMove: (to: MoveRequest) => moveEntry(entry.id, to),
                onDrop: (dragged: string) => moveEntry(dragged, { before: entry.id }),
              };
              return entry.kind === "task" ? (
                <WaitingRow task={entry.task} {...frame} />
              ) : (
                <ExperimentRow
                  experiment={entry.experiment}
                  {...frame}
                  onHold={(held) => hold.mutate({ body: { experimentIds: [entry.id], held } }, failing)}
                  onCancel={() => cancel.mutate({ body: { experimentIds: [entry.id] } }, failing)}
                />
              );
            }}
          />
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

/** Pauses the member's own queue or the team's, or resumes it when it is paused. */
function PauseButton({
  scope,
  paused,
  onPause,
  onResume,
}: {
  scope: QueueScope;
  paused: boolean;
  onPause(): void;
  onResume(): void;
}) {
  return paused ? (
    <Button size="sm" onClick={onResume}>
      <Play aria-hidden />
      {scope === "team" ? "Resume the team" : "Resume"}
    </Button>
  ) : (
    <Button size="sm" onClick={onPause}>
      <Pause aria-hidden />
      {scope === "team" ? "Pause the team" : "Pause"}
    </Button>
  );
}

/** Each pause that holds, on a line of its own: who paused what and what happens next. */
function PauseNotes({ notes }: { notes: { team: string | null; mine: string | null } }) {
  return (
    <>
      {notes.team ? (
        <p role="status" className={PAUSE_NOTE} data-testid="team-paused">
          {notes.team}
        </p>
      ) : null}
      {notes.mine ? (
        <p role="status" className={PAUSE_NOTE} data-testid="mine-paused">
          {notes.mine}
        </p>
      ) : null}
    </>
  );
}
