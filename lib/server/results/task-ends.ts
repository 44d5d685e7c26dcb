import "server-only";
import { logger } from "@/lib/platform/logger";
import type { ServiceError } from "@/lib/protocol/errors";
import { type EndedTask, markTask } from "@/lib/server/db";
import { studioMetrics } from "@/lib/server/ops/metrics";
import { stampTask } from "@/lib/server/ops/task-timeline";
import { announceUpdate, endTask } from "./announce";
import { type Flight, isEnded } from "./flight";
import type { KeeperDeps } from "./keeper-deps";
import type { KeeperState } from "./keeper-state";
import type { TaskRetries } from "./retries";
import { type settledPatch, storedError } from "./settle";

/** What ending a task, or writing its progress, needs of the keeper. */
export interface EndsHost {
  deps: KeeperDeps;
  state: KeeperState;
  retries: TaskRetries;
  /** The flight of a task, from memory or from its record. */
  flightFor(taskUUID: string): Promise<Flight | null>;
}

/** Ends the task with `patch`, once: its record, its lease, its watch, its slot, its announcement. */
export async function settleFlight(
  host: EndsHost,
  flight: Flight,
  patch: ReturnType<typeof settledPatch>,
): Promise<void> {
  const { deps, state } = host;
  if (isEnded(flight)) return;
  // Ended here, before any await: a delivery arriving meanwhile must not end it a second time.
  flight.status = patch.status;
  // Its lease goes in the same write.
  const row = await endTask(deps.db, deps.log, flight, patch, deps.leases?.holder);
  stampTask(flight.taskUUID, "settled");
  state.flights.delete(flight.taskUUID);
  host.retries.forget(flight);
  state.abortWatch(flight.taskUUID);
  state.finished(flight.authorId, flight.taskUUID, row?.inExperiment ?? true);
  // Ended by another route or studio first: it counted and announced the end.
  if (!row) return;
  flight.progress = row.progress;
  studioMetrics().tasksFinished.inc({ type: flight.taskType, outcome: patch.status });
  logger().info(
    { requestId: flight.requestId, taskUUID: flight.taskUUID, outcome: patch.status, results: flight.done },
    "task finished",
  );
}

/** A task the service refused or failed: recorded as an error and reported to its author. */
export async function failTask(host: EndsHost, taskUUID: string, error: ServiceError): Promise<void> {
  const { deps, state } = host;
  const known = state.flights.get(taskUUID);
  logger().warn(
    { requestId: known?.requestId, taskUUID, code: error.code, parameter: error.parameter },
    `task failed: ${error.message}`,
  );
  const flight = known ?? (await host.flightFor(taskUUID));
  if (!flight) return;
  // Ended by now if its record did, else ended here: only the write that ends it announces it.
  let row: EndedTask | null = null;
  if (!isEnded(flight)) {
    flight.status = "error";
    const patch = { status: "error", error: storedError(error) } as const;
    row = await endTask(deps.db, deps.log, flight, patch, deps.leases?.holder);
  } else await release(deps, taskUUID);
  state.flights.delete(taskUUID);
  if (row) studioMetrics().tasksFinished.inc({ type: flight.taskType, outcome: "error" });
  state.abortWatch(taskUUID);
  state.finished(flight.authorId, taskUUID, row?.inExperiment ?? true);
}

/**
 * A task in flight made progress: announced at once, written when it is real progress.
 * `byResults`: the share of results kept, which the record's items tell once it says processing.
 */
export async function progressTask(
  host: Pick<EndsHost, "deps" | "state">,
  taskUUID: string,
  progress: number,
  byResults = false,
): Promise<void> {
  const { deps, state } = host;
  const flight = state.flights.get(taskUUID);
  if (!flight || isEnded(flight)) return;
  // Only changes are written: polls repeat the same figure between frames.
  if (flight.status === "processing" && (flight.progress ?? 0) >= progress) return;
  flight.status = "processing";
  flight.progress = Math.max(flight.progress ?? 0, progress);
  // The service took the task (progress 0): the team hears it at once, and the record, which
  // only a reload reads, waits for real progress or the end. One write fewer for every task.
  if (flight.progress > 0 && !(byResults && flight.recordedProcessing)) {
    await markTask(deps.db, taskUUID, { status: "processing", progress: flight.progress });
    flight.recordedProcessing = true;
  }
  // Not announced when the task ended while this was written (see announce.ts).
  announceUpdate(deps.log, flight);
}

/** A task that ended: its lease goes (a failure here is swept up with the ended tasks' leases). */
async function release(deps: KeeperDeps, taskUUID: string): Promise<void> {
  await deps.leases?.release([taskUUID]).catch(() => undefined);
}
