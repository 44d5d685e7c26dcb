import "server-only";
import { isServiceError, type ServiceError, serviceErrors, withTask } from "@/lib/protocol/errors";
import {
  controlNetPreProcessResultSchema,
  modelSearchResultSchema,
  promptEnhanceResultSchema,
  type ResultObject,
} from "@/lib/protocol/results";
import { askService, type ServiceFailure, statusForServiceError, timedOut } from "@/lib/server/ask-service";
import type { SessionUser } from "@/lib/server/auth/caller";
import type { StudioDatabase } from "@/lib/server/db";
import type { ToolQueue } from "@/lib/server/limits/tool-queue";
import type { TrustedOrigins } from "@/lib/server/results/media-bytes";
import type { StudioRefs } from "@/lib/server/results/studio-refs";
import type { BudgetGuard } from "@/lib/server/spend/budgets";
import { recordSpend } from "@/lib/server/spend/ledger";
import type { MediaStorage } from "@/lib/server/storage";
import { studioErrors } from "@/lib/studio/api/errors";
import { can, roleFor } from "@/lib/studio/roles";
import { plural } from "@/lib/studio/words";
import type { UpstreamClient, WireTask } from "@/lib/upstream";
import { keepGuideImage } from "./guide-image";
import { checkInputPixels } from "./input-pixels";
import { parseToolTask, TOOL_PERMISSIONS, type ToolTask, toolTaskType } from "./tool-task";

/** Searches and prompt texts answer in well under a second; a large preprocess in a few. */
export const TOOL_TIMEOUT_MS = 60_000;

export interface ToolDeps {
  db: StudioDatabase;
  storage: MediaStorage;
  upstream: UpstreamClient;
  refs: StudioRefs;
  /** Origins whose media URLs may be on a private address (see `TrustedOrigins`). */
  upstreamOrigin: TrustedOrigins;
  /** How long a helper waits for the service (default `TOOL_TIMEOUT_MS`). */
  timeoutMs?: number;
  /** The process's image tool queue; without one, tools run at once (tests). */
  queue?: ToolQueue;
  /** The owner's monthly budgets: a paid helper that would pass one is refused before it is sent. */
  budgets?: BudgetGuard;
}

/** Helpers the service charges for: they ask their cost, and budgets apply to them. */
const PAID = new Set(["imageControlNetPreProcess", "promptEnhance"]);

export interface ToolOutcome {
  status: number;
  body: { data: unknown } | { errors: ServiceError[] };
  headers?: Record<string, string>;
}

/** A preprocess takes a few seconds: by then a slot has most likely come free. */
const BUSY_RETRY_AFTER_SECONDS = 5;

const refuse = (status: number, errors: ServiceError[]): ToolOutcome => ({ status, body: { errors } });
const answerWith = (data: unknown): ToolOutcome => ({ status: 200, body: { data } });
const fromFailure = (failure: ServiceFailure): ToolOutcome => refuse(failure.status, failure.errors);

function unexpectedShape(task: ToolTask): ToolOutcome {
  return refuse(502, [
    withTask(
      serviceErrors.internalServerError(
        `The media service's answer to the ${task.taskType} task is not in the expected shape.`,
      ),
      task,
    ),
  ]);
}

/** Every result in the shape `schema` describes; results of another shape are left out. */
function resultsOf<T>(
  results: readonly ResultObject[],
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
): T[] {
  return results.flatMap((result) => {
    const parsed = schema.safeParse(result);
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * `POST /api/tools`: one helper task (model search, ControlNet preprocess, prompt enhancement),
 * checked with the contract's schema, sent to the configured service and waited for.
 *
 * - modelSearch answers `{ results, totalResults }` as the service gave them;
 * - promptEnhance answers `[{ text }]`, one per version;
 * - imageControlNetPreProcess answers the guide image, kept as an upload of the member:
 *   `{ id, url, width, height, mime, preProcessorType }`. Its `inputImage` may be a studio id.
 */
export async function runTool(
  deps: ToolDeps,
  user: Pick<SessionUser, "id" | "role">,
  body: unknown,
): Promise<ToolOutcome> {
  const kind = toolTaskType(body);
  if (!kind.ok) return refuse(400, kind.errors);
  const permission = TOOL_PERMISSIONS[kind.taskType];
  if (!can(user.role, permission)) {
    const { status, errors } = studioErrors.forbiddenRole(roleFor(permission));
    return refuse(status, errors);
  }
  const parsed = parseToolTask(body);
  if (!parsed.ok) return refuse(400, parsed.errors);
  const task = parsed.task;
  if (task.taskType !== "imageControlNetPreProcess") return exchange(deps, user, task);
  const tooLarge = await checkInputPixels(deps.db, task.inputImage, "inputImage");
  if (tooLarge) return refuse(400, [withTask(tooLarge, task)]);
  if (!deps.queue) return exchange(deps, user, task);
  const run = await deps.queue.run(() => exchange(deps, user, task));
  if (!run.full) return run.value;
  return {
    status: 503,
    headers: { "Retry-After": String(BUSY_RETRY_AFTER_SECONDS) },
    body: {
      errors: [
        withTask(
          {
            code: "serviceBusy",
            message: `The studio is already preparing ${plural(deps.queue.concurrency, "image")} and ${run.waiting} more ${run.waiting === 1 ? "waits its" : "wait their"} turn. Try again in a few seconds.`,
            parameter: "taskType",
            type: "string",
          },
          task,
        ),
      ],
    },
  };
}

/** One tool task sent to the service and its answer shaped for the browser. */
async function exchange(
  deps: ToolDeps,
  user: Pick<SessionUser, "id" | "role">,
  task: ToolTask,
): Promise<ToolOutcome> {
  const timeoutMs = deps.timeoutMs ?? TOOL_TIMEOUT_MS;
  // One wait for the whole exchange, the guide image's download included.
  const signal = AbortSignal.timeout(timeoutMs);

  const paid = PAID.has(task.taskType);
  if (paid) {
    const overBudget = await deps.budgets?.check(user, [task]);
    if (overBudget) return refuse(402, [withTask(overBudget, task)]);
  }
  let wire: WireTask & { taskUUID: string } = paid ? { ...task, includeCost: true } : task;
  if (task.taskType === "imageControlNetPreProcess") {
    try {
      wire = { ...(await deps.refs.resolve(task)), includeCost: true };
    } catch (err) {
      if (!isServiceError(err)) throw err;
      const error = withTask({ parameter: "inputImage", ...err }, task);
      return refuse(statusForServiceError(error), [error]);
    }
  }
  const answer = await askService(deps.upstream, wire, timeoutMs, signal);
  if (!answer.ok) return fromFailure(answer);
  await recordToolSpend(deps.db, user.id, task, answer.results);

  switch (task.taskType) {
    case "modelSearch": {
      const [found] = resultsOf(answer.results, modelSearchResultSchema);
      if (!found) return unexpectedShape(task);
      return answerWith({ results: found.results, totalResults: found.totalResults });
    }
    case "promptEnhance": {
      const texts = resultsOf(answer.results, promptEnhanceResultSchema).map((r) => ({ text: r.text }));
      if (texts.length === 0) return unexpectedShape(task);
      return answerWith(texts);
    }
    case "imageControlNetPreProcess": {
      const [found] = resultsOf(answer.results, controlNetPreProcessResultSchema);
      if (!found) return unexpectedShape(task);
      const kept = await keepGuideImage(deps, user.id, found, signal);
      if (!kept.ok) {
        if (signal.aborted) return fromFailure(timedOut(task, timeoutMs));
        return refuse(kept.status, [withTask(kept.error, task)]);
      }
      const { id, url, width, height, mime } = kept.upload;
      return answerWith({ id, url, width, height, mime, preProcessorType: task.preProcessorType });
    }
  }
}

/** What a helper's answer cost, one ledger row per result that reported it. */
async function recordToolSpend(
  db: StudioDatabase,
  memberId: string,
  task: ToolTask,
  results: readonly ResultObject[],
): Promise<void> {
  for (const [i, result] of results.entries()) {
    const cost = (result as { cost?: unknown }).cost;
    if (typeof cost !== "number") continue;
    await recordSpend(db, {
      key: `${task.taskUUID}:${i}`,
      taskUUID: task.taskUUID,
      memberId,
      taskType: task.taskType,
      params: task,
      usd: cost,
    });
  }
}
