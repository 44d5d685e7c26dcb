import "server-only";
import { inArray } from "drizzle-orm";
import { logger } from "@/lib/platform/logger";
import { parseRequest } from "@/lib/protocol/envelope";
import { type ServiceError, withTask } from "@/lib/protocol/errors";
import type { SessionUser } from "@/lib/server/auth/caller";
import { isRecordError, recordTasks, type StudioDatabase } from "@/lib/server/db";
import { task as taskTable } from "@/lib/server/db/schema";
import { limitErrors } from "@/lib/server/limits/limit-errors";
import type { MemberQueue } from "@/lib/server/limits/member-queue";
import { taskTimelines, wallNow } from "@/lib/server/ops/task-timeline";
import type { ResultKeeper } from "@/lib/server/results/keeper";
import type { StudioRefs } from "@/lib/server/results/studio-refs";
import type { TaskLeases } from "@/lib/server/results/task-leases";
import type { Admission, AdmittedTask, BudgetGuard } from "@/lib/server/spend/budgets";
import { inlineMediaSink, type MediaStorage } from "@/lib/server/storage";
import { recordVersionLinks, takeVersionRequests } from "@/lib/server/versions/version-link";
import type { StudioLimits } from "@/lib/studio/limits/limits";
import type { UpstreamClient } from "@/lib/upstream";
import {
  failAll,
  type HandOverDeps,
  handOver,
  type Job,
  RETRY_AFTER_SECONDS,
  retryAfterSeconds,
} from "./hand-over";
import { prepareTasks, type ReadyTask, resultsAsked } from "./submit-prepare";

export interface SubmitDeps extends HandOverDeps {
  db: StudioDatabase;
  storage: MediaStorage;
  upstream: UpstreamClient;
  keeper: Pick<ResultKeeper, "track" | "fail">;
  refs: StudioRefs;
  videoModel: string;
  /** The owner's caps (Settings > Limits). */
  limits: () => StudioLimits;
  /** Each member's share of the service: tasks beyond it wait in the studio. */
  queue: MemberQueue<Job>;
  /** Adds the studio's webhook to a task (only when the studio has a public address). */
  webhookFor?: (taskUUID: string) => string;
  /** Tasks this instance records are leased to it, so no other studio watches them too. */
  leases?: Pick<TaskLeases, "take">;
  /** The owner's monthly budgets: work that would pass one is refused before it is sent. */
  budgets?: BudgetGuard;
  /** Some of the author's tasks stay waiting in the studio (their lane is full, or paused). */
  waitingAdded?: (author: SessionUser) => void;
}

export interface Accepted {
  taskType: string;
  taskUUID: string;
  status: "queued";
}

export interface SubmitOutcome {
  status: number;
  body: { data?: Accepted[]; errors?: ServiceError[] };
  headers?: Record<string, string>;
}

const retryLater = (
  status: number,
  errors: ServiceError[],
  seconds = RETRY_AFTER_SECONDS,
): SubmitOutcome => ({
  status,
  body: { errors },
  headers: { "Retry-After": String(seconds) },
});

/**
 * `POST /api/tasks`: each task is parsed with the contract's schemas (errors name the field),
 * its studio image ids are resolved, it is recorded with its author, and it goes to the service
 * on the studio's socket, or waits its turn in the member's queue. Results come back through the
 * keeper. Tasks are independent: one bad task does not stop the others. The request as a whole
 * is held to the owner's caps (tasks and results per request, tasks per member).
 */
export async function submitTasks(
  deps: SubmitDeps,
  author: SessionUser,
  sentBody: unknown,
  /** The request's id (`x-request-id`), logged with each task on its way and back. */
  requestId?: string,
): Promise<SubmitOutcome> {
  const startedAt = wallNow();
  const limits = deps.limits();
  // Counted before anything is parsed: a request of ten thousand tasks costs one comparison.
  const count = Array.isArray(sentBody) ? sentBody.length : 1;
  if (count > limits.tasksPerRequest) {
    return { status: 400, body: { errors: [limitErrors.tooManyTasks(limits.tasksPerRequest, count)] } };
  }
  // The studio's version keys leave each task before the contract's parser sees it.
  const { body, requests } = takeVersionRequests(sentBody);
  const parsed = parseRequest(body, { videoModel: deps.videoModel, allowSingleObject: true });
  if (!parsed.ok) return { status: 400, body: { errors: parsed.errors } };
  const raw = Array.isArray(body) ? (body as Record<string, unknown>[]) : [body as Record<string, unknown>];
  const results = resultsAsked(parsed.outcomes);
  if (results > limits.resultsPerRequest) {
    return { status: 400, body: { errors: [limitErrors.tooManyResults(limits.resultsPerRequest, results)] } };
  }

  const { ready, errors } = await prepareTasks(deps, parsed.outcomes, raw, requests);
  if (ready.length === 0) return { status: 400, body: { errors } };
  const room = deps.queue.room(author.id);
  if (ready.length > room) {
    return retryLater(429, [limitErrors.memberQueueFull(limits, room, ready.length), ...errors]);
  }

  const recorded = await admitAndRecord(deps, author, ready, errors);
  if ("status" in recorded) return recorded;
  const { admitted, rows } = recorded;
  for (const r of admitted) taskTimelines().mark(r.sent.taskUUID, "submitted", startedAt);

  // Linked before any result can arrive: the task is sent only below.
  await recordVersionLinks(
    deps.db,
    author.id,
    admitted.flatMap((r) => (r.link ? [{ taskUUID: r.sent.taskUUID, link: r.link }] : [])),
  );

  const jobs = jobsToSend(admitted, rows, author, requestId, errors);
  if (jobs.length === 0) return { status: 409, body: { errors } };
  // Leased before they wait or go: another instance's sweep claims only tasks nobody holds. A
  // lease not taken (the database failing now) is claimed by a sweep, maybe this instance's.
  await deps.leases?.take(jobs.map((j) => j.taskUUID)).catch((err: unknown) => {
    logger().warn({ err, requestId }, "task leases not taken");
  });
  return send(deps, author, limits, jobs, errors);
}

type RecordedRows = Awaited<ReturnType<typeof recordTasks>>;

/**
 * The budgets admit what fits and the tasks are recorded in one step: a refused task leaves no
 * trace but its answer, and tasks sent at once cannot all take the same room. The refusals go to
 * the front of `errors`; the answer is the request's when nothing was recorded.
 */
async function admitAndRecord(
  deps: SubmitDeps,
  author: SessionUser,
  ready: readonly ReadyTask[],
  errors: ServiceError[],
): Promise<{ admitted: ReadyTask[]; rows: RecordedRows } | SubmitOutcome> {
  let admittedAt: number[] = [];
  const record = async (db: StudioDatabase, admitted: readonly AdmittedTask[]) => {
    admittedAt = admitted.map((a) => a.index);
    return recordTasks(
      db,
      author.id,
      admitted.map((a) => (ready[a.index] as ReadyTask).sent),
      { inlineMedia: inlineMediaSink(deps.storage), heldUsd: admitted.map((a) => a.heldUsd) },
    );
  };
  let admission: Admission<RecordedRows>;
  try {
    admission = deps.budgets
      ? await deps.budgets.admit(
          author,
          ready.map((r) => r.parsed),
          record,
          (db) =>
            alreadyRecorded(
              db,
              ready.map((r) => r.sent.taskUUID),
            ),
        )
      : {
          value: await record(
            deps.db,
            ready.map((_, index) => ({ index, heldUsd: null })),
          ),
          refused: [],
        };
  } catch (err) {
    if (!isRecordError(err)) throw err;
    errors.push({
      code: "conflictTaskUUID",
      message: err.message,
      ...(err.parameter ? { parameter: err.parameter } : {}),
    });
    return { status: 409, body: { errors } };
  }
  errors.unshift(
    ...admission.refused.map((r) => {
      const sent = (ready[r.index] as ReadyTask).sent;
      return withTask(r.error, { taskType: sent.taskType, taskUUID: sent.taskUUID });
    }),
  );
  const rows = admission.value;
  if (rows === null) return { status: 402, body: { errors } };
  return { admitted: admittedAt.map((i) => ready[i] as ReadyTask), rows };
}

/**
 * A retried request answers the tasks already recorded; one that already finished (a task the
 * studio could not send, say) is not sent again: its record stays the one truth about it.
 */
function jobsToSend(
  admitted: readonly ReadyTask[],
  rows: RecordedRows,
  author: SessionUser,
  requestId: string | undefined,
  errors: ServiceError[],
): Job[] {
  const jobs: Job[] = [];
  for (const [i, r] of admitted.entries()) {
    const row = rows[i];
    if (row && row.status !== "queued" && row.status !== "processing") {
      errors.push({
        code: "conflictTaskUUID",
        message: `The task ${r.sent.taskUUID} already ended (${row.status}); send it again with a new taskUUID.`,
        parameter: "taskUUID",
        taskType: r.sent.taskType,
        taskUUID: r.sent.taskUUID,
      });
      continue;
    }
    jobs.push({
      taskUUID: r.sent.taskUUID,
      wire: r.wire,
      sent: r.sent,
      async: r.async,
      author,
      ...(requestId ? { requestId } : {}),
      ...(row ? { steer: { held: row.held, priority: row.priority, rank: row.rank } } : {}),
    });
  }
  return jobs;
}

/** The recorded tasks go to the member's queue, and those whose turn it is to the service. */
async function send(
  deps: SubmitDeps,
  author: SessionUser,
  limits: StudioLimits,
  jobs: Job[],
  errors: ServiceError[],
): Promise<SubmitOutcome> {
  const queued = deps.queue.admit(author.id, jobs);
  if (!queued) {
    // Another request of the member took the room while this one was being recorded.
    const error = limitErrors.memberQueueFull(limits, deps.queue.room(author.id), jobs.length);
    await failAll(deps, jobs, error);
    return retryLater(429, [error, ...errors]);
  }
  const failure = await handOver(deps, queued.now);
  if (failure) {
    // The service is out of reach: none of this request goes out, not even the tasks that were
    // to wait (they are recorded as not sent too), so the answer is one plain "try again".
    deps.queue.withdraw(
      author.id,
      jobs.map((j) => j.taskUUID),
    );
    await failAll(deps, jobs, failure);
    return retryLater(
      503,
      [
        ...jobs.map((j) =>
          withTask(
            { ...failure, code: "serviceUnavailable" },
            { taskType: j.sent.taskType, taskUUID: j.taskUUID },
          ),
        ),
        ...errors,
      ],
      retryAfterSeconds(deps.upstream.socket),
    );
  }
  if (deps.waitingAdded) {
    const ids = new Set(jobs.map((j) => j.taskUUID));
    if (deps.queue.waitingIds().some((w) => ids.has(w.taskUUID))) deps.waitingAdded(author);
  }
  const accepted: Accepted[] = jobs.map((j) => ({
    taskType: j.sent.taskType,
    taskUUID: j.taskUUID,
    status: "queued",
  }));
  return { status: 202, body: { data: accepted, ...(errors.length > 0 ? { errors } : {}) } };
}

/** The places of the tasks a retried request already recorded. */
async function alreadyRecorded(db: StudioDatabase, taskUUIDs: readonly string[]): Promise<Set<number>> {
  const lower = taskUUIDs.map((u) => u.toLowerCase());
  const found = await db
    .select({ taskUUID: taskTable.taskUUID })
    .from(taskTable)
    .where(inArray(taskTable.taskUUID, lower));
  const known = new Set(found.map((f) => f.taskUUID));
  return new Set(lower.flatMap((u, i) => (known.has(u) ? [i] : [])));
}
