import "server-only";
import { logger } from "@/lib/platform/logger";
import { isServiceError, type ServiceError } from "@/lib/protocol/errors";
import type { SentTask } from "@/lib/server/db";
import type { Steer } from "@/lib/server/limits/member-queue";
import { studioMetrics } from "@/lib/server/ops/metrics";
import { stampTask } from "@/lib/server/ops/task-timeline";
import { POLL_AFTER_MS, type ResultKeeper } from "@/lib/server/results/keeper";
import type { UpstreamClient, WireTask } from "@/lib/upstream";

/**
 * How long `POST /api/tasks` waits for its tasks to be written to the service's socket. A live
 * socket writes in milliseconds and a dropped one is back within a few (reconnects start at
 * 250 ms); 12 s covers several tries, and is below the 15 s in which one connection attempt to a
 * silent host gives up, so a person hears "not sent" before they would give up waiting.
 */
export const HANDOVER_DEADLINE_MS = 12_000;

/** The reconnect backoff's cap: by then the socket has had another try. */
export const RETRY_AFTER_SECONDS = 15;

/**
 * Retry-After for a task not sent: while the service refuses the key, the second after the
 * socket's next try (a key accepted again works from then); otherwise the reconnect cap.
 */
export function retryAfterSeconds(
  socket: Pick<UpstreamClient["socket"], "status">,
  now = Date.now(),
): number {
  const { retryAt } = socket.status();
  if (retryAt === null) return RETRY_AFTER_SECONDS;
  return Math.min(RETRY_AFTER_SECONDS, Math.max(1, Math.ceil((retryAt - now) / 1000) + 1));
}

/** A task ready for the service: as sent (recorded), as written (studio ids resolved), its author. */
export interface Job {
  taskUUID: string;
  wire: WireTask;
  sent: SentTask;
  async: boolean;
  author: { id: string; name: string };
  /** The id of the request that sent it (`x-request-id`). */
  requestId?: string;
  /** Recorded before a restart: the service may hold it already (see `UpstreamSession.send`). */
  again?: boolean;
  /** Its pause, priority and place while it waits (see lib/server/queue). */
  steer?: Steer;
  /** The record's revision `wire` was built from (see `task.revision`); 0 when unset. */
  wireRevision?: number;
}

/**
 * The last check before a task goes: the database takes the tasks that may be sent now (not
 * paused, still waiting) in one conditional write, so a pause committed anywhere stops them
 * (lib/server/queue/send-gate.ts). The paused ones go back to wait.
 */
export interface SendGate {
  claim(jobs: readonly Job[]): Promise<{ go: Job[]; held: Job[] }>;
  putBack(jobs: readonly Job[]): void;
}

export interface HandOverDeps {
  upstream: Pick<UpstreamClient, "socket">;
  keeper: Pick<ResultKeeper, "track" | "fail"> & { readonly closing?: boolean };
  /** Default `HANDOVER_DEADLINE_MS` (tests shorten it). */
  handOverMs?: number;
  gate?: SendGate;
  /**
   * Tasks that waited their turn left the queue (taken for sending, or recorded as not sent):
   * every open view of the queue is told, as it is told of a task that arrives to wait.
   */
  leftWaiting?: (jobs: readonly Job[]) => void;
}

/**
 * Writes `jobs` to the service's socket, waited on by the keeper. Not written by the deadline,
 * they are withdrawn from the socket's queue, never to be sent: answers why (the caller records
 * them as failed "not sent", one truth: no result can land for them later), or null once handed
 * over.
 */
export async function handOver(deps: HandOverDeps, taken: readonly Job[]): Promise<ServiceError | null> {
  if (taken.length === 0) return null;
  let jobs = taken;
  if (deps.gate) {
    let claimed: Awaited<ReturnType<SendGate["claim"]>>;
    try {
      claimed = await deps.gate.claim(taken);
    } catch (err) {
      logger().warn({ err }, "tasks not claimed for sending");
      return {
        code: "serviceUnavailable",
        message: "The task was not sent: the studio's database could not be reached. Try again shortly.",
      };
    }
    deps.gate.putBack(claimed.held);
    jobs = claimed.go;
    if (jobs.length === 0) return null;
  }
  deps.leftWaiting?.(jobs);
  for (const job of jobs) {
    deps.keeper.track(
      {
        taskUUID: job.taskUUID,
        taskType: job.sent.taskType,
        authorId: job.author.id,
        authorName: job.author.name,
        params: job.sent,
        itemCount: typeof job.sent.numberResults === "number" ? job.sent.numberResults : 1,
        wire: job.wire,
        ...(job.requestId ? { requestId: job.requestId } : {}),
      },
      job.sent.taskType === "videoInference"
        ? POLL_AFTER_MS.video
        : job.async
          ? POLL_AFTER_MS.asyncImage
          : POLL_AFTER_MS.syncImage,
    );
  }
  try {
    const deadline = AbortSignal.timeout(deps.handOverMs ?? HANDOVER_DEADLINE_MS);
    const again = jobs.filter((j) => j.again);
    const fresh = again.length === 0 ? jobs : jobs.filter((j) => !j.again);
    await Promise.all([
      fresh.length > 0
        ? deps.upstream.socket.send(
            fresh.map((j) => j.wire),
            deadline,
          )
        : undefined,
      again.length > 0
        ? deps.upstream.socket.send(
            again.map((j) => j.wire),
            deadline,
            { again: true },
          )
        : undefined,
    ]);
    const metrics = studioMetrics();
    for (const job of jobs) {
      stampTask(job.taskUUID, "sent");
      metrics.tasksSent.inc({ type: job.sent.taskType });
      logger().info(
        {
          requestId: job.requestId,
          taskUUID: job.taskUUID,
          taskType: job.sent.taskType,
          userId: job.author.id,
        },
        "task sent",
      );
    }
    return null;
  } catch (err) {
    return isServiceError(err)
      ? err
      : {
          code: "serviceUnavailable",
          message: "The task was not sent: the service could not be reached. Try again shortly.",
        };
  }
}

/**
 * Hands over tasks that waited their turn; those not sent are recorded as such, unless the studio
 * is stopping: they stay `queued`, and the next start sends them.
 */
export async function handOverOrFail(deps: HandOverDeps, jobs: readonly Job[]): Promise<void> {
  const failure = await handOver(deps, jobs);
  if (failure && !deps.keeper.closing) {
    await failAll(deps, jobs, failure);
    deps.leftWaiting?.(jobs);
  }
}

/** Records tasks that were never handed over as failed, with why. */
export async function failAll(deps: Pick<HandOverDeps, "keeper">, jobs: readonly Job[], error: ServiceError) {
  await Promise.all(jobs.map((j) => deps.keeper.fail(j.taskUUID, error)));
}
