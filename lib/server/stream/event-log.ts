import "server-only";
import { logger } from "@/lib/platform/logger";
import { stampTask } from "@/lib/server/ops/task-timeline";
import type { GalleryChange, StreamEvent } from "@/lib/studio/api/stream-events";
import type { GalleryItem, TaskUpdate } from "@/lib/studio/items/gallery-item";
import { checkFrame } from "./declared-frames";
import {
  type Announcement,
  type Audience,
  type EventBody,
  type EventStore,
  MemoryEventStore,
  type NewEvent,
  type StoredEvent,
} from "./event-store";

export type { Audience } from "./event-store";

export interface EventLogOptions {
  /** Where events live and how they are announced (default: in memory, for tests). */
  store?: EventStore;
  /** Events kept for resumes, at most (oldest deleted first). */
  maxEvents?: number;
  /** And no older than this; the contract keeps undelivered results for 120 s upstream too. */
  maxAgeMs?: number;
  /**
   * How long a received event waits for a missing predecessor (another process's insert that has
   * not committed yet) before the gap is read from the store, and skipped if still not there.
   */
  holdMs?: number;
  /** How often old events are deleted. */
  pruneEveryMs?: number;
  now?: () => number;
}

type Listener = (event: StreamEvent, audience: Audience) => void;

/** Events published in one go, at most (one INSERT each). */
const APPEND_BATCH = 500;
/** A `missed` longer than this is not replayed: the tab refetches instead. */
const MAX_REPLAY = 5000;
/** Skipped seqs remembered (to deliver one that commits after all), at most. */
const MAX_SKIPPED = 10_000;

/**
 * The relay's events for the whole deployment. What this process publishes is inserted into the
 * store (one INSERT per tick, in order) and announced to every process; each process delivers
 * what it hears to its listeners (one per open socket) in seq order, holding an event briefly
 * while a predecessor from another process is still on its way. A tab that reconnects, to any
 * process, gets what it missed from the store's window (`missed`), or a reset past it.
 *
 * Publishing never waits: the publish methods return at once, and a failure to store is logged.
 */
export class EventLog {
  private readonly store: EventStore;
  private readonly maxEvents: number;
  private readonly maxAgeMs: number;
  private readonly holdMs: number;
  private readonly pruneEveryMs: number;
  private readonly now: () => number;
  private readonly listeners = new Set<Listener>();

  private epochValue: string | null = null;
  private starting: Promise<void> | null = null;
  private stopListening: (() => Promise<void>) | null = null;
  private pruneTimer: NodeJS.Timeout | null = null;
  private closed = false;

  /** Published here, not yet appended. */
  private outbox: NewEvent[] = [];
  private appending: Promise<void> | null = null;
  private appendScheduled = false;
  private newestAppended = 0;

  /** The newest seq delivered to listeners: every seq up to it was delivered or skipped. */
  private delivered = 0;
  /** Received ahead of a missing predecessor, with when each arrived. */
  private readonly held = new Map<number, { event: StoredEvent; since: number }>();
  private gapTimer: NodeJS.Timeout | null = null;
  private fillingGap = false;
  private readonly skipped = new Map<number, number>();
  private deliveredAt: number | null = null;
  private readonly waiters: { seq: number; resolve: () => void }[] = [];

  /** Events published by this process, and delivered to its listeners (metrics). */
  readonly counts = { published: 0, delivered: 0 };

  constructor(options: EventLogOptions = {}) {
    this.store = options.store ?? new MemoryEventStore();
    this.maxEvents = options.maxEvents ?? 50_000;
    this.maxAgeMs = options.maxAgeMs ?? 120_000;
    this.holdMs = options.holdMs ?? 500;
    this.pruneEveryMs = options.pruneEveryMs ?? 10_000;
    this.now = options.now ?? Date.now;
  }

  /** Reads the deployment's epoch and newest seq and starts listening; the runtime awaits it once. */
  start(): Promise<void> {
    this.starting ??= (async () => {
      const state = await this.store.open();
      this.epochValue = state.epoch;
      this.delivered = state.newest;
      this.stopListening = await this.store.listen(
        (a) => this.announced(a),
        () => void this.catchUp(),
      );
      this.pruneTimer = setInterval(() => void this.prune(), this.pruneEveryMs);
      this.pruneTimer.unref();
    })();
    return this.starting;
  }

  /** The deployment's epoch: a browser's `since` is understood by every process in it. */
  get epoch(): string {
    if (this.epochValue === null) throw new Error("The event log has not started");
    return this.epochValue;
  }

  /** The newest seq delivered by this process (all before it were delivered too, or skipped). */
  get lastSeq(): number {
    return this.delivered;
  }

  publishItem(item: GalleryItem): void {
    this.publish({ team: true }, { type: "item", item });
  }

  publishTask(userId: string, task: TaskUpdate): void {
    this.publish({ userId }, { type: "task", task });
  }

  /** A review gallery change: for the team, or (an inbox count) for one member. */
  publishGallery(change: GalleryChange, audience: Audience = { team: true }): void {
    this.publish(audience, { type: "gallery", change });
  }

  /** When the newest event delivered to the listeners was made (ms), or null before the first. */
  get newestDeliveredAt(): number | null {
    return this.deliveredAt;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * What a user missed since `since` in `epoch`, through this process's `lastSeq` (later events
   * reach its listeners live): the events, or null when they cannot be replayed (another epoch,
   * a seq the deployment never made, or older than the window) and the browser must refetch.
   */
  async missed(userId: string, epoch: string, since: number): Promise<StreamEvent[] | null> {
    await this.start();
    if (epoch !== this.epoch) return null;
    const bounds = await this.store.bounds();
    if (since > Math.max(bounds.newest, this.delivered) || since < bounds.prunedThrough) return null;
    const events = await this.store.read(since, this.delivered, MAX_REPLAY + 1);
    if (events.length > MAX_REPLAY) return null;
    return events.filter((e) => isFor(e.audience, userId)).map((e) => this.toStreamEvent(e));
  }

  /**
   * Resolves once everything published so far is stored and delivered here (tests, and a clean
   * shutdown).
   */
  async flush(): Promise<void> {
    while (this.outbox.length > 0 || this.appending) {
      this.appendSoon();
      await (this.appending ?? Promise.resolve());
    }
    if (this.delivered >= this.newestAppended) return;
    await new Promise<void>((resolve) => this.waiters.push({ seq: this.newestAppended, resolve }));
  }

  /** Stores what is still unsent, then stops listening and pruning. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.pruneTimer) clearInterval(this.pruneTimer);
    if (this.gapTimer) clearTimeout(this.gapTimer);
    while (this.outbox.length > 0 || this.appending) {
      this.appendSoon();
      await (this.appending ?? Promise.resolve());
    }
    await this.stopListening?.();
    for (const w of this.waiters.splice(0)) w.resolve();
  }

  private publish(audience: Audience, body: EventBody): void {
    // Under test, what cannot be sent as declared fails where it is published.
    checkFrame({ ...body, epoch: "declared", seq: 0 } as StreamEvent);
    this.outbox.push({ at: this.now(), audience, body });
    this.counts.published++;
    // Everything published in this tick goes in one INSERT.
    if (this.appendScheduled) return;
    this.appendScheduled = true;
    setImmediate(() => {
      this.appendScheduled = false;
      this.appendSoon();
    });
  }

  /** One append at a time, so this process's events take seqs in the order they were published. */
  private appendSoon(): void {
    if (this.appending || this.outbox.length === 0) return;
    this.appending = (async () => {
      try {
        await this.start();
        while (this.outbox.length > 0) {
          const batch = this.outbox.splice(0, APPEND_BATCH);
          try {
            const stored = await this.store.append(batch);
            for (const event of stored) {
              this.newestAppended = Math.max(this.newestAppended, event.seq);
              this.arrive(event);
            }
          } catch (err) {
            logger().error({ err, events: batch.length }, "Could not publish live events");
          }
        }
      } finally {
        this.appending = null;
      }
    })();
  }

  private announced(a: Announcement): void {
    if ("body" in a) {
      this.arrive(a);
      return;
    }
    // Too big to announce whole: read it back (it is committed: NOTIFY is sent on commit).
    if (a.seq <= this.delivered && !this.skipped.has(a.seq)) return;
    if (this.held.has(a.seq)) return;
    this.store.read(a.seq - 1, a.seq).then(
      (rows) => {
        for (const row of rows) this.arrive(row);
      },
      (err: unknown) => logger().error({ err, seq: a.seq }, "Could not read an announced event"),
    );
  }

  /** After announcements may have been lost (the listening connection came back): read them. */
  private async catchUp(): Promise<void> {
    try {
      const { newest } = await this.store.bounds();
      for (let after = this.delivered; after < newest; ) {
        const rows = await this.store.read(after, newest, APPEND_BATCH);
        if (rows.length === 0) break;
        for (const row of rows) this.arrive(row);
        after = rows.at(-1)?.seq ?? newest;
      }
    } catch (err) {
      logger().error({ err }, "Could not read the events missed while the database was away");
    }
  }

  private arrive(event: StoredEvent): void {
    if (event.seq <= this.delivered) {
      // A seq given up on committed after all: late beats never.
      if (this.skipped.delete(event.seq)) this.deliver(event);
      return;
    }
    if (event.seq === this.delivered + 1 && this.held.size === 0) {
      // The next in order with nothing waiting, as nearly every event of a steady stream is: it
      // goes out at once, without an entry made in `held` and taken out again for each event.
      this.delivered = event.seq;
      this.deliver(event);
      return;
    }
    if (!this.held.has(event.seq)) this.held.set(event.seq, { event, since: this.now() });
    this.drain();
  }

  /** Delivers the held events that follow on, and waits for the rest's predecessors. */
  private drain(): void {
    for (let next = this.held.get(this.delivered + 1); next; next = this.held.get(this.delivered + 1)) {
      this.held.delete(this.delivered + 1);
      this.delivered += 1;
      this.deliver(next.event);
    }
    if (this.held.size === 0) {
      if (this.gapTimer) clearTimeout(this.gapTimer);
      this.gapTimer = null;
    } else this.armGapTimer();
  }

  private armGapTimer(): void {
    if (this.gapTimer || this.closed) return;
    const oldest = Math.min(...[...this.held.values()].map((h) => h.since));
    const wait = Math.max(0, oldest + this.holdMs - this.now());
    this.gapTimer = setTimeout(() => {
      this.gapTimer = null;
      void this.fillGap();
    }, wait);
    this.gapTimer.unref();
  }

  /**
   * An event has waited `holdMs` for a predecessor: read the gap from the store; a seq still not
   * there (rolled back, or a very slow commit) is skipped, and delivered late if it comes after all.
   */
  private async fillGap(): Promise<void> {
    if (this.fillingGap || this.held.size === 0) return;
    this.fillingGap = true;
    try {
      const upTo = Math.max(...this.held.keys());
      const rows = await this.store.read(this.delivered, upTo);
      for (const row of rows)
        if (row.seq > this.delivered && !this.held.has(row.seq))
          this.held.set(row.seq, { event: row, since: this.now() });
      const due = this.now() - this.holdMs;
      const waitedEnough = [...this.held.entries()].filter(([, h]) => h.since <= due).map(([seq]) => seq);
      const through = waitedEnough.length > 0 ? Math.min(...waitedEnough) : this.delivered;
      for (let seq = this.delivered + 1; seq < through; seq++) {
        const present = this.held.get(seq);
        if (present) {
          this.held.delete(seq);
          this.delivered = seq;
          this.deliver(present.event);
          continue;
        }
        this.skip(seq);
        this.delivered = seq;
      }
    } catch (err) {
      logger().error({ err }, "Could not read a gap in the live events");
    } finally {
      this.fillingGap = false;
      this.drain();
    }
  }

  private skip(seq: number): void {
    this.skipped.set(seq, this.now());
    if (this.skipped.size <= MAX_SKIPPED) return;
    const oldest = this.skipped.keys().next().value;
    if (oldest !== undefined) this.skipped.delete(oldest);
  }

  private deliver(stored: StoredEvent): void {
    const event = this.toStreamEvent(stored);
    for (const listener of this.listeners) {
      try {
        listener(event, stored.audience);
      } catch (err) {
        logger().error({ err }, "A live event listener failed");
      }
    }
    this.counts.delivered++;
    stampCells(stored.body);
    this.deliveredAt = Math.max(this.deliveredAt ?? 0, stored.at);
    for (let i = this.waiters.length - 1; i >= 0; i--) {
      const waiter = this.waiters[i];
      if (waiter && waiter.seq <= this.delivered) {
        this.waiters.splice(i, 1);
        waiter.resolve();
      }
    }
  }

  private toStreamEvent(stored: StoredEvent): StreamEvent {
    return { ...stored.body, epoch: this.epoch, seq: stored.seq } as StreamEvent;
  }

  private async prune(): Promise<void> {
    try {
      await this.store.prune(this.now() - this.maxAgeMs, this.maxEvents);
    } catch (err) {
      logger().error({ err }, "Could not delete old live events");
    }
    const old = this.now() - this.maxAgeMs;
    for (const [seq, at] of this.skipped) if (at < old) this.skipped.delete(seq);
  }

  /** Deletes events past the window now (tests; the process does it every `pruneEveryMs`). */
  pruneNow(): Promise<void> {
    return this.prune();
  }
}

/** An experiment's finished cells reached the browsers' sockets: the last point of their tasks' timelines. */
function stampCells(body: EventBody): void {
  if (body.type !== "gallery" || body.change.kind !== "experiment") return;
  for (const cell of body.change.cells ?? [])
    if (cell.taskUUID && (cell.status === "done" || cell.status === "error"))
      stampTask(cell.taskUUID, "relayed");
}

export function isFor(audience: Audience, userId: string): boolean {
  return "team" in audience || audience.userId === userId;
}
