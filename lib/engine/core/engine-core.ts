import "server-only";
import { randomUUID } from "node:crypto";
import type { NetworkOptions } from "@/lib/platform/net/guarded-fetch";
import type { Task, TaskOf } from "@/lib/protocol/envelope";
import { serviceErrors, withTask } from "@/lib/protocol/errors";
import { isUuidV4 } from "@/lib/protocol/primitives";
import type { KeyStore } from "../keys/key-store";
import type { uploadResult } from "../net/upload";
import type { WebhookSender } from "../net/webhooks";
import type { MediaInputs } from "../processors/media-inputs";
import { processorFor } from "../processors/registry";
import type { ProcessorContext } from "../processors/types";
import type { Clock } from "../shared/clock";
import type { EngineCore, Principal, ResultObject, ResultSink } from "../shared/types";
import type { AcceptedTasks } from "../store/accepted-tasks";
import type { MediaStore } from "../store/media-store";
import { sanitizeParams } from "../store/sanitize";
import { TASK_RECORD_TTL_MS, type TaskRecord, type TaskStore } from "../store/task-store";
import type { FaultInjector } from "./faults";
import { materialize } from "./outputs";
import { type RunnerDeps, runTask } from "./task-runner";

/**
 * The transport-independent engine (`EngineCore`): authenticates keys and runs submitted tasks.
 *
 * Per task, in request order: session tasks (`authentication`, `ping`, `getResponse`) are
 * answered here; every other type goes to its processor. A taskUUID already held by any stored
 * task (this process or an earlier one) is `conflictTaskUUID`, checked and reserved synchronously
 * so two concurrent requests cannot both take it. Media UUIDs the task references must exist
 * before it is accepted. Sync tasks (image default, utility tasks) deliver their results to the
 * sink before `submit` resolves; async ones (video always, image with `deliveryMethod: "async"`)
 * get the acknowledgment `{ taskType, taskUUID }` at once and run in the background.
 */

export interface CoreDeps {
  keys: KeyStore;
  tasks: TaskStore;
  /** Accepted tasks as sent, until they finish: what a restart runs again. */
  accepted: AcceptedTasks;
  media: MediaStore;
  inputs: MediaInputs;
  webhooks: WebhookSender;
  network: NetworkOptions;
  upload: typeof uploadResult;
  clock: Clock;
  /** Everything a processor sees, minus the abort signal, which the core owns. */
  processorContext: Omit<ProcessorContext, "signal">;
  defaultBaseUrl(): string;
  /** Failures on demand for tests; absent: none. */
  faults?: FaultInjector;
}

/** Where the results of a task run again after a restart go: only to the store and webhooks. */
const NO_SINK: ResultSink = { result() {}, error() {}, wantsAsyncResults: false };

/** How long `close` waits for aborted tasks to unwind before flushing the stores. */
const CLOSE_GRACE_MS = 2_000;

/**
 * Every UUID a task refers to besides its own taskUUID, with its parameter path. Paths are built
 * only for the UUIDs found (this runs for every task).
 */
function referencedUuids(value: unknown, parent: string[], out: [string, string][]): [string, string][] {
  if (typeof value === "string") {
    if (value.length === 36 && isUuidV4(value)) out.push([parent.join("."), value]);
  } else if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      parent.push(String(i));
      referencedUuids(value[i], parent, out);
      parent.pop();
    }
  } else if (typeof value === "object" && value !== null) {
    for (const k in value) {
      if (parent.length === 0 && k === "taskUUID") continue;
      parent.push(k);
      referencedUuids((value as Record<string, unknown>)[k], parent, out);
      parent.pop();
    }
  }
  return out;
}

export class Core implements EngineCore {
  private readonly inflight = new Set<Promise<void>>();
  private readonly shutdown = new AbortController();
  private closing = false;
  /** What every task run shares, built once. */
  private readonly runner: RunnerDeps;

  constructor(private readonly deps: CoreDeps) {
    deps.tasks.keepBeforeWrite((records) => deps.accepted.keep(records.map((r) => r.taskUUID)));
    const core = this;
    this.runner = {
      ...deps,
      ctx: { ...deps.processorContext, signal: this.shutdown.signal },
      isClosing() {
        return core.closing;
      },
    };
  }

  /** Tasks running in the background (async) or awaited by a request (sync). */
  get running(): number {
    return this.inflight.size;
  }

  async authenticate(apiKey: string): Promise<Principal | null> {
    return this.deps.keys.authenticate(apiKey);
  }

  async submit(tasks: readonly Task[], principal: Principal, sink: ResultSink): Promise<void> {
    const waits: Promise<void>[] = [];
    for (const task of tasks) {
      try {
        waits.push(this.dispatch(task, principal, sink));
      } catch (err) {
        console.error("engine dispatch failed:", err);
        sink.error(withTask(serviceErrors.internalServerError(), task));
      }
    }
    if (waits.length === 1) await waits[0];
    else await Promise.all(waits);
  }

  /** Resolves when a sync task is done, an async one acknowledged, a session task answered. */
  private dispatch(task: Task, principal: Principal, sink: ResultSink): Promise<void> {
    switch (task.taskType) {
      case "authentication":
        return this.authenticationTask(task, sink);
      case "ping":
        sink.result({ taskType: "ping", pong: true, ...(task.taskUUID ? { taskUUID: task.taskUUID } : {}) });
        return Promise.resolve();
      case "getResponse":
        return this.getResponse(task, principal, sink);
      default:
        return this.start(task, principal, sink);
    }
  }

  private async authenticationTask(task: TaskOf<"authentication">, sink: ResultSink): Promise<void> {
    const principal = await this.authenticate(task.apiKey);
    if (!principal) {
      sink.error(serviceErrors.invalidApiKey());
      return;
    }
    sink.result({
      taskType: "authentication",
      connectionSessionUUID: task.connectionSessionUUID ?? randomUUID(),
      ...(task.taskUUID ? { taskUUID: task.taskUUID } : {}),
    });
  }

  private start(
    task: Exclude<Task, { taskType: "authentication" | "ping" | "getResponse" }>,
    principal: Principal,
    sink: ResultSink,
  ): Promise<void> {
    const ref = { taskType: task.taskType, taskUUID: task.taskUUID };
    const processor = processorFor(task.taskType);
    if (!processor) {
      sink.error(withTask(serviceErrors.unsupportedTaskType(task.taskType, []), ref));
      return Promise.resolve();
    }
    if (this.closing) {
      sink.error(withTask(serviceErrors.serviceUnavailable("The engine is shutting down."), ref));
      return Promise.resolve();
    }
    if (this.deps.tasks.has(task.taskUUID)) {
      sink.error(withTask(serviceErrors.conflictTaskUUID(task.taskUUID), ref));
      return Promise.resolve();
    }
    for (const [parameter, uuid] of referencedUuids(task, [], [])) {
      const missing = this.deps.inputs.checkUuid(uuid, parameter);
      if (missing) {
        sink.error(withTask(missing, ref));
        return Promise.resolve();
      }
    }
    const refused = processor.precheck?.(task, this.runner.ctx);
    if (refused) {
      sink.error(withTask(refused, ref));
      return Promise.resolve();
    }
    const isAsync = processor.isAsync(task);
    const now = this.deps.clock.now();
    const record: TaskRecord = {
      taskUUID: task.taskUUID,
      taskType: task.taskType,
      principal,
      params: sanitizeParams(task) as Record<string, unknown>,
      delivery: isAsync ? "async" : "sync",
      items: [],
      createdAt: now,
      updatedAt: now,
      expiresAt: now + TASK_RECORD_TTL_MS,
    };
    for (let i = processor.itemCount(task); i > 0; i--)
      record.items.push({ status: "processing", progress: 0 });
    this.deps.tasks.create(record);
    this.deps.accepted.accept(task);
    const run = this.track(record, runTask(this.runner, record, task, processor, sink, isAsync));
    if (isAsync) {
      // Acknowledged once the task and its request are written: a task the client heard of is
      // one a restarted engine runs to its end.
      return this.deps.tasks
        .durable()
        .then(() => sink.result({ taskType: task.taskType, taskUUID: task.taskUUID }));
    }
    return run;
  }

  /** Keeps a run among the in-flight ones; once every result is final its request is let go. */
  private track(record: TaskRecord, run: Promise<void>): Promise<void> {
    this.inflight.add(run);
    void run.finally(() => {
      this.inflight.delete(run);
      if (!record.items.some((item) => item.status === "processing")) {
        this.deps.accepted.finish(record.taskUUID);
      }
    });
    return run;
  }

  /**
   * Runs again every task the last process accepted and did not finish (results it had already
   * made stay). One whose request was not kept (an unreadable file) and that made nothing is
   * forgotten: its taskUUID answers `taskNotFound`, and its client sends it again under the same
   * UUID. One that had made results ends its other results as interrupted. Results go to the task
   * store, `getResponse` and the task's webhook, as for any async task.
   */
  resumeInterrupted(): number {
    const interrupted = this.deps.tasks.takeInterrupted();
    this.deps.accepted.prune(new Set(interrupted.map((r) => r.taskUUID.toLowerCase())));
    let resumed = 0;
    const forgotten: TaskRecord[] = [];
    for (const record of interrupted) {
      const task = this.deps.accepted.read(record.taskUUID) as Task | null;
      const processor = processorFor(record.taskType);
      if (!task || !processor || task.taskType !== record.taskType) {
        if (record.items.every((item) => item.status === "processing")) forgotten.push(record);
        else this.deps.tasks.markInterrupted(record);
        continue;
      }
      this.deps.accepted.resumed(record.taskUUID);
      this.track(record, runTask(this.runner, record, task, processor, NO_SINK, true));
      resumed++;
    }
    this.deps.tasks.forget(forgotten);
    return resumed;
  }

  private async getResponse(
    task: TaskOf<"getResponse">,
    principal: Principal,
    sink: ResultSink,
  ): Promise<void> {
    const record = this.deps.tasks.get(task.taskUUID);
    // Another account's task is reported as unknown: its existence is not the caller's business.
    const lagging =
      record && this.deps.faults?.unknownYet(record.params, this.deps.clock.now() - record.createdAt);
    if (!record || record.principal.accountId !== principal.accountId || lagging) {
      sink.error(serviceErrors.taskNotFound(task.taskUUID));
      return;
    }
    if (record.expiresAt <= this.deps.clock.now()) {
      sink.error(serviceErrors.taskExpired(task.taskUUID));
      return;
    }
    const baseUrl = sink.baseUrl ?? this.deps.defaultBaseUrl();
    const items = await Promise.all(
      record.items.map(async (item): Promise<ResultObject> => {
        const base = { taskType: record.taskType, taskUUID: record.taskUUID, status: item.status };
        if (item.status === "processing") return { ...base, progress: Math.round(item.progress) };
        if (item.status === "error") {
          return { ...base, error: item.error ?? { code: "internalServerError", message: "Unknown error." } };
        }
        const media = item.media ? await materialize(item.media, this.deps.media, baseUrl) : {};
        return { ...base, ...media, ...item.result };
      }),
    );
    for (const item of items) sink.result(item);
  }

  /**
   * Stops accepting tasks, aborts running ones (their results stay `processing` in the journal
   * and run again at the next start), stops webhook retries and flushes the task journal.
   */
  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    this.shutdown.abort();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...this.inflight]),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, CLOSE_GRACE_MS);
      }),
    ]);
    clearTimeout(timer);
    await this.deps.accepted.close();
    await this.deps.webhooks.close();
    await this.deps.tasks.close();
  }
}
