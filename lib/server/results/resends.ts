import "server-only";
import { isServiceError, type ServiceError } from "@/lib/protocol/errors";
import type { UpstreamClient, WireTask } from "@/lib/upstream";
import { type Flight, POLL_AFTER_MS } from "./flight";

/**
 * A task the service says it does not know (`taskNotFound` once the grace is over, or at once
 * after a restart of the studio) was never received, or was lost with the service's own restart:
 * it is sent again under the UUID the service should know it by, from what the studio recorded.
 * A service that still holds it answers `conflictTaskUUID`, which the socket takes as "held"
 * (`send(…, { again: true })`), so sending again is safe. Re-sends are counted per task: a service
 * that keeps not knowing the task after `MAX_RESENDS` of them ends it with an error that says so.
 */

/** Sends under the same UUID after the first, before the task ends as not kept by the service. */
export const MAX_RESENDS = 3;

/** How long a task sent again may wait to be written to the socket. */
const RESEND_DEADLINE_MS = 12_000;

/** True when every failure only says the service does not know the task. */
export function onlyUnknown(failures: readonly ServiceError[]): boolean {
  return failures.length > 0 && failures.every((f) => f.code === "taskNotFound");
}

/** The error a task ends with when the service never kept it. */
export function notKeptError(sends: number): ServiceError {
  return {
    code: "taskNotFound",
    message: `The service did not keep this task: it was sent ${sends} times, and each time the service later answered that it had no such task. Send it again as a new task.`,
  };
}

/** The task as written for its current try: a retry's UUID carries no webhook (its token is the task's own). */
export function wireForTry(flight: Pick<Flight, "taskUUID" | "wireUUID">, wire: WireTask): WireTask {
  if (flight.wireUUID === flight.taskUUID) return { ...wire, taskUUID: flight.taskUUID };
  const { webhookURL: _webhook, ...rest } = wire;
  return { ...rest, taskUUID: flight.wireUUID } as WireTask;
}

export function pollAfterMs(taskType: string, wire: WireTask): number {
  if (taskType === "videoInference") return POLL_AFTER_MS.video;
  return wire.deliveryMethod === "async" ? POLL_AFTER_MS.asyncImage : POLL_AFTER_MS.syncImage;
}

export interface ResendHost {
  socket: Pick<UpstreamClient["socket"], "send">;
  /** The task as written, rebuilt from its record (the keeper holds none after a restart). */
  wireOf?: (flight: Flight) => Promise<WireTask>;
  /** Aborted when the keeper closes: nothing is sent or ended then. */
  signal: AbortSignal;
  stopWatching(taskUUID: string): void;
  watchLater(flight: Flight, ms: number): void;
  /** Ends the task with `error`. */
  end(flight: Flight, error: ServiceError): Promise<void>;
}

/** True when the task can be sent again: its wire form is known or can be rebuilt. */
export function canResend(host: Pick<ResendHost, "wireOf">, flight: Flight): boolean {
  return flight.wire !== undefined || host.wireOf !== undefined;
}

/** The wire form of the task's current try, rebuilt (and kept on the flight) when unknown. */
export async function wireOf(host: Pick<ResendHost, "wireOf">, flight: Flight): Promise<WireTask> {
  if (!flight.wire) {
    if (!host.wireOf) throw new Error("the task's wire form is unknown");
    flight.wire = await host.wireOf(flight);
  }
  return wireForTry(flight, flight.wire);
}

/** Sends the task again under its current try's UUID, or ends it once re-sends are spent. */
export async function resend(host: ResendHost, flight: Flight): Promise<void> {
  if (flight.resends >= MAX_RESENDS) {
    await host.end(flight, notKeptError(flight.resends + 1));
    return;
  }
  let wire: WireTask;
  try {
    wire = await wireOf(host, flight);
  } catch (err) {
    await host.end(flight, notResentError(err));
    return;
  }
  flight.resends += 1;
  flight.failures = new Map();
  host.stopWatching(flight.taskUUID);
  try {
    await host.socket.send([wire], AbortSignal.timeout(RESEND_DEADLINE_MS), { again: true });
  } catch {
    // Not written now (the service out of reach): the watch below finds it unknown, and the next
    // re-send (counted) tries again.
    if (host.signal.aborted) return;
  }
  host.watchLater(flight, pollAfterMs(flight.taskType, wire));
}

/** Why a task recorded by the studio cannot be sent again, in the contract's shape. */
export function notResentError(err: unknown): ServiceError {
  if (isServiceError(err)) return err;
  return {
    code: "internalServerError",
    message: `The task could not be sent again: ${err instanceof Error ? err.message : String(err)}`,
  };
}
