import "server-only";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import type { ServiceError } from "@/lib/protocol/errors";
import { getTask, markTask, recordItem, type StudioDatabase, tasksInFlight } from "@/lib/server/db";
import { type TaskRow, user } from "@/lib/server/db/schema";
import type { StoredTaskError } from "@/lib/server/db/schema/studio";
import { logger } from "@/lib/server/ops/logger";
import { studioMetrics } from "@/lib/server/ops/metrics";
import { itemMediaKey, type MediaStorage } from "@/lib/server/storage";
import type { EventLog } from "@/lib/server/stream/event-log";
import type { TaskState } from "@/lib/studio/stream-events";
import type { ImageItem, UpstreamClient, UpstreamEvent, VideoItem } from "@/lib/upstream";
import { toGalleryItem } from "./gallery-item";
import { LeaseSweep } from "./lease-sweep";
import { resultMedia, type TrustedOrigins } from "./media-bytes";
import { probeVideo } from "./probe-video";
import type { TaskLeases } from "./task-leases";

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
}

/** A task the keeper waits on: what publishing and recording its results needs, without a read. */
export interface Flight {
  taskUUID: string;
  taskType: string;
  authorId: string;
  authorName: string;
  params: Record<string, unknown>;
  itemCount: number;
  done: number;
  status: TaskState;
  progress: number | null;
  /** Media UUIDs already handled, so a result that arrives by two routes is fetched once. */
  seen: Set<string>;
  /** The request that sent it (`x-request-id`); unknown for a task picked up after a restart. */
  requestId?: string;
  /** When it was handed over (`performance.now()`), for the result latency; unknown after a restart. */
  sentAt?: number;
}

/**
 * When the socket should have delivered by itself, and polling takes over: video at once (its
 * progress comes only from polling), async images after a while, sync images after longer.
 */
export const POLL_AFTER_MS = { video: 0, asyncImage: 15_000, syncImage: 60_000 } as const;

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
  private readonly ingesting = new Map<string, Promise<void>>();
  private readonly watching = new Map<string, AbortController>();
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private readonly stop = new AbortController();
  private unsubscribe: (() => void) | null = null;
  private sweeper: LeaseSweep | null = null;
  private readonly finishedListeners = new Set<(authorId: string, taskUUID: string) => void>();

  constructor(private readonly deps: KeeperDeps) {}

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
      for (const row of await tasksInFlight(this.deps.db)) {
        this.flights.set(row.taskUUID, await this.flightOf(row, 0, []));
        this.watch(row.taskUUID);
      }
      return;
    }
    this.sweeper = new LeaseSweep(leases, {
      watched: () => [...this.flights.keys()],
      letGo: (taskUUID) => {
        this.watching.get(taskUUID)?.abort();
        this.flights.delete(taskUUID);
      },
      adopt: async (row) => {
        if (this.flights.has(row.taskUUID) || this.stop.signal.aborted) return;
        this.flights.set(
          row.taskUUID,
          await this.flightOf(
            row,
            row.items.length,
            row.items.map((i) => i.mediaUUID),
          ),
        );
        this.watch(row.taskUUID);
      },
    });
    await this.sweeper.start(this.deps.sole ?? false);
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

  /** A task just recorded and sent: waited on, announced to its author as queued. */
  track(flight: Omit<Flight, "done" | "status" | "progress" | "seen" | "sentAt">, pollAfterMs: number): void {
    const entry: Flight = {
      ...flight,
      done: 0,
      status: "queued",
      progress: null,
      seen: new Set(),
      sentAt: performance.now(),
    };
    this.flights.set(flight.taskUUID, entry);
    this.publish(entry, null);
    if (pollAfterMs <= 0) this.watch(flight.taskUUID);
    else {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        if (this.flights.has(flight.taskUUID)) this.watch(flight.taskUUID);
      }, pollAfterMs);
      timer.unref();
      this.timers.add(timer);
    }
  }

  /** Polls a task until it finishes: progress for the queue, items as they complete. */
  watch(taskUUID: string): void {
    if (this.watching.has(taskUUID) || this.stop.signal.aborted) return;
    const controller = new AbortController();
    this.stop.signal.addEventListener("abort", () => controller.abort(), { once: true });
    this.watching.set(taskUUID, controller);
    void this.deps.upstream
      .watch(taskUUID, {
        signal: controller.signal,
        onProgress: (progress) => void this.progress(taskUUID, progress),
        onItem: (item) => {
          if (item.status === "success" && (item.item.kind === "image" || item.item.kind === "video")) {
            void this.ingest(item.item, item.index);
          }
        },
      })
      .then(async (outcome) => {
        if (controller.signal.aborted) return;
        await Promise.allSettled([...this.ingesting.values()]);
        const errors = outcome.ok
          ? outcome.items.flatMap((i) => (i.status === "error" ? [i.error] : []))
          : [outcome.error];
        const flight = this.flights.get(taskUUID);
        if (flight) await this.settle(flight, errors[0] ?? null, true);
      })
      .catch(() => undefined)
      .finally(() => this.watching.delete(taskUUID));
  }

  /** Stores and records one result; the same result arriving twice is recorded once. */
  ingest(item: ImageItem | VideoItem, index: number | null = null): Promise<void> {
    const running = this.ingesting.get(item.id);
    if (running) return running;
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
    const row = await markTask(this.deps.db, taskUUID, { status: "error", error: error as StoredTaskError });
    await this.release(taskUUID);
    const flight = this.flights.get(taskUUID) ?? (row ? await this.flightOf(row, 0, []) : null);
    this.flights.delete(taskUUID);
    if (known) studioMetrics().tasksFinished.inc({ type: known.taskType, outcome: "error" });
    this.watching.get(taskUUID)?.abort();
    if (flight && row) this.publish({ ...flight, status: row.status, progress: row.progress }, row.error);
    const authorId = flight?.authorId ?? row?.authorId;
    if (authorId !== undefined) this.finished(authorId, taskUUID);
  }

  private async onEvent(event: UpstreamEvent): Promise<void> {
    if (event.type === "item") {
      const { item } = event;
      if (item.kind === "image" || item.kind === "video") await this.ingest(item);
      else if (item.kind === "accepted") await this.progress(event.taskUUID, 0);
    } else if (event.type === "error") {
      await this.fail(event.taskUUID, event.error);
    } else if (event.change === "connected" && !event.resumed) {
      // A new session: results that completed while the studio was away are not coming by push.
      for (const taskUUID of this.flights.keys()) this.watch(taskUUID);
    }
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
    return {
      taskUUID: row.taskUUID,
      taskType: row.taskType,
      authorId: row.authorId,
      authorName: author?.name ?? "Former member",
      params: row.params,
      itemCount: row.itemCount,
      done,
      status: row.status,
      progress: row.progress,
      seen: new Set(seen),
    };
  }

  private async store(item: ImageItem | VideoItem, index: number | null): Promise<void> {
    const flight = await this.flightFor(item.taskUUID);
    if (!flight || flight.seen.has(item.id)) return;
    flight.seen.add(item.id);
    let media: { bytes: Buffer; mime: string };
    try {
      media = await this.withRetries(() => resultMedia(item, this.deps.upstreamOrigin, this.stop.signal));
    } catch (err) {
      flight.seen.delete(item.id);
      await this.fail(item.taskUUID, {
        code: "mediaUnavailable",
        message: `The result ${item.id} could not be downloaded from the service: ${err instanceof Error ? err.message : err}`,
      });
      return;
    }
    const size = await this.dimensions(item, media, flight.params);
    const storageKey = itemMediaKey(item.id, media.mime);
    const { bytes } = await this.deps.storage.put(storageKey, media.bytes, { mime: media.mime });
    const { created, item: row } = await recordItem(this.deps.db, {
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
      storageKey,
      bytes,
    });
    if (!created) {
      // Another route stored this result first, possibly under another key (a month boundary):
      // the bytes just written are nobody's.
      if (row.storageKey !== storageKey) await this.deps.storage.delete(storageKey).catch(() => undefined);
      // Another studio instance kept it (its socket got it too): it counts here all the same, so
      // this instance settles the task it watches without waiting for its poll, and announces
      // nothing (the other did).
      if (this.flights.get(item.taskUUID) === flight) {
        flight.done += 1;
        await this.settle(flight, null);
      }
      return;
    }
    flight.done += 1;
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
    this.deps.log.publishItem(toGalleryItem(row, flight, flight.authorName));
    await this.settle(flight, null);
  }

  private async dimensions(
    item: ImageItem | VideoItem,
    media: { bytes: Buffer },
    params: Record<string, unknown>,
  ): Promise<{ width: number; height: number; durationSeconds: number | null }> {
    if (item.kind === "image") {
      const meta = await sharp(media.bytes).metadata();
      return { width: meta.width ?? 1, height: meta.height ?? 1, durationSeconds: null };
    }
    const probed = await probeVideo(media.bytes).catch(() => null);
    return {
      width: probed?.width ?? (typeof params.width === "number" ? params.width : 1),
      height: probed?.height ?? (typeof params.height === "number" ? params.height : 1),
      durationSeconds: probed?.durationSeconds ?? null,
    };
  }

  /**
   * Status from what arrived: done when every expected result is in; a poll that ended or an
   * error settles it with what arrived (some results is a success, none is the error).
   */
  private async settle(flight: Flight, error: ServiceError | null, final = false): Promise<void> {
    if (flight.status === "success" || flight.status === "error") return;
    if (!final && error === null && flight.done < flight.itemCount) {
      await this.progress(flight.taskUUID, Math.round((flight.done / Math.max(1, flight.itemCount)) * 100));
      return;
    }
    const failure = (error ?? {
      code: "noResults",
      message: "The service finished the task without a result.",
    }) as StoredTaskError;
    const row = await markTask(
      this.deps.db,
      flight.taskUUID,
      flight.done > 0 ? { status: "success", progress: 100 } : { status: "error", error: failure },
    );
    await this.release(flight.taskUUID);
    this.flights.delete(flight.taskUUID);
    const outcome = flight.done > 0 ? "success" : "error";
    studioMetrics().tasksFinished.inc({ type: flight.taskType, outcome });
    logger().info(
      { requestId: flight.requestId, taskUUID: flight.taskUUID, outcome, results: flight.done },
      "task finished",
    );
    this.finished(flight.authorId, flight.taskUUID);
    if (!row) return;
    flight.status = row.status;
    flight.progress = row.progress;
    this.publish(flight, row.error);
  }

  /** A task that ended: its lease goes (a failure here is swept up with the ended tasks' leases). */
  private async release(taskUUID: string): Promise<void> {
    await this.deps.leases?.release([taskUUID]).catch(() => undefined);
  }

  private async progress(taskUUID: string, progress: number): Promise<void> {
    const flight = this.flights.get(taskUUID);
    if (!flight || flight.status === "success" || flight.status === "error") return;
    // Only changes are written: polls repeat the same figure between frames.
    if (flight.status === "processing" && (flight.progress ?? 0) >= progress) return;
    flight.status = "processing";
    flight.progress = Math.max(flight.progress ?? 0, progress);
    await markTask(this.deps.db, taskUUID, { status: "processing", progress: flight.progress });
    this.publish(flight, null);
  }

  private publish(flight: Flight, error: StoredTaskError | null): void {
    this.deps.log.publishTask(flight.authorId, {
      taskUUID: flight.taskUUID,
      taskType: flight.taskType,
      status: flight.status,
      progress: flight.progress,
      itemCount: flight.itemCount,
      itemsDone: flight.done,
      error: error
        ? {
            code: error.code,
            message: error.message,
            ...(error.parameter ? { parameter: error.parameter } : {}),
          }
        : null,
    });
  }

  private async withRetries<T>(run: () => Promise<T>): Promise<T> {
    let last: unknown;
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        return await run();
      } catch (err) {
        last = err;
        if (this.stop.signal.aborted) break;
        await new Promise((r) => setTimeout(r, 250 * 2 ** attempt));
      }
    }
    throw last;
  }
}
