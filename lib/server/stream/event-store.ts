import "server-only";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { OpenedDatabase } from "@/lib/server/db/database";
import { event, eventLogState } from "@/lib/server/db/schema/events";
import type { StreamEvent } from "@/lib/studio/api/stream-events";

/** Who an event is for: every member (gallery items) or one user (their task's progress). */
export type Audience = { team: true } | { userId: string };

/** An event as stored: what browsers get, less the `epoch` and `seq` the log adds. */
export type EventBody = StreamEvent extends infer E
  ? E extends { type: "item" | "task" | "gallery" }
    ? Omit<E, "epoch" | "seq">
    : never
  : never;

export interface StoredEvent {
  seq: number;
  /** When it was published (ms since the epoch). */
  at: number;
  audience: Audience;
  body: EventBody;
}

export interface NewEvent {
  at: number;
  audience: Audience;
  body: EventBody;
}

/** What one announcement carries: the whole event, or only its seq when it was too big. */
export type Announcement = StoredEvent | { seq: number };

export interface EventBounds {
  /** The newest seq committed, or the newest deleted by retention when none is kept. */
  newest: number;
  /** Events up to this seq are gone: a `since` below it cannot be replayed. */
  prunedThrough: number;
}

export interface EventStoreState extends EventBounds {
  epoch: string;
}

/**
 * Where the relay's events live: the deployment's sequence and epoch, the window of recent events,
 * and the announcements of new ones to every process.
 */
export interface EventStore {
  /** The deployment's epoch (made by the first process to open the store) and the bounds. */
  open(): Promise<EventStoreState>;
  bounds(): Promise<EventBounds>;
  /** Inserts the events in order and announces them; answers them with their seqs. */
  append(events: NewEvent[]): Promise<StoredEvent[]>;
  /** Committed events with `after < seq <= upTo`, by seq (at most `limit`). */
  read(after: number, upTo: number, limit?: number): Promise<StoredEvent[]>;
  /** Deletes events published before `before` (ms) and all but the newest `keep`. */
  prune(before: number, keep: number): Promise<void>;
  /** Every announcement, from any process; `onResumed` after announcements may have been lost. */
  listen(onAnnounce: (a: Announcement) => void, onResumed: () => void): Promise<() => Promise<void>>;
}

export const EVENTS_CHANNEL = "studio_events";
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; bigger events go by seq alone. */
export const NOTIFY_MAX_BYTES = 7900;
/** Rows deleted per statement while pruning, so no one delete holds locks for long. */
const PRUNE_BATCH = 5000;

type Row = { seq: number | string; at: number | string; audience: string | null; payload: unknown };

function toStored(row: Row): StoredEvent {
  return {
    seq: Number(row.seq),
    at: Number(row.at),
    audience: row.audience === null ? { team: true } : { userId: row.audience },
    body: (typeof row.payload === "string" ? JSON.parse(row.payload) : row.payload) as EventBody,
  };
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Parses one NOTIFY payload; null for anything else on the channel. */
export function parseAnnouncement(payload: string): Announcement | null {
  try {
    const data = JSON.parse(payload) as { seq?: unknown; at?: unknown; audience?: unknown; body?: unknown };
    if (typeof data.seq !== "number") return null;
    if (data.body === undefined) return { seq: data.seq };
    return toStored({
      seq: data.seq,
      at: data.at as number,
      audience: (data.audience as string | null) ?? null,
      payload: data.body,
    });
  } catch {
    return null;
  }
}

/** The `event` table on the studio's database, announced on the `studio_events` channel. */
export class DatabaseEventStore implements EventStore {
  constructor(private readonly database: Pick<OpenedDatabase, "db" | "listen">) {}

  private get db() {
    return this.database.db;
  }

  async open(): Promise<EventStoreState> {
    // The epoch is made once for the deployment: the first process to start writes it.
    await this.db.insert(eventLogState).values({ id: 1, epoch: randomUUID() }).onConflictDoNothing();
    return this.bounds();
  }

  async bounds(): Promise<EventStoreState> {
    const rows = rowsOf<{ epoch: string; pruned: number | string; newest: number | string | null }>(
      await this.db.execute(
        sql`select s.epoch, s.pruned_through as pruned, (select max(seq) from ${event}) as newest from ${eventLogState} s where s.id = 1`,
      ),
    );
    const row = rows[0];
    if (!row) throw new Error("The event log's state row is missing");
    const prunedThrough = Number(row.pruned);
    return { epoch: row.epoch, prunedThrough, newest: Math.max(prunedThrough, Number(row.newest ?? 0)) };
  }

  async append(events: NewEvent[]): Promise<StoredEvent[]> {
    if (events.length === 0) return [];
    const input = JSON.stringify(
      events.map((e) => ({ at: e.at, u: "userId" in e.audience ? e.audience.userId : null, p: e.body })),
    );
    // One statement: the rows and their announcements commit together (NOTIFY is sent on commit),
    // in the order given. A small event travels whole; a big one by its seq, read back by receivers.
    const rows = rowsOf<{ seq: number | string; at: number | string }>(
      await this.db.execute(sql`
        with input as (
          select (e->>'at')::float8 as at, e->>'u' as audience, e->'p' as payload, n
          from jsonb_array_elements(${input}::jsonb) with ordinality as t(e, n)
        ), ins as (
          insert into ${event} (created_at, audience, payload)
          select to_timestamp(at / 1000.0), audience, payload from input order by n
          returning seq, created_at, audience, payload
        ), out as (
          select seq, (extract(epoch from created_at) * 1000)::float8 as at, audience, payload,
            json_build_object('seq', seq, 'at', (extract(epoch from created_at) * 1000)::float8,
              'audience', audience, 'body', payload)::text as message
          from ins
        )
        select seq, at,
          pg_notify(${EVENTS_CHANNEL}, case when octet_length(message) < ${NOTIFY_MAX_BYTES}::int then message
            else json_build_object('seq', seq)::text end) as notified
        from out order by seq`),
    );
    // Only the seqs and times come back: the bodies are the ones in hand (seqs are taken in the
    // order given), not read back and parsed again for every event published.
    return rows.map((row, i) => {
      const sent = events[i] as NewEvent;
      return { seq: Number(row.seq), at: Number(row.at), audience: sent.audience, body: sent.body };
    });
  }

  async read(after: number, upTo: number, limit = 10_000): Promise<StoredEvent[]> {
    if (upTo <= after) return [];
    const rows = rowsOf<Row>(
      await this.db.execute(
        sql`select seq, (extract(epoch from created_at) * 1000)::float8 as at, audience, payload from ${event}
            where seq > ${after}::bigint and seq <= ${upTo}::bigint order by seq limit ${limit}::int`,
      ),
    );
    return rows.map(toStored);
  }

  async prune(before: number, keep: number): Promise<void> {
    for (;;) {
      // The newest seq that has to go (by age, or past the count), deleted from the oldest up,
      // a batch at a time; the state row remembers how far, whichever process pruned.
      const rows = rowsOf<{ deleted: number | string | null }>(
        await this.db.execute(sql`
          with cut as (
            select greatest(
              coalesce((select max(seq) from ${event} where created_at < to_timestamp(${before}::float8 / 1000.0)), 0),
              coalesce((select seq from ${event} order by seq desc offset ${keep}::int limit 1), 0)
            ) as through
          ), doomed as (
            select seq from ${event}, cut where seq <= cut.through order by seq limit ${PRUNE_BATCH}::int
          ), gone as (
            delete from ${event} where seq in (select seq from doomed) returning seq
          ), mark as (
            update ${eventLogState} set pruned_through = greatest(pruned_through, (select max(seq) from gone))
            where id = 1 and exists (select 1 from gone)
          )
          select (select count(*) from gone) as deleted`),
      );
      if (Number(rows[0]?.deleted ?? 0) < PRUNE_BATCH) return;
    }
  }

  listen(onAnnounce: (a: Announcement) => void, onResumed: () => void): Promise<() => Promise<void>> {
    return this.database.listen(
      EVENTS_CHANNEL,
      (payload) => {
        const announcement = parseAnnouncement(payload);
        if (announcement) onAnnounce(announcement);
      },
      onResumed,
    );
  }
}

/**
 * The same contract in memory, for tests that need an event log but no database (and for
 * simulating announcements that arrive late or out of order).
 */
export class MemoryEventStore implements EventStore {
  readonly epoch = randomUUID();
  private events: StoredEvent[] = [];
  private seq = 0;
  private prunedThrough = 0;
  private readonly listeners = new Set<(a: Announcement) => void>();
  /** When false, appended events are stored but not announced (a test announces them itself). */
  announce = true;

  async open(): Promise<EventStoreState> {
    return this.bounds();
  }

  async bounds(): Promise<EventStoreState> {
    return { epoch: this.epoch, newest: this.seq, prunedThrough: this.prunedThrough };
  }

  async append(events: NewEvent[]): Promise<StoredEvent[]> {
    const stored = events.map((e) => ({ ...e, seq: ++this.seq }));
    this.events.push(...stored);
    if (this.announce) for (const e of stored) this.emit(e);
    return stored;
  }

  /** Stores an event with a seq of the test's choosing, without announcing it. */
  insert(e: StoredEvent): void {
    this.seq = Math.max(this.seq, e.seq);
    this.events.push(e);
    this.events.sort((a, b) => a.seq - b.seq);
  }

  /** Announces as if another process had published. */
  emit(a: Announcement): void {
    for (const listener of this.listeners) listener(a);
  }

  async read(after: number, upTo: number, limit = 10_000): Promise<StoredEvent[]> {
    return this.events.filter((e) => e.seq > after && e.seq <= upTo).slice(0, limit);
  }

  async prune(before: number, keep: number): Promise<void> {
    const byCount = this.events.length - keep;
    const gone = this.events.filter((e, i) => e.at < before || i < byCount);
    if (gone.length === 0) return;
    this.prunedThrough = Math.max(this.prunedThrough, ...gone.map((e) => e.seq));
    this.events = this.events.filter((e) => e.seq > this.prunedThrough);
  }

  async listen(onAnnounce: (a: Announcement) => void): Promise<() => Promise<void>> {
    this.listeners.add(onAnnounce);
    return async () => {
      this.listeners.delete(onAnnounce);
    };
  }
}
