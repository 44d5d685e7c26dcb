import "server-only";
import { randomUUID } from "node:crypto";
import { setMaxListeners } from "node:events";
import { eq } from "drizzle-orm";
import { logger } from "@/lib/platform/logger";
import type { ServiceError } from "@/lib/protocol/errors";
import { getTask, markTask, type StudioDatabase, type TaskWithItems, tasksInFlight } from "@/lib/server/db";
import { type TaskRow, user } from "@/lib/server/db/schema";
import { freshItemView } from "@/lib/server/gallery/item-view";
import { deleteThumbs, thumbOnKeep } from "@/lib/server/gallery/thumbnails";
import { studioMetrics } from "@/lib/server/ops/metrics";
import { stampTask } from "@/lib/server/ops/task-timeline";
import { recordSpend } from "@/lib/server/spend/ledger";
import { itemMediaKey, type MediaStorage } from "@/lib/server/storage";
import type { EventLog } from "@/lib/server/stream/event-log";
import {
  type ImageItem,
  NOT_FOUND_GRACE_MS,
  type UpstreamClient,
  type UpstreamError,
  type UpstreamEvent,
  type VideoItem,
  type WebhookDelivery,
  type WireTask,
} from "@/lib/upstream";
import { announceUpdate, endTask } from "./announce";
import { type Flight, failuresOf, flightFromRow, isEnded, POLL_AFTER_MS, progressOfResults } from "./flight";
import { LeaseSweep } from "./lease-sweep";
import { resultMedia, type TrustedOrigins } from "./media-bytes";
import { recordResult } from "./record-owner";
import { recover } from "./recovery";
import { canResend, onlyUnknown, resend } from "./resends";
import { mediaSize, withRetries } from "./result-media";
import { TaskRetries } from "./retries";
import { allTransient, causeOf, MAX_ATTEMPTS, settledPatch, storedError } from "./settle";
import type { TaskLeases } from "./task-leases";

export type { Flight };

function stopController(): AbortController {
  const controller = new AbortController();
  setMaxListeners(0, controller.signal);
  return controller;
}

export { POLL_AFTER_MS };

export interface KeeperDeps {
  db: StudioDatabase;
  storage: MediaStorage;
  upstream: UpstreamClient;
  log: EventLog;
  /**
   * Origin of the configured service, or it and the operator's further media origins
   * (`UPSTREAM_MEDIA_ORIGINS`): media URLs there may be on a private address.
   */
  upstreamOrigin: TrustedOrigins;
  /**
   * Several studios on one database: each task in flight is watched by the instance holding its
   * lease. Without it (tests) this keeper watches every task in flight it finds at start.
   */
  leases?: TaskLeases;
  /**
   * The only studio on its database (the embedded one, locked to one process): leases left by an
   * earlier run are void at start, so its tasks are watched at once rather than after expiry.
   */
  sole?: boolean;
  /** How long `taskNotFound` means "not yet" (default `NOT_FOUND_GRACE_MS`). */
  notFoundGraceMs?: number;
  /** The wait before try number `attempt` (default `retryDelayMs`, jittered); tests shorten it. */
  retryDelay?: (attempt: number, retryAfterSeconds: number | undefined) => number;
  /**
   * The task as written to the service, rebuilt from its record (studio references resolved
   * again): what a task taken up after a restart is sent again with.
   */
  wireOf?: (flight: Flight) => Promise<WireTask>;
  /**
   * The member queue's side of taking tasks up after a restart. Without it the keeper sends the
   * tasks the service does not know again itself, at once.
   */
  requeue?: Requeue;
  /** How long after a re-send its watch starts (default by type, `POLL_AFTER_MS`); tests shorten it. */
  resendPollMs?: number;
}

/** Where tasks taken up after a restart go, so each member's share and order hold. */
export interface Requeue {
  /** A task the service holds: one of its author's slots. */
  running(authorId: string, taskUUID: string): void;
  /** Tasks the service does not know, oldest first: to be sent again in this order. */
  unsent(flights: Flight[]): void;
}

/**
 * Keeps every result: whichever way a result arrives (pushed on the socket, found by polling, or
 * POSTed to the studio's webhook), its media bytes are copied into studio storage before the
 * service's URL expires, the item is recorded exactly once, and the team's browsers hear of it.
 *
 * Tasks in flight are held in memory (and re-read from the database after a restart), so a result
 * costs one record and one status write, not a round of reads: the embedded database shares the
 * server's thread with every request.
 */
export class ResultKeeper {
  private readonly flights = new Map<string, Flight>();
  private readonly retries: TaskRetries;
  private socketErrors = 0;
  private readonly ingesting = new Map<string, Promise<void>>();
  private readonly watching = new Map<string, AbortController>();
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  /** Ends the keeper's watches and downloads: each in flight listens to it, more than ten at once. */
  private readonly stop = stopController();
  private unsubscribe: (() => void) | null = null;
  private sweeper: LeaseSweep | null = null;
  private readonly finishedListeners = new Set<(authorId: string, taskUUID: string) => void>();

  constructor(private readonly deps: KeeperDeps) {
    this.retries = new TaskRetries({
      db: deps.db,
      socket: deps.upstream.socket,
      ...(deps.retryDelay ? { delay: deps.retryDelay } : {}),
      current: (flight, wireUUID) => this.flights.get(flight.taskUUID)?.wireUUID === wireUUID,
      stopWatching: (taskUUID) => {
        this.watching.get(taskUUID)?.abort();
        this.watching.delete(taskUUID);
      },
      watchLater: (flight, ms) => this.watchLater(flight, ms),
      publish: (flight, error) => announceUpdate(deps.log, flight, error),
      // A studio that is stopping leaves the task in flight: the next start takes it up.
      giveUp: (flight, cause) =>
        this.closing
          ? Promise.resolve()
          : this.settle(flight, { status: "error", error: storedError(cause) }),
      later: (fn, ms) => {
        const timer = setTimeout(() => {
          this.timers.delete(timer);
          fn();
        }, ms);
        timer.unref();
        this.timers.add(timer);
      },
    });
  }

  /** Called once a task is done or failed (the member queue frees its slot). */
  onFinished(listener: (authorId: string, taskUUID: string) => void): () => void {
    this.finishedListeners.add(listener);
    return () => this.finishedListeners.delete(listener);
  }

  private finished(authorId: string, taskUUID: string): void {
    for (const listener of this.finishedListeners) listener(authorId, taskUUID);
  }

  /**
   * Listens to the service's socket (which connects on its first use, or when the server says)
   * and picks up tasks left in flight by a previous run.
   */
  async start(): Promise<void> {
    this.unsubscribe = this.deps.upstream.socket.onMessage((event) => void this.onEvent(event));
    const { leases } = this.deps;
    if (!leases) {
      const rows: TaskWithItems[] = [];
      for (const row of await tasksInFlight(this.deps.db)) {
        const task = await getTask(this.deps.db, row.taskUUID);
        if (task) rows.push(task);
      }
      await this.takeUp(rows);
      return;
    }
    this.sweeper = new LeaseSweep(leases, {
      watched: () => [...this.flights.keys()],
      letGo: (taskUUID) => {
        this.watching.get(taskUUID)?.abort();
        this.flights.delete(taskUUID);
      },
      adopt: (rows) => this.takeUp(rows),
    });
    await this.sweeper.start(this.deps.sole ?? false);
  }

  /** True once the keeper is closing: a task not sent now is left for the next start. */
  get closing(): boolean {
    return this.stop.signal.aborted;
  }

  /**
   * Tasks in flight left by a process that is gone (oldest first): the service is asked about
   * each; those it holds are watched, those it does not know are sent again (recovery.ts).
   */
  private async takeUp(rows: readonly TaskWithItems[]): Promise<void> {
    const flights: Flight[] = [];
    for (const row of rows) {
      if (this.flights.has(row.taskUUID) || this.stop.signal.aborted) continue;
      const flight = await this.flightOf(
        row,
        row.items.length,
        row.items.map((i) => i.mediaUUID),
      );
      flight.parked = true;
      this.flights.set(row.taskUUID, flight);
      flights.push(flight);
    }
    if (flights.length === 0) return;
    const { requeue } = this.deps;
    void recover(
      {
        upstream: this.deps.upstream,
        signal: this.stop.signal,
        current: (flight) => this.flights.get(flight.taskUUID) === flight && !isEnded(flight),
        known: (flight) => {
          flight.parked = false;
          requeue?.running(flight.authorId, flight.taskUUID);
          this.watch(flight.taskUUID);
        },
        partial: (flight) =>
          this.settle(
            flight,
            settledPatch(
              flight.itemCount,
              flight.done,
              flight.done >= flight.itemCount
                ? []
                : [
                    {
                      error: {
                        code: "taskNotFound",
                        message: "The service lost this task before it made every result.",
                      },
                      index: null,
                    },
                  ],
            ),
          ),
        unsent: (unsent) => {
          for (const flight of unsent) {
            flight.resends += 1;
            logger().info({ taskUUID: flight.taskUUID }, "task sent again: the service does not know it");
          }
          if (requeue && this.deps.wireOf) requeue.unsent(unsent);
          else for (const flight of unsent) void this.resendNow(flight);
        },
      },
      flights,
    ).catch((err: unknown) => logger().warn({ err }, "tasks in flight not taken up"));
  }

  /** Sends a task the service does not know again under its own UUID (resends.ts). */
  private resendNow(flight: Flight): Promise<void> {
    flight.parked = false;
    return resend(
      {
        socket: this.deps.upstream.socket,
        ...(this.deps.wireOf ? { wireOf: this.deps.wireOf } : {}),
        signal: this.stop.signal,
        stopWatching: (taskUUID) => {
          this.watching.get(taskUUID)?.abort();
          this.watching.delete(taskUUID);
        },
        watchLater: (f, ms) => this.watchLater(f, this.deps.resendPollMs ?? ms),
        end: (f, error) => this.settle(f, { status: "error", error: storedError(error) }),
      },
      flight,
    );
  }

  /** Renews this instance's leases and watches the tasks it claims (see LeaseSweep). */
  sweep(): Promise<void> {
    return this.sweeper?.sweep() ?? Promise.resolve();
  }

  /** Tasks still waited on. */
  get inFlight(): number {
    return this.flights.size;
  }

  /**
   * Resolves once no task is waited on (each result kept, each failure recorded), or at `signal`:
   * a stopping server gives the results on their way a moment to land before it closes.
   */
  async settled(signal: AbortSignal): Promise<void> {
    while (this.flights.size > 0 && !signal.aborted) {
      await new Promise<void>((resolve) => {
        const wake = () => {
          this.finishedListeners.delete(wake);
          signal.removeEventListener("abort", wake);
          resolve();
        };
        this.finishedListeners.add(wake);
        signal.addEventListener("abort", wake, { once: true });
      });
    }
    await Promise.allSettled([...this.ingesting.values()]);
  }

  /**
   * Stops watching. With leases, this instance's are released: another studio takes its tasks in
   * flight over at its next sweep instead of after their expiry.
   */
  async close(): Promise<void> {
    this.unsubscribe?.();
    this.stop.abort();
    for (const t of this.timers) clearTimeout(t);
    await Promise.allSettled([...this.ingesting.values()]);
    await this.sweeper?.close();
  }

  /**
   * A task just recorded and sent: waited on, announced to its author as queued. `wire` is the
   * task as written, kept to send it again after a passing failure.
   */
  track(
    flight: Omit<
      Flight,
      | "done"
      | "status"
      | "progress"
      | "seen"
      | "sentAt"
      | "wireUUID"
      | "attempt"
      | "failures"
      | "storing"
      | "resends"
      | "parked"
    >,
    pollAfterMs: number,
  ): void {
    // A task taken up after a restart and sent again keeps what it had (results kept, its try).
    const before = this.flights.get(flight.taskUUID);
    const entry: Flight = before
      ? Object.assign(before, {
          wire: flight.wire,
          sentAt: performance.now(),
          failures: new Map(),
          parked: false,
          ...(flight.requestId ? { requestId: flight.requestId } : {}),
        })
      : {
          ...flight,
          done: 0,
          status: "queued",
          progress: null,
          seen: new Set(),
          sentAt: performance.now(),
          wireUUID: flight.taskUUID,
          attempt: 1,
          failures: new Map(),
          storing: 0,
          resends: 0,
        };
    this.flights.set(flight.taskUUID, entry);
    announceUpdate(this.deps.log, entry);
    this.watchLater(entry, pollAfterMs);
  }

  private watchLater(flight: Flight, pollAfterMs: number): void {
    const { taskUUID, wireUUID } = flight;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (this.flights.get(taskUUID)?.wireUUID === wireUUID) this.watch(taskUUID);
    }, pollAfterMs);
    timer.unref();
    this.timers.add(timer);
  }

  /** Polls a task's current try until it finishes: progress for the queue, items as they complete. */
  watch(taskUUID: string): void {
    if (this.watching.has(taskUUID) || this.stop.signal.aborted) return;
    const known = this.flights.get(taskUUID);
    // Not handed to the service by this process yet (see `takeUp`): nothing to ask it now.
    if (known?.parked) return;
    const wireUUID = known?.wireUUID ?? taskUUID;
    const controller = new AbortController();
    // Removed when the watch ends: a long-lived keeper would otherwise hold one per task ever watched.
    const stopWatch = () => controller.abort();
    this.stop.signal.addEventListener("abort", stopWatch, { once: true });
    this.watching.set(taskUUID, controller);
    void this.deps.upstream
      .watch(wireUUID, {
        signal: controller.signal,
        notFoundGraceMs: this.deps.notFoundGraceMs ?? NOT_FOUND_GRACE_MS,
        onProgress: (progress) => void this.progress(taskUUID, progress),
        onItem: (item) => {
          if (item.status === "success" && (item.item.kind === "image" || item.item.kind === "video")) {
            void this.ingest(item.item, item.index);
          } else if (item.status === "error") {
            this.flights
              .get(taskUUID)
              ?.failures.set(`poll:${item.index}`, { error: item.error, index: item.index });
          }
        },
      })
      .then(async (outcome) => {
        if (controller.signal.aborted) return;
        this.watching.delete(taskUUID);
        await Promise.allSettled([...this.ingesting.values()]);
        const flight = this.flights.get(taskUUID);
        if (!flight || flight.wireUUID !== wireUUID) return;
        if (outcome.ok) {
          // A poll's answer is the task's whole state: what the socket or a webhook said failed
          // is in it too, by index, and counts once.
          for (const key of [...flight.failures.keys()]) {
            if (key.startsWith("socket:") || key.startsWith("webhook:")) flight.failures.delete(key);
          }
          for (const item of outcome.items) {
            if (item.status === "error")
              flight.failures.set(`poll:${item.index}`, { error: item.error, index: item.index });
          }
        } else {
          flight.failures.set("poll", { error: outcome.error, index: null });
        }
        await this.decide(flight, true);
      })
      .catch(() => undefined)
      .finally(() => {
        this.stop.signal.removeEventListener("abort", stopWatch);
        if (this.watching.get(taskUUID) === controller) this.watching.delete(taskUUID);
      });
  }

  /**
   * Results and failures posted to the studio's webhook: the same rule as the socket's and the
   * poll's (see settle.ts).
   */
  async receive(delivery: WebhookDelivery): Promise<void> {
    for (const item of delivery.items) {
      if (item.kind === "image" || item.kind === "video") await this.ingest(item);
    }
    for (const error of delivery.errors) {
      const key = `webhook:${error.code}:${error.message}`;
      await this.taskFailed({ ...error, taskUUID: error.taskUUID ?? delivery.taskUUID }, key);
    }
  }

  /** Stores and records one result; the same result arriving twice is recorded once. */
  ingest(delivered: ImageItem | VideoItem, index: number | null = null): Promise<void> {
    const item = this.aliased(delivered);
    const running = this.ingesting.get(item.id);
    if (running) return running;
    stampTask(item.taskUUID, "arrived");
    const work = this.store(item, index)
      .catch(() => undefined)
      .finally(() => this.ingesting.delete(item.id));
    this.ingesting.set(item.id, work);
    return work;
  }

  /** A task the service refused or failed: recorded as an error and reported to its author. */
  async fail(taskUUID: string, error: ServiceError): Promise<void> {
    const known = this.flights.get(taskUUID);
    logger().warn(
      { requestId: known?.requestId, taskUUID, code: error.code, parameter: error.parameter },
      `task failed: ${error.message}`,
    );
    const flight = known ?? (await this.flightFor(taskUUID));
    if (!flight) return;
    // Ended by now if its record did, else ended here: only the write that ends it announces it.
    let row: TaskRow | null = null;
    if (!isEnded(flight)) {
      flight.status = "error";
      row = await endTask(this.deps.db, this.deps.log, flight, {
        status: "error",
        error: storedError(error),
      });
    }
    await this.release(taskUUID);
    this.flights.delete(taskUUID);
    if (row) studioMetrics().tasksFinished.inc({ type: flight.taskType, outcome: "error" });
    this.watching.get(taskUUID)?.abort();
    this.finished(flight.authorId, taskUUID);
  }

  /** A result of a retry carries the retry's UUID: it is recorded under the task's own. */
  private aliased<T extends ImageItem | VideoItem>(item: T): T {
    const own = this.retries.own(item.taskUUID);
    return own === item.taskUUID ? item : { ...item, taskUUID: own };
  }

  private async onEvent(event: UpstreamEvent): Promise<void> {
    if (event.type === "item") {
      const { item } = event;
      if (item.kind === "image" || item.kind === "video") await this.ingest(item);
      else if (item.kind === "accepted") await this.acknowledged(event.taskUUID);
    } else if (event.type === "error") {
      await this.taskFailed({ ...event.error, taskUUID: event.taskUUID }, `socket:${this.socketErrors++}`);
    } else if (event.change === "connected" && !event.resumed) {
      // A new session: results that completed while the studio was away are not coming by push.
      for (const taskUUID of this.flights.keys()) this.watch(taskUUID);
    }
  }

  /** The service acknowledged a try: a video is polled from now on (see `POLL_AFTER_MS`). */
  private async acknowledged(wireUUID: string): Promise<void> {
    const taskUUID = this.retries.own(wireUUID);
    const flight = this.flights.get(taskUUID);
    if (!flight || flight.wireUUID !== wireUUID) return;
    if (flight.taskType === "videoInference") this.watch(taskUUID);
    await this.progress(taskUUID, 0);
  }

  /**
   * The service reported a failure of a task's current try (one generation, or the whole task).
   * It ends the task only once every result is accounted for; otherwise the task is polled, whose
   * answer tells which generations failed, and a service that does not know the task then (it
   * refused it outright) leaves this error as the cause.
   */
  private async taskFailed(error: UpstreamError & { taskUUID: string }, key: string): Promise<void> {
    const wireUUID = error.taskUUID;
    const flight = await this.flightFor(this.retries.own(wireUUID));
    if (!flight || isEnded(flight) || flight.wireUUID !== wireUUID) return;
    flight.failures.set(key, { error, index: null });
    if (flight.done + failuresOf(flight).length >= flight.itemCount) await this.decide(flight, false);
    else if (this.flights.get(flight.taskUUID) === flight) this.watch(flight.taskUUID);
  }

  /** The flight of a task, from memory or (a webhook for an older task) from its record. */
  private async flightFor(taskUUID: string): Promise<Flight | null> {
    const known = this.flights.get(taskUUID);
    if (known) return known;
    const task = await getTask(this.deps.db, taskUUID);
    if (!task) return null;
    return this.flightOf(
      task,
      task.items.length,
      task.items.map((i) => i.mediaUUID),
    );
  }

  private async flightOf(row: TaskRow, done: number, seen: string[]): Promise<Flight> {
    const [author] = await this.deps.db
      .select({ name: user.name })
      .from(user)
      .where(eq(user.id, row.authorId));
    const flight = flightFromRow(row, author?.name ?? "Former member", done, seen);
    this.retries.remember(flight);
    return flight;
  }

  private async store(item: ImageItem | VideoItem, index: number | null): Promise<void> {
    const flight = await this.flightFor(item.taskUUID);
    if (!flight || flight.seen.has(item.id)) return;
    flight.seen.add(item.id);
    // Counted while on its way, so that the task is not judged on the results already in alone.
    flight.storing += 1;
    let counted: boolean;
    try {
      counted = await this.keep(flight, item, index);
    } finally {
      flight.storing -= 1;
    }
    if (counted) await this.decide(flight, false);
  }

  /** Downloads, stores and records one result: true when it now counts (kept, or lost for good). */
  private async keep(flight: Flight, item: ImageItem | VideoItem, index: number | null): Promise<boolean> {
    // Charged before its media is fetched: a result whose download fails was still paid for.
    if (typeof item.result.cost === "number") {
      await recordSpend(this.deps.db, {
        key: item.id,
        taskUUID: item.taskUUID,
        memberId: flight.authorId,
        taskType: flight.taskType,
        params: flight.params,
        usd: item.result.cost,
      }).catch((err: unknown) => logger().warn({ err, taskUUID: item.taskUUID }, "spend not recorded"));
    }
    let media: { bytes: Buffer; mime: string };
    try {
      media = await withRetries(
        () => resultMedia(item, this.deps.upstreamOrigin, this.stop.signal),
        this.stop.signal,
      );
    } catch (err) {
      flight.seen.delete(item.id);
      // Cut short by the studio stopping: the next start takes the task up and fetches it then.
      if (this.closing) return false;
      // One result lost, not the task: the others still count (and a later delivery of this one).
      flight.failures.set(`media:${item.id}`, {
        error: {
          code: "mediaUnavailable",
          message: `The result ${item.id} could not be downloaded from the service: ${err instanceof Error ? err.message : err}`,
        },
        index,
      });
      return true;
    }
    flight.failures.delete(`media:${item.id}`);
    stampTask(item.taskUUID, "fetched");
    const size = await mediaSize(item, media, flight.params);
    // Under the studio's own id, never the service's: the key is in every media URL the studio
    // gives out, and the service's id would name the service's copy of the file.
    const storageKey = itemMediaKey(randomUUID(), media.mime);
    const { bytes } = await this.deps.storage.put(storageKey, media.bytes, { mime: media.mime });
    // Made now, once, from the bytes in hand, so the first grid or card to show it need not wait.
    const thumb = thumbOnKeep(
      this.deps.storage,
      { storageKey, kind: item.kind, durationSeconds: size.durationSeconds },
      media.bytes,
    );
    const {
      created,
      item: row,
      owner,
    } = await recordResult(this.deps.db, flight, {
      taskUUID: item.taskUUID,
      index,
      mediaUUID: item.id,
      kind: item.kind,
      mime: media.mime,
      width: size.width,
      height: size.height,
      durationSeconds: size.durationSeconds,
      seed: String(item.result.seed),
      cost: item.result.cost ?? null,
      nsfw: item.result.NSFWContent ?? null,
      notDrawn: item.kind === "image" ? (item.result.notDrawn ?? null) : null,
      storageKey,
      bytes,
    });
    if (!created) {
      // Another route stored this result first, possibly under another key (a month boundary):
      // the bytes just written are nobody's.
      if (row.storageKey !== storageKey) {
        await thumb;
        await deleteThumbs(this.deps.storage, storageKey);
        await this.deps.storage.delete(storageKey).catch(() => undefined);
      }
      // Another studio instance kept it (its socket got it too): it counts here all the same, so
      // this instance settles the task it watches without waiting for its poll, and announces
      // nothing (the other did).
      if (this.flights.get(item.taskUUID) !== flight) return false;
      flight.done += 1;
      return true;
    }
    flight.done += 1;
    stampTask(item.taskUUID, "kept");
    if (flight.sentAt !== undefined) {
      studioMetrics().resultLatency.observe(
        { type: flight.taskType },
        (performance.now() - flight.sentAt) / 1000,
      );
    }
    logger().info(
      { requestId: flight.requestId, taskUUID: item.taskUUID, mediaUUID: item.id, bytes },
      "result kept",
    );
    // The live card is the same view a reload reads (review state and rating included), made
    // from what recording it read.
    this.deps.log.publishItem(freshItemView(row, owner));
    stampTask(item.taskUUID, "announced");
    return true;
  }

  /**
   * Ends the task by the one rule (settle.ts) once every result is in or accounted for, or when
   * `final` (its poll ended): results kept make a success, each failure kept beside them; none
   * make a failure, sent again first when it was a passing one.
   */
  private async decide(flight: Flight, final: boolean): Promise<void> {
    // A stopping studio ends nothing on what it heard last: the next start asks the service again.
    if (isEnded(flight) || this.closing) return;
    const failures = failuresOf(flight);
    if (!final && (flight.storing > 0 || flight.done + failures.length < flight.itemCount)) {
      await this.progress(flight.taskUUID, progressOfResults(flight), true);
      return;
    }
    const errors = failures.map((f) => f.error);
    // The service does not know the task (it never got it, or lost it): sent again, bounded.
    if (flight.done === 0 && onlyUnknown(errors) && canResend(this.deps, flight)) {
      await this.resendNow(flight);
      return;
    }
    if (flight.done === 0 && allTransient(errors) && flight.wire && flight.attempt < MAX_ATTEMPTS) {
      await this.retries.retry(flight, causeOf(errors) ?? (errors[0] as ServiceError));
      return;
    }
    await this.settle(flight, settledPatch(flight.itemCount, flight.done, failures));
  }

  private async settle(flight: Flight, patch: ReturnType<typeof settledPatch>): Promise<void> {
    if (isEnded(flight)) return;
    // Ended here, before any await: a delivery arriving meanwhile must not end it a second time.
    flight.status = patch.status;
    const row = await endTask(this.deps.db, this.deps.log, flight, patch);
    stampTask(flight.taskUUID, "settled");
    await this.release(flight.taskUUID);
    this.flights.delete(flight.taskUUID);
    this.retries.forget(flight);
    this.watching.get(flight.taskUUID)?.abort();
    this.finished(flight.authorId, flight.taskUUID);
    // Ended by another route or studio first: it counted and announced the end.
    if (!row) return;
    flight.progress = row.progress;
    studioMetrics().tasksFinished.inc({ type: flight.taskType, outcome: patch.status });
    logger().info(
      { requestId: flight.requestId, taskUUID: flight.taskUUID, outcome: patch.status, results: flight.done },
      "task finished",
    );
  }

  /** A task that ended: its lease goes (a failure here is swept up with the ended tasks' leases). */
  private async release(taskUUID: string): Promise<void> {
    await this.deps.leases?.release([taskUUID]).catch(() => undefined);
  }

  /** `byResults`: the share of results kept, which the record's items tell once it says processing. */
  private async progress(taskUUID: string, progress: number, byResults = false): Promise<void> {
    const flight = this.flights.get(taskUUID);
    if (!flight || isEnded(flight)) return;
    // Only changes are written: polls repeat the same figure between frames.
    if (flight.status === "processing" && (flight.progress ?? 0) >= progress) return;
    flight.status = "processing";
    flight.progress = Math.max(flight.progress ?? 0, progress);
    // The service took the task (progress 0): the team hears it at once, and the record, which
    // only a reload reads, waits for real progress or the end. One write fewer for every task.
    if (flight.progress > 0 && !(byResults && flight.recordedProcessing)) {
      await markTask(this.deps.db, taskUUID, { status: "processing", progress: flight.progress });
      flight.recordedProcessing = true;
    }
    // Not announced when the task ended while this was written (see announce.ts).
    announceUpdate(this.deps.log, flight);
  }
}
