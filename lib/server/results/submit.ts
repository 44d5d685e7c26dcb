import "server-only";
import { parseRequest } from "@/lib/protocol/envelope";
import { isServiceError, type ServiceError, withTask } from "@/lib/protocol/errors";
import type { SessionUser } from "@/lib/server/auth/guard";
import { isRecordError, recordTasks, type SentTask, type StudioDatabase } from "@/lib/server/db";
import { inlineMediaSink, type MediaStorage } from "@/lib/server/storage";
import type { UpstreamClient, WireTask } from "@/lib/upstream";
import { POLL_AFTER_MS, type ResultKeeper } from "./keeper";
import type { StudioRefs } from "./studio-refs";

/** Task types that make gallery items; the utility tasks go through `/api/tools`. */
const GENERATION = new Set(["imageInference", "videoInference"]);

export interface SubmitDeps {
  db: StudioDatabase;
  storage: MediaStorage;
  upstream: UpstreamClient;
  keeper: ResultKeeper;
  refs: StudioRefs;
  videoModel: string;
  /** Adds the studio's webhook to a task (only when the studio has a public address). */
  webhookFor?: (taskUUID: string) => string;
}

export interface Accepted {
  taskType: string;
  taskUUID: string;
  status: "queued";
}

export interface SubmitOutcome {
  status: number;
  body: { data?: Accepted[]; errors?: ServiceError[] };
}

/**
 * `POST /api/tasks`: each task is parsed with the contract's schemas (errors name the field),
 * its studio image ids are resolved, it is recorded with its author, and it goes to the service
 * on the studio's socket. Results come back through the keeper. Tasks are independent: one bad
 * task does not stop the others.
 */
export async function submitTasks(
  deps: SubmitDeps,
  author: SessionUser,
  body: unknown,
): Promise<SubmitOutcome> {
  const parsed = parseRequest(body, { videoModel: deps.videoModel, allowSingleObject: true });
  if (!parsed.ok) return { status: 400, body: { errors: parsed.errors } };
  const raw = Array.isArray(body) ? (body as Record<string, unknown>[]) : [body as Record<string, unknown>];

  const errors: ServiceError[] = [];
  const ready: { wire: WireTask; sent: SentTask; async: boolean }[] = [];
  for (const [i, outcome] of parsed.outcomes.entries()) {
    if (!outcome.ok) {
      errors.push(...outcome.errors);
      continue;
    }
    const { task } = outcome;
    const ref = { taskType: task.taskType, taskUUID: "taskUUID" in task ? task.taskUUID : undefined };
    if (!GENERATION.has(task.taskType) || !("taskUUID" in task)) {
      errors.push(
        withTask(
          {
            code: "unsupportedTaskType",
            message: `POST /api/tasks takes imageInference and videoInference tasks; send ${task.taskType} to /api/tools.`,
            parameter: "taskType",
            type: "string",
          },
          ref,
        ),
      );
      continue;
    }
    const source = raw[i] ?? {};
    if ("webhookURL" in source) {
      errors.push(
        withTask(
          {
            code: "unsupportedParameter",
            message: "The studio collects results itself; it sets webhookURL, not the request.",
            parameter: "webhookURL",
            type: "string",
          },
          ref,
        ),
      );
      continue;
    }
    try {
      const resolved = await deps.refs.resolve({ ...source });
      const wire = deps.webhookFor
        ? { ...resolved, webhookURL: deps.webhookFor(String(task.taskUUID)) }
        : resolved;
      const isAsync =
        task.taskType === "videoInference" || ("deliveryMethod" in task && task.deliveryMethod === "async");
      ready.push({ wire: wire as WireTask, sent: source as SentTask, async: isAsync });
    } catch (err) {
      if (!isServiceError(err)) throw err;
      errors.push(withTask(err, ref));
    }
  }

  const accepted: Accepted[] = [];
  if (ready.length > 0) {
    try {
      await recordTasks(
        deps.db,
        author.id,
        ready.map((r) => r.sent),
        { inlineMedia: inlineMediaSink(deps.storage) },
      );
    } catch (err) {
      if (!isRecordError(err)) throw err;
      errors.push({
        code: "conflictTaskUUID",
        message: err.message,
        ...(err.parameter ? { parameter: err.parameter } : {}),
      });
      return { status: 409, body: { errors } };
    }
    for (const r of ready) {
      accepted.push({ taskType: r.sent.taskType, taskUUID: r.sent.taskUUID, status: "queued" });
      deps.keeper.track(
        {
          taskUUID: r.sent.taskUUID,
          taskType: r.sent.taskType,
          authorId: author.id,
          authorName: author.name,
          params: r.sent,
          itemCount: typeof r.sent.numberResults === "number" ? r.sent.numberResults : 1,
        },
        r.sent.taskType === "videoInference"
          ? POLL_AFTER_MS.video
          : r.async
            ? POLL_AFTER_MS.asyncImage
            : POLL_AFTER_MS.syncImage,
      );
    }
    try {
      await deps.upstream.socket.send(ready.map((r) => r.wire));
    } catch (err) {
      const error: ServiceError = isServiceError(err)
        ? err
        : { code: "serviceUnavailable", message: "The service could not be reached; try again shortly." };
      await Promise.all(ready.map((r) => deps.keeper.fail(r.sent.taskUUID, error)));
    }
  }
  if (accepted.length === 0) return { status: 400, body: { errors } };
  return { status: 202, body: { data: accepted, ...(errors.length > 0 ? { errors } : {}) } };
}
