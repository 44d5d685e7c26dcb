import "server-only";
import { randomUUID } from "node:crypto";
import { logger } from "@/lib/platform/logger";
import { markTask, type StudioDatabase } from "@/lib/server/db";
import type { StoredTaskError } from "@/lib/server/db/schema/studio";
import type { UpstreamClient, UpstreamError, WireTask } from "@/lib/upstream";
import { type Flight, POLL_AFTER_MS } from "./flight";
import { MAX_ATTEMPTS, retryDelayMs, storedError } from "./settle";

/** How long a retried task may wait to be written to the socket. */
const RESEND_DEADLINE_MS = 12_000;

/** What sending a task again needs of the keeper. */
export interface RetryHost {
  db: StudioDatabase;
  socket: Pick<UpstreamClient["socket"], "send">;
  /** The wait before try number `attempt` (default `retryDelayMs`, jittered). */
  delay?: (attempt: number, retryAfterSeconds: number | undefined) => number;
  /** True while the task is waited on and its current try is `wireUUID`. */
  current(flight: Flight, wireUUID: string): boolean;
  stopWatching(taskUUID: string): void;
  watchLater(flight: Flight, ms: number): void;
  publish(flight: Flight, error: StoredTaskError): void;
  /** The task could not be sent again: it ends with `cause`. */
  giveUp(flight: Flight, cause: UpstreamError): Promise<void>;
  /** Runs `fn` after `ms`, on a timer the keeper clears when it closes. */
  later(fn: () => void, ms: number): void;
}

/**
 * Sends a task that failed for a passing reason again, under a new UUID (the service holds the old
 * one), after a backoff that honours the service's `retryAfter`. Its record says which try this is
 * meanwhile ("retrying (2 of 3)"), and the new UUID, so that a restart polls the right one; the
 * results of a retry, which carry its UUID, are recorded under the task's own (`own`).
 */
export class TaskRetries {
  /** A retry's UUID at the service -> the task's own. */
  private readonly aliases = new Map<string, string>();

  constructor(private readonly host: RetryHost) {}

  /** The task's own UUID for a UUID the service used. */
  own(uuid: string): string {
    return this.aliases.get(uuid) ?? uuid;
  }

  /** A task read back from its record may be in a retry: its results are routed to it. */
  remember(flight: Flight): void {
    if (flight.wireUUID !== flight.taskUUID) this.aliases.set(flight.wireUUID, flight.taskUUID);
  }

  forget(flight: Flight): void {
    if (flight.wireUUID !== flight.taskUUID) this.aliases.delete(flight.wireUUID);
  }

  async retry(flight: Flight, cause: UpstreamError): Promise<void> {
    const wire = flight.wire as WireTask;
    this.host.stopWatching(flight.taskUUID);
    this.forget(flight);
    const wireUUID = randomUUID();
    flight.attempt += 1;
    flight.wireUUID = wireUUID;
    flight.failures = new Map();
    this.remember(flight);
    const error = {
      ...storedError(cause),
      retry: { attempt: flight.attempt, of: MAX_ATTEMPTS, taskUUID: wireUUID },
    };
    flight.status = "processing";
    flight.retrying = error;
    await markTask(this.host.db, flight.taskUUID, { status: "processing", error });
    logger().warn(
      { requestId: flight.requestId, taskUUID: flight.taskUUID, code: cause.code, attempt: flight.attempt },
      `task sent again: ${cause.message}`,
    );
    this.host.publish(flight, error);
    const delay =
      this.host.delay?.(flight.attempt, cause.retryAfter) ??
      retryDelayMs(flight.attempt, Math.random, cause.retryAfter);
    this.host.later(() => {
      if (this.host.current(flight, wireUUID)) void this.resend(flight, wire, wireUUID, cause);
    }, delay);
  }

  private async resend(
    flight: Flight,
    wire: WireTask,
    wireUUID: string,
    cause: UpstreamError,
  ): Promise<void> {
    // The webhook's token is for the task's own UUID: results of a retry come by socket and poll.
    const { webhookURL: _webhook, ...rest } = wire;
    try {
      await this.host.socket.send([{ ...rest, taskUUID: wireUUID }], AbortSignal.timeout(RESEND_DEADLINE_MS));
    } catch {
      await this.host.giveUp(flight, cause);
      return;
    }
    this.host.watchLater(
      flight,
      flight.taskType === "videoInference"
        ? POLL_AFTER_MS.video
        : wire.deliveryMethod === "async"
          ? POLL_AFTER_MS.asyncImage
          : POLL_AFTER_MS.syncImage,
    );
  }
}
