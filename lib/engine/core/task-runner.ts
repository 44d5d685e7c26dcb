import "server-only";
import type { NetworkOptions } from "@/lib/platform/net/guarded-fetch";
import type { Task } from "@/lib/protocol/envelope";
import {
  isServiceError,
  type ServiceError,
  ServiceErrorException,
  serviceErrors,
  withTask,
} from "@/lib/protocol/errors";
import type { uploadResult } from "../net/upload";
import type { WebhookSender } from "../net/webhooks";
import { isFlaggedPrompt } from "../processors/safety";
import type { ItemContext, ItemOutput, Processor, ProcessorContext } from "../processors/types";
import type { ResultObject, ResultSink } from "../shared/types";
import type { MediaStore } from "../store/media-store";
import type { MediaRef, StoredError, TaskRecord, TaskStore } from "../store/task-store";
import type { FaultInjector } from "./faults";
import { mediaFields } from "./outputs";

/**
 * Runs one accepted task through its processor: prepare once, then each result in order; stores
 * its media, PUTs it to `uploadEndpoint`, records it, delivers it to the sink (sync tasks, or
 * async ones when the sink wants them) and POSTs it to `webhookURL`. Never rejects.
 */

export interface RunnerDeps {
  tasks: TaskStore;
  media: MediaStore;
  webhooks: WebhookSender;
  network: NetworkOptions;
  upload: typeof uploadResult;
  ctx: ProcessorContext;
  defaultBaseUrl(): string;
  /** Failures on demand for tests (`ENGINE_FAULTS`); absent: none. */
  faults?: FaultInjector;
  /** True once the engine is closing: results are then left `processing` (see TaskStore). */
  isClosing(): boolean;
}

/** The fields every generation task may carry that the core (not the processor) honours. */
interface CommonFields {
  includeCost?: boolean;
  safety?: { checkContent?: boolean };
  checkNSFW?: boolean;
  webhookURL?: string;
  uploadEndpoint?: string;
  positivePrompt?: string;
}

function toServiceError(err: unknown): ServiceError {
  if (err instanceof ServiceErrorException) return err.error;
  if (isServiceError(err)) return err;
  // Logged with its stack here, never sent: the client gets a generic internalServerError.
  console.error("engine task failed:", err);
  return serviceErrors.internalServerError();
}

function stored(error: ServiceError): StoredError {
  const out: StoredError = { code: error.code, message: error.message };
  if (error.parameter !== undefined) out.parameter = error.parameter;
  if (error.type !== undefined) out.type = error.type;
  return out;
}

/** Runs `task`; see the file comment. Never rejects. */
export function runTask(
  deps: RunnerDeps,
  record: TaskRecord,
  task: Task,
  processor: Processor<Task, unknown>,
  sink: ResultSink,
  isAsync: boolean,
): Promise<void> {
  return new TaskRun(deps, record, task, processor, sink, isAsync).run();
}

/** The `ItemContext` of one result (a class: see `TaskRun`). */
class ItemProgress implements ItemContext {
  constructor(
    private readonly tasks: TaskStore,
    private readonly record: TaskRecord,
    readonly index: number,
  ) {}
  progress(percent: number): void {
    this.tasks.setProgress(this.record, this.index, percent);
  }
}

/**
 * One run's state. A class rather than closures: this runs for every task, and under tsx each
 * named closure costs a `__name` call (esbuild's keepNames).
 */
class TaskRun {
  private readonly common: CommonFields;
  private readonly baseUrl: string;
  private readonly toSink: boolean;
  private readonly safety: boolean;

  constructor(
    private readonly deps: RunnerDeps,
    private readonly record: TaskRecord,
    private readonly task: Task,
    private readonly processor: Processor<Task, unknown>,
    private readonly sink: ResultSink,
    isAsync: boolean,
  ) {
    this.common = task as CommonFields;
    this.baseUrl = sink.baseUrl ?? deps.defaultBaseUrl();
    this.toSink = !isAsync || sink.wantsAsyncResults;
    this.safety = this.common.safety?.checkContent === true || this.common.checkNSFW === true;
  }

  async run(): Promise<void> {
    const { deps, record, task, processor } = this;
    const processing = () => record.items.flatMap((item, i) => (item.status === "processing" ? [i] : []));
    const fault = deps.faults?.failureFor(this.common);
    if (fault) {
      await this.fail(processing(), new ServiceErrorException(fault));
      return;
    }
    if (deps.faults?.holds(this.common)) {
      await untilAborted(deps.ctx.signal);
      return;
    }
    let prepared: unknown;
    try {
      prepared = await processor.prepare(task, deps.ctx);
    } catch (err) {
      await this.fail(processing(), err);
      return;
    }
    for (let index = 0; index < record.items.length; index++) {
      if (deps.isClosing()) return;
      // A task run again after a restart keeps the results it had made.
      if (record.items[index]?.status !== "processing") continue;
      const slotFault = deps.faults?.slotFailureFor(this.common, index);
      if (slotFault) {
        await this.fail([index], new ServiceErrorException(slotFault));
        continue;
      }
      try {
        const out = await processor.runItem(
          task,
          prepared,
          new ItemProgress(deps.tasks, record, index),
          deps.ctx,
        );
        if (deps.isClosing()) return;
        // Media results are stored (and uploaded) first; results without media finish at once.
        const media = out.media
          ? await storeMedia(deps, record, index, out.media, this.common, this.baseUrl)
          : undefined;
        if (deps.isClosing()) return;
        const result = recordSuccess(deps, record, index, out, this.common, this.safety, media);
        await this.told();
        this.deliver(result, null);
        if (this.common.webhookURL) {
          this.webhook({
            ...result,
            ...out.webhookFields,
            createdAt: new Date(record.updatedAt).toISOString(),
          });
        }
      } catch (err) {
        await this.fail([index], err);
      }
    }
  }

  /**
   * Waits, when the client is to hear of it now (sink or webhook), until what was recorded is on
   * disk: a result the client has is one a restarted engine knows.
   */
  private told(): Promise<void> {
    return this.toSink || this.common.webhookURL ? this.deps.tasks.durable() : Promise.resolve();
  }

  private deliver(result: ResultObject | null, error: ServiceError | null): void {
    if (!this.toSink) return;
    try {
      if (result) this.sink.result(result);
      if (error) this.sink.error(error);
    } catch (err) {
      console.error("engine sink failed:", err);
    }
  }

  private webhook(body: unknown): void {
    if (this.common.webhookURL) void this.deps.webhooks.deliver(this.common.webhookURL, body);
  }

  private async fail(indices: number[], err: unknown): Promise<void> {
    if (this.deps.isClosing()) return;
    const error = withTask(toServiceError(err), {
      taskType: this.record.taskType,
      taskUUID: this.record.taskUUID,
    });
    for (const i of indices) {
      const item = this.record.items[i];
      if (item) Object.assign(item, { status: "error", error: stored(error) });
    }
    this.deps.tasks.persist(this.record);
    await this.told();
    this.deliver(null, error);
    this.webhook({ errors: [error] });
  }
}

/** Stores a result's media and PUTs it to `uploadEndpoint`; the media fields and reference. */
async function storeMedia(
  deps: RunnerDeps,
  record: TaskRecord,
  index: number,
  m: NonNullable<ItemOutput["media"]>,
  common: CommonFields,
  baseUrl: string,
): Promise<{ fields: Record<string, string>; ref: MediaRef }> {
  const meta = await deps.media.put({
    bytes: m.bytes,
    mime: m.mime,
    kind: m.kind,
    ...(m.width !== undefined ? { width: m.width } : {}),
    ...(m.height !== undefined ? { height: m.height } : {}),
    ...(m.ttlMs !== undefined ? { ttlMs: m.ttlMs } : {}),
    ...(m.uuid !== undefined ? { uuid: m.uuid } : {}),
  });
  deps.tasks.setProgress(record, index, 90);
  if (common.uploadEndpoint) {
    const outcome = await deps.upload(common.uploadEndpoint, m.bytes, m.mime, {
      network: deps.network,
      signal: deps.ctx.signal,
    });
    if (!outcome.ok) {
      throw new ServiceErrorException({
        code: "invalidUploadEndpoint",
        message: `The result could not be uploaded to 'uploadEndpoint' (${outcome.error.reason}: ${outcome.error.message}). Check that the URL is a valid, unexpired presigned PUT URL.`,
        parameter: "uploadEndpoint",
        type: "string",
      });
    }
  }
  return {
    fields: mediaFields(
      m.field,
      meta.uuid,
      meta.ext,
      m.mime,
      m.outputType,
      baseUrl,
      m.bytes,
      deps.media.capability(meta.uuid),
    ),
    ref: { field: m.field, mediaUUID: meta.uuid, encoding: m.outputType, mime: m.mime, ext: meta.ext },
  };
}

/** Records item `index` as a success and builds its result object. */
function recordSuccess(
  deps: RunnerDeps,
  record: TaskRecord,
  index: number,
  out: ItemOutput,
  common: CommonFields,
  safety: boolean,
  media: { fields: Record<string, string>; ref: MediaRef } | undefined,
): ResultObject {
  const fields: Record<string, unknown> = { ...out.fields };
  // A processor that checked the media itself (video frames) has its say; the prompt check adds.
  if (safety) fields.NSFWContent = out.fields.NSFWContent === true || isFlaggedPrompt(common.positivePrompt);
  if (common.includeCost === true) fields.cost = out.cost ?? 0;
  const item = record.items[index];
  if (item) {
    item.status = "success";
    item.progress = 100;
    item.result = fields;
    if (media) item.media = media.ref;
  }
  deps.tasks.persist(record);
  return { taskType: record.taskType, taskUUID: record.taskUUID, ...media?.fields, ...fields };
}

/** One wait per signal: held tasks by the thousand share it rather than each adding a listener. */
const aborts = new WeakMap<AbortSignal, Promise<void>>();

/** Resolves once `signal` aborts (the engine stopping). */
function untilAborted(signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  let wait = aborts.get(signal);
  if (!wait) {
    wait = new Promise((resolve) => signal.addEventListener("abort", () => resolve(), { once: true }));
    aborts.set(signal, wait);
  }
  return wait;
}
