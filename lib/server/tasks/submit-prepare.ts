import "server-only";
import type { TaskOutcome } from "@/lib/protocol/envelope";
import { isServiceError, type ServiceError, withTask } from "@/lib/protocol/errors";
import type { SentTask, StudioDatabase } from "@/lib/server/db";
import { checkImageInputs } from "@/lib/server/gallery-pick/image-inputs";
import type { StudioRefs } from "@/lib/server/results/studio-refs";
import {
  resolveVersionRequest,
  type VersionLink,
  type VersionRequest,
} from "@/lib/server/versions/version-link";
import type { WireTask } from "@/lib/upstream";

/** Task types that make gallery items; the utility tasks go through `/api/tools`. */
const GENERATION = new Set(["imageInference", "videoInference"]);

/** A task that passed every check: as written to the service, as recorded, and as parsed. */
export interface ReadyTask {
  wire: WireTask;
  sent: SentTask;
  async: boolean;
  parsed: Record<string, unknown>;
  link?: VersionLink;
}

export interface PrepareDeps {
  db: StudioDatabase;
  refs: StudioRefs;
  /** Adds the studio's webhook to a task (only when the studio has a public address). */
  webhookFor?: (taskUUID: string) => string;
}

/** The results a request asks for: a task that does not say asks for one. */
export function resultsAsked(outcomes: readonly TaskOutcome[]): number {
  return outcomes.reduce(
    (sum, o) =>
      sum +
      (o.ok && "numberResults" in o.task && typeof o.task.numberResults === "number"
        ? o.task.numberResults
        : 1),
    0,
  );
}

/**
 * Each parsed task made ready to record and send (its studio references resolved, its version
 * link read), or the errors that say why it is not: tasks are independent.
 */
export async function prepareTasks(
  deps: PrepareDeps,
  outcomes: readonly TaskOutcome[],
  raw: readonly Record<string, unknown>[],
  requests: readonly (VersionRequest | undefined)[],
): Promise<{ ready: ReadyTask[]; errors: ServiceError[] }> {
  const errors: ServiceError[] = [];
  const ready: ReadyTask[] = [];
  for (const [i, outcome] of outcomes.entries()) {
    if (!outcome.ok) {
      errors.push(...outcome.errors);
      continue;
    }
    const prepared = await prepareTask(deps, outcome.task, raw[i] ?? {}, requests[i]);
    if ("code" in prepared) errors.push(prepared);
    else ready.push(prepared);
  }
  return { ready, errors };
}

type ParsedTask = Extract<TaskOutcome, { ok: true }>["task"];

async function prepareTask(
  deps: PrepareDeps,
  task: ParsedTask,
  source: Record<string, unknown>,
  request: VersionRequest | undefined,
): Promise<ReadyTask | ServiceError> {
  const ref = { taskType: task.taskType, taskUUID: "taskUUID" in task ? task.taskUUID : undefined };
  if (!GENERATION.has(task.taskType) || !("taskUUID" in task)) {
    return withTask(
      {
        code: "unsupportedTaskType",
        message: `POST /api/tasks takes imageInference and videoInference tasks; send ${task.taskType} to /api/tools.`,
        parameter: "taskType",
        type: "string",
      },
      ref,
    );
  }
  if ("webhookURL" in source) {
    return withTask(
      {
        code: "unsupportedParameter",
        message: "The studio collects results itself; it sets webhookURL, not the request.",
        parameter: "webhookURL",
        type: "string",
      },
      ref,
    );
  }
  const link = request ? await resolveVersionRequest(deps.db, request) : undefined;
  if (link && "code" in link) return withTask(link, ref);
  const badImage = await checkImageInputs(deps.db, source);
  if (badImage) return withTask(badImage, ref);
  try {
    // Every task asks its cost: the studio's spend figures and budgets are summed from it.
    const resolved: Record<string, unknown> = {
      ...(await deps.refs.resolve({ ...source })),
      includeCost: true,
    };
    const wire = deps.webhookFor
      ? { ...resolved, webhookURL: deps.webhookFor(String(task.taskUUID)) }
      : resolved;
    const isAsync =
      task.taskType === "videoInference" || ("deliveryMethod" in task && task.deliveryMethod === "async");
    return {
      wire: wire as WireTask,
      sent: source as SentTask,
      async: isAsync,
      parsed: task as Record<string, unknown>,
      ...(link ? { link } : {}),
    };
  } catch (err) {
    if (!isServiceError(err)) throw err;
    return withTask(err, ref);
  }
}
