import "server-only";
import { type EndedTask, finishTask, type StudioDatabase, type TaskPatch } from "@/lib/server/db";
import type { StoredTaskError } from "@/lib/server/db/schema/studio";
import type { EventLog } from "@/lib/server/stream/event-log";
import type { TaskUpdate } from "@/lib/studio/items/gallery-item";
import { type Flight, isEnded } from "./flight";
import { errorFields } from "./settle";

/**
 * What a task's author hears of it on the relay (`task` events), so that the stream says what a
 * reload of the record (`GET /api/tasks`) reads:
 *
 * - while it runs, its status and progress as the keeper holds them, with the try under way;
 * - its end once, announced by the one write that ended its record, in that record's words
 *   (status, the service's error, each failed result). Whichever road brought the end (poll,
 *   socket, webhook), however many of them did, and on whichever studio of the database.
 *
 * A task is marked ended in memory before its record is written, so that a second report meanwhile
 * does not end it again; an update whose turn comes after that (a progress write that was on its
 * way) is not announced: it would read as the end, without its reason.
 */

function update(flight: Flight, status: TaskUpdate["status"], progress: number | null): TaskUpdate {
  return {
    taskUUID: flight.taskUUID,
    taskType: flight.taskType,
    status,
    progress,
    itemCount: flight.itemCount,
    itemsDone: flight.done,
    error: null,
  };
}

/** A task in flight: its state now, with `error` (a try under way) or the flight's own retry. */
export function announceUpdate(log: EventLog, flight: Flight, error: StoredTaskError | null = null): void {
  if (isEnded(flight)) return;
  log.publishTask(flight.authorId, {
    ...update(flight, flight.status, flight.progress),
    ...errorFields(error ?? flight.retrying ?? null),
  });
}

/**
 * Ends the task's record with `patch` and announces it, when this write is the one that ended it:
 * the row it wrote, or null when the task had ended already (nothing is announced then). The
 * lease of `leaseHolder` goes in the same write either way.
 */
export async function endTask(
  db: StudioDatabase,
  log: EventLog,
  flight: Flight,
  patch: TaskPatch & { status: "success" | "error" },
  /** The studio instance whose lease on the task goes in the same write (see `finishTask`). */
  leaseHolder?: string,
): Promise<EndedTask | null> {
  const row = await finishTask(db, flight.taskUUID, patch, leaseHolder);
  if (!row) return null;
  log.publishTask(flight.authorId, {
    ...update(flight, row.status, row.progress),
    ...errorFields(row.error),
  });
  return row;
}
