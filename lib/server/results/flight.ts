import "server-only";
import type { ServiceError } from "@/lib/protocol/errors";
import type { TaskRow } from "@/lib/server/db/schema";
import type { StoredTaskError } from "@/lib/server/db/schema/studio";
import type { TaskState } from "@/lib/studio/items/gallery-item";
import type { WireTask } from "@/lib/upstream";
import { retryTaskUUID } from "./settle";

/**
 * When polling takes over if the socket has not delivered by itself. A video is polled as soon as
 * the service acknowledges it (its progress comes only from polling), never before: a service
 * may not know a task it has not acknowledged yet. Without an acknowledgement, it is polled
 * after `video` all the same (taskNotFound then still counts as "not yet" for a while).
 */
export const POLL_AFTER_MS = { video: 20_000, asyncImage: 15_000, syncImage: 60_000 } as const;

/** A task the keeper waits on: what publishing and recording its results needs, without a read. */
export interface Flight {
  taskUUID: string;
  taskType: string;
  authorId: string;
  authorName: string;
  params: Record<string, unknown>;
  itemCount: number;
  done: number;
  status: TaskState;
  progress: number | null;
  /** Media UUIDs already handled, so a result that arrives by two routes is fetched once. */
  seen: Set<string>;
  /** The request that sent it (`x-request-id`); unknown for a task picked up after a restart. */
  requestId?: string;
  /** When it was handed over (`performance.now()`), for the result latency; unknown after a restart. */
  sentAt?: number;
  /** The task as written to the service, to send it again after a passing failure; unknown after a restart. */
  wire?: WireTask;
  /**
   * The UUID the service knows the current try by: the task's own, then a new one for each retry
   * (a taskUUID is used once at the service).
   */
  wireUUID: string;
  /** 1 for the first try. */
  attempt: number;
  /**
   * What failed in the current try, keyed by where it was heard (`poll:<index>`, `socket:<n>`,
   * `webhook:<digest>`, `media:<id>`), so that the same failure heard twice counts once.
   */
  failures: Map<string, { error: ServiceError; index: number | null }>;
  /** Results being downloaded and recorded right now. */
  storing: number;
  /** The service has delivered (or failed) every result of the current try: told once. */
  delivered?: boolean;
  /**
   * The record says `processing` already: the progress its kept results make is not written again,
   * as its items tell it (task-view.ts).
   */
  recordedProcessing?: boolean;
  /** While a retry runs: the record's error that says so, shown with every progress update. */
  retrying?: StoredTaskError;
  /** Times sent again under the same UUID because the service did not know it (see resends.ts). */
  resends: number;
  /**
   * Taken up after a restart and not handed to the service by this process yet: the service is
   * being asked about it, or it waits its turn to be sent again. Not watched meanwhile.
   */
  parked?: boolean;
}

/** A flight for a recorded task (after a restart, or a webhook for a task held elsewhere). */
export function flightFromRow(
  row: TaskRow,
  authorName: string,
  done: number,
  seen: readonly string[],
): Flight {
  const retried = retryTaskUUID(row.error);
  const retry = row.error?.retry as { attempt?: unknown } | undefined;
  return {
    taskUUID: row.taskUUID,
    taskType: row.taskType,
    authorId: row.authorId,
    authorName,
    params: row.params,
    itemCount: row.itemCount,
    done,
    status: row.status,
    progress: row.progress,
    seen: new Set(seen),
    wireUUID: retried ?? row.taskUUID,
    attempt: retried && typeof retry?.attempt === "number" ? retry.attempt : 1,
    failures: new Map(),
    storing: 0,
    resends: 0,
    recordedProcessing: row.status === "processing",
    ...(retried && row.error ? { retrying: row.error } : {}),
  };
}

/** What the sender of a task knows of it; the rest of its flight starts here. */
export type TrackedFlight = Omit<
  Flight,
  | "done"
  | "status"
  | "progress"
  | "seen"
  | "sentAt"
  | "wireUUID"
  | "attempt"
  | "failures"
  | "storing"
  | "resends"
  | "parked"
>;

/**
 * The flight of a task just sent. One taken up after a restart and sent again (`before`) keeps
 * what it had (results kept, its try).
 */
export function trackedFlight(before: Flight | undefined, flight: TrackedFlight): Flight {
  if (before) {
    return Object.assign(before, {
      wire: flight.wire,
      sentAt: performance.now(),
      failures: new Map(),
      parked: false,
      ...(flight.requestId ? { requestId: flight.requestId } : {}),
    });
  }
  return {
    ...flight,
    done: 0,
    status: "queued",
    progress: null,
    seen: new Set(),
    sentAt: performance.now(),
    wireUUID: flight.taskUUID,
    attempt: 1,
    failures: new Map(),
    storing: 0,
    resends: 0,
  };
}

/** The share of a task's results kept, 0-100: its progress by results. */
export function progressOfResults(flight: Pick<Flight, "done" | "itemCount">): number {
  return Math.round((flight.done / Math.max(1, flight.itemCount)) * 100);
}

export function isEnded(flight: Flight): boolean {
  return flight.status === "success" || flight.status === "error";
}

/**
 * The task's failures, each counted once: a generation the poll reports failed (by its index) may
 * have been heard already from the socket or a webhook without an index, and the two pair off by
 * their code.
 */
export function failuresOf(flight: Flight): { error: ServiceError; index: number | null }[] {
  const all = [...flight.failures.values()];
  const indexed = all.filter((f) => f.index !== null);
  const unpaired = [...indexed];
  const out = [...indexed];
  for (const heard of all) {
    if (heard.index !== null) continue;
    const twin = unpaired.findIndex((f) => f.error.code === heard.error.code);
    if (twin >= 0) unpaired.splice(twin, 1);
    else out.push(heard);
  }
  return out;
}
