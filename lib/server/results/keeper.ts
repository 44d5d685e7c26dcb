import "server-only";
import type { ServiceError } from "@/lib/protocol/errors";
import { getTask, type TaskWithItems, tasksInFlight } from "@/lib/server/db";
import { stampTask } from "@/lib/server/ops/task-timeline";
import type { ImageItem, UpstreamError, UpstreamEvent, VideoItem, WebhookDelivery } from "@/lib/upstream";
import { announceUpdate } from "./announce";
import {
  type Flight,
  failuresOf,
  isEnded,
  POLL_AFTER_MS,
  progressOfResults,
  type TrackedFlight,
  trackedFlight,
} from "./flight";
import { readFlight } from "./flight-record";
import { keepResult } from "./keep-result";
import type { KeeperDeps } from "./keeper-deps";
import { type DeliveredListener, type FinishedListener, KeeperState } from "./keeper-state";
import { LeaseSweep } from "./lease-sweep";
import { canResend, onlyUnknown } from "./resends";
import { TaskRetries } from "./retries";
import { allTransient, causeOf, MAX_ATTEMPTS, settledPatch, storedError } from "./settle";
import { resendNow, type TakeUpHost, takeUp } from "./take-up";
import { type EndsHost, failTask, progressTask, settleFlight } from "./task-ends";
import { type WatchHost, watchTask } from "./task-watch";

export type { KeeperDeps, Requeue } from "./keeper-deps";
export type { Flight };
export { POLL_AFTER_MS };

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
  private readonly state = new KeeperState();
  private readonly retries: TaskRetries;
  private socketErrors = 0;
  private unsubscribe: (() => void) | null = null;
  private sweeper: LeaseSweep | null = null;
  /** What the modules that end, watch and keep a task reach of this keeper. */
  private readonly host: EndsHost & WatchHost & TakeUpHost;

  constructor(private readonly deps: KeeperDeps) {
    const { state } = this;
    this.retries = new TaskRetries({
      db: deps.db,
      socket: deps.upstream.socket,
      ...(deps.retryDelay ? { delay: deps.retryDelay } : {}),
      current: (flight, wireUUID) => state.flights.get(flight.taskUUID)?.wireUUID === wireUUID,
      stopWatching: (taskUUID) => state.stopWatching(taskUUID),
      watchLater: (flight, ms) => this.watchLater(flight, ms),
      publish: (flight, error) => announceUpdate(deps.log, flight, error),
      // A studio that is stopping leaves the task in flight: the next start takes it up.
      giveUp: (flight, cause) =>
        this.closing
          ? Promise.resolve()
          : this.settle(flight, { status: "error", error: storedError(cause) }),
      later: (fn, ms) => state.later(fn, ms),
    });
    this.host = {
      deps,
      state,
      retries: this.retries,
      flightFor: (taskUUID) => this.flightFor(taskUUID),
      progress: (taskUUID, progress) => progressTask(this.host, taskUUID, progress),
      ingest: (item, index) => this.ingest(item, index),
      decide: (flight, final) => this.decide(flight, final),
      flightOf: (row) => this.flightOf(row),
      watch: (taskUUID) => this.watch(taskUUID),
      watchLater: (flight, ms) => this.watchLater(flight, ms),
      settle: (flight, patch) => this.settle(flight, patch),
    };
  }

  /** Called once a task is done or failed (experiments settle their cells). */
  onFinished(listener: FinishedListener): () => void {
    this.state.finishedListeners.add(listener);
    return () => this.state.finishedListeners.delete(listener);
  }

  /**
   * Called once the service has delivered a task's every result (or its failure), before they are
   * kept: the service works on it no more, so the member queue gives its slot to the next task
   * while this one's results are downloaded and recorded. A task ended without that (refused,
   * failed whole, cancelled) is told by `onFinished` alone. A result that cannot be downloaded may
   * still have its task sent again afterwards, beside the member's next one: a rare overlap.
   */
  onDelivered(listener: DeliveredListener): () => void {
    this.state.deliveredListeners.add(listener);
    return () => this.state.deliveredListeners.delete(listener);
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
      await takeUp(this.host, rows);
      return;
    }
    this.sweeper = new LeaseSweep(leases, {
      watched: () => [...this.state.flights.keys()],
      letGo: (taskUUID) => {
        this.state.abortWatch(taskUUID);
        this.state.flights.delete(taskUUID);
      },
      adopt: (rows) => takeUp(this.host, rows),
    });
    await this.sweeper.start(this.deps.sole ?? false);
  }

  /** True once the keeper is closing: a task not sent now is left for the next start. */
  get closing(): boolean {
    return this.state.closing;
  }

  /** Renews this instance's leases and watches the tasks it claims (see LeaseSweep). */
  sweep(): Promise<void> {
    return this.sweeper?.sweep() ?? Promise.resolve();
  }

  /** Tasks still waited on. */
  get inFlight(): number {
    return this.state.flights.size;
  }

  /**
   * Resolves once no task is waited on (each result kept, each failure recorded), or at `signal`:
   * a stopping server gives the results on their way a moment to land before it closes.
   */
  settled(signal: AbortSignal): Promise<void> {
    return this.state.idle(signal);
  }

  /**
   * Stops watching. With leases, this instance's are released: another studio takes its tasks in
   * flight over at its next sweep instead of after their expiry.
   */
  async close(): Promise<void> {
    this.unsubscribe?.();
    this.state.stop.abort();
    for (const t of this.state.timers) clearTimeout(t);
    await this.state.ingested();
    await this.sweeper?.close();
  }

  /**
   * A task just recorded and sent: waited on, announced to its author as queued. `wire` is the
   * task as written, kept to send it again after a passing failure.
   */
  track(flight: TrackedFlight, pollAfterMs: number): void {
    const entry = trackedFlight(this.state.flights.get(flight.taskUUID), flight);
    this.state.flights.set(flight.taskUUID, entry);
    announceUpdate(this.deps.log, entry);
    this.watchLater(entry, pollAfterMs);
  }

  private watchLater(flight: Flight, pollAfterMs: number): void {
    const { taskUUID, wireUUID } = flight;
    this.state.later(() => {
      if (this.state.flights.get(taskUUID)?.wireUUID === wireUUID) this.watch(taskUUID);
    }, pollAfterMs);
  }

  /** Polls a task's current try until it finishes: progress for the queue, items as they complete. */
  watch(taskUUID: string): void {
    watchTask(this.host, taskUUID);
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
    const running = this.state.ingesting.get(item.id);
    if (running) return running;
    stampTask(item.taskUUID, "arrived");
    const work = this.store(item, index)
      .catch(() => undefined)
      .finally(() => this.state.ingesting.delete(item.id));
    this.state.ingesting.set(item.id, work);
    return work;
  }

  /** A task the service refused or failed: recorded as an error and reported to its author. */
  fail(taskUUID: string, error: ServiceError): Promise<void> {
    return failTask(this.host, taskUUID, error);
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
      for (const taskUUID of this.state.flights.keys()) this.watch(taskUUID);
    }
  }

  /** The service acknowledged a try: a video is polled from now on (see `POLL_AFTER_MS`). */
  private async acknowledged(wireUUID: string): Promise<void> {
    const taskUUID = this.retries.own(wireUUID);
    const flight = this.state.flights.get(taskUUID);
    if (!flight || flight.wireUUID !== wireUUID) return;
    if (flight.taskType === "videoInference") this.watch(taskUUID);
    await progressTask(this.host, taskUUID, 0);
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
    this.noteDelivered(flight);
    if (flight.done + failuresOf(flight).length >= flight.itemCount) await this.decide(flight, false);
    else if (this.state.flights.get(flight.taskUUID) === flight) this.watch(flight.taskUUID);
  }

  /**
   * Tells once that the service has answered for every result of the task's current try, one at
   * least made. A try that made none ends at once, or is sent again and stays the service's work.
   */
  private noteDelivered(flight: Flight): void {
    if (flight.delivered || isEnded(flight) || flight.seen.size === 0) return;
    if (flight.seen.size + failuresOf(flight).length < flight.itemCount) return;
    flight.delivered = true;
    this.state.delivered(flight.authorId, flight.taskUUID);
  }

  /** The flight of a task, from memory or (a webhook for an older task) from its record. */
  private async flightFor(taskUUID: string): Promise<Flight | null> {
    const known = this.state.flights.get(taskUUID);
    if (known) return known;
    const task = await getTask(this.deps.db, taskUUID);
    return task ? this.flightOf(task) : null;
  }

  private async flightOf(row: TaskWithItems): Promise<Flight> {
    const flight = await readFlight(this.deps.db, row);
    this.retries.remember(flight);
    return flight;
  }

  private async store(item: ImageItem | VideoItem, index: number | null): Promise<void> {
    const flight = await this.flightFor(item.taskUUID);
    if (!flight || flight.seen.has(item.id)) return;
    flight.seen.add(item.id);
    this.noteDelivered(flight);
    // Counted while on its way, so that the task is not judged on the results already in alone.
    flight.storing += 1;
    let counted: boolean;
    try {
      counted = await keepResult(this.deps, this.state, flight, item, index);
    } finally {
      flight.storing -= 1;
    }
    if (counted) await this.decide(flight, false);
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
      await progressTask(this.host, flight.taskUUID, progressOfResults(flight), true);
      return;
    }
    const errors = failures.map((f) => f.error);
    // The service does not know the task (it never got it, or lost it): sent again, bounded.
    if (flight.done === 0 && onlyUnknown(errors) && canResend(this.deps, flight)) {
      await resendNow(this.host, flight);
      return;
    }
    if (flight.done === 0 && allTransient(errors) && flight.wire && flight.attempt < MAX_ATTEMPTS) {
      await this.retries.retry(flight, causeOf(errors) ?? (errors[0] as ServiceError));
      return;
    }
    await this.settle(flight, settledPatch(flight.itemCount, flight.done, failures));
  }

  private settle(flight: Flight, patch: ReturnType<typeof settledPatch>): Promise<void> {
    return settleFlight(this.host, flight, patch);
  }
}
