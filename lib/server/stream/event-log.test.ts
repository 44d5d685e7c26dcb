import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestDatabase, testBackends } from "@/lib/server/db/test-databases";
import type { StreamEvent } from "@/lib/studio/api/stream-events";
import { EventLog } from "./event-log";
import { DatabaseEventStore, EVENTS_CHANNEL, MemoryEventStore, type StoredEvent } from "./event-store";
import { galleryItem as item, taskUpdate as task } from "./test-support";

const seqs = (events: StreamEvent[] | null | undefined) => events?.map((e) => e.seq);

describe.each(testBackends)("EventLog on $name", (backend) => {
  let database: TestDatabase;
  const logs: EventLog[] = [];
  /** A studio process's log on the test's database (two of them are two instances). */
  async function open(options: ConstructorParameters<typeof EventLog>[0] = {}): Promise<EventLog> {
    const log = new EventLog({ store: new DatabaseEventStore(database), ...options });
    await log.start();
    logs.push(log);
    return log;
  }

  beforeAll(async () => {
    if (!backend.skip) database = await backend.open();
  }, 60_000);
  afterAll(async () => {
    for (const log of logs.splice(0)) await log.close();
    await database?.dispose();
  });

  it.skipIf(backend.skip)(
    "numbers events in the database's sequence and replays what a user missed, on any instance",
    async () => {
      const a = await open();
      const b = await open();
      expect(b.epoch).toBe(a.epoch);
      const start = a.lastSeq;
      const onB: StreamEvent[] = [];
      b.subscribe((event) => onB.push(event));
      a.publishItem(item("a"));
      a.publishTask("u1", task("t1"));
      a.publishTask("u2", task("t2"));
      a.publishItem(item("b"));
      await a.flush();
      expect(a.lastSeq).toBe(start + 4);
      await expect.poll(() => seqs(onB)).toEqual([1, 2, 3, 4].map((n) => start + n));
      expect(onB[1]).toMatchObject({ type: "task", epoch: a.epoch, task: { taskUUID: "t1" } });
      // A tab that was on A resumes on B.
      expect(seqs(await b.missed("u1", a.epoch, start + 1))).toEqual([start + 2, start + 4]);
      expect(seqs(await b.missed("u2", a.epoch, start))).toEqual([start + 1, start + 3, start + 4]);
      expect(await b.missed("u2", a.epoch, start + 4)).toEqual([]);
      expect(await b.missed("u1", "another-epoch", start)).toBeNull();
      expect(await b.missed("u1", a.epoch, start + 99)).toBeNull();
    },
  );

  it.skipIf(backend.skip)(
    "answers an append with each event's own body under the seq the store keeps it at, without reading it back",
    async () => {
      const store = new DatabaseEventStore(database);
      await store.open();
      const events = Array.from({ length: 40 }, (_, i) => ({
        at: 1_700_000_000_000 + i,
        audience: i % 3 === 0 ? { team: true as const } : { userId: `u${i}` },
        body: { type: "item" as const, item: item(`order-${i}`) },
      }));
      const appended = await store.append(events);
      expect(appended.map((e) => e.body)).toEqual(events.map((e) => e.body));
      const first = appended[0]?.seq ?? 0;
      const kept = await store.read(first - 1, first + events.length - 1);
      expect(kept).toEqual(appended);
    },
  );

  it.skipIf(backend.skip)("delivers an event too big for a notification by reading it back", async () => {
    const a = await open();
    const b = await open();
    const onB: StreamEvent[] = [];
    b.subscribe((event) => onB.push(event));
    const prompt = "a fox in the snow ".repeat(800);
    a.publishItem(item("big", { prompt }));
    a.publishItem(item("small"));
    await a.flush();
    await expect
      .poll(() => onB.map((e) => (e.type === "item" ? e.item.id : e.type)))
      .toEqual(["big", "small"]);
    const big = onB[0];
    expect(big?.type === "item" && big.item.prompt).toBe(prompt);
  });

  it.skipIf(backend.name !== "PostgreSQL" || backend.skip)(
    "after its listening connection is cut, reads what was published meanwhile",
    async () => {
      const a = await open();
      const b = await open();
      const onB: StreamEvent[] = [];
      b.subscribe((event) => onB.push(event));
      await database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where query = ${`LISTEN ${EVENTS_CHANNEL}`}`,
      );
      a.publishItem(item("while-cut"));
      await a.flush();
      await expect
        .poll(() => onB.map((e) => (e.type === "item" ? e.item.id : e.type)))
        .toEqual(["while-cut"]);
      a.publishItem(item("after"));
      await expect
        .poll(() => onB.map((e) => (e.type === "item" ? e.item.id : e.type)))
        .toEqual(["while-cut", "after"]);
    },
  );

  it.skipIf(backend.skip)("keeps the epoch and the sequence for the next process to start", async () => {
    const a = await open();
    a.publishGallery({ kind: "board", boardId: "b1" });
    await a.flush();
    const later = await open();
    expect(later.epoch).toBe(a.epoch);
    expect(later.lastSeq).toBe(a.lastSeq);
  });

  it.skipIf(backend.skip)("asks for a refetch once the gap has left the window", async () => {
    let now = Date.now();
    const a = await open({ maxAgeMs: 60_000, now: () => now });
    const start = a.lastSeq;
    for (const id of ["p", "q", "r"]) a.publishItem(item(id));
    await a.flush();
    now += 120_000;
    a.publishItem(item("s"));
    await a.flush();
    await a.pruneNow();
    expect(await a.missed("u1", a.epoch, start)).toBeNull();
    expect(await a.missed("u1", a.epoch, start + 2)).toBeNull();
    expect(seqs(await a.missed("u1", a.epoch, start + 3))).toEqual([start + 4]);
    expect(await a.missed("u1", a.epoch, start + 4)).toEqual([]);
  });
});

describe("EventLog's ordering", () => {
  const stored = (seq: number): StoredEvent => ({
    seq,
    at: Date.now(),
    audience: { team: true },
    body: { type: "item", item: item(`i${seq}`) },
  });

  async function quietLog(holdMs = 30) {
    const store = new MemoryEventStore();
    store.announce = false;
    const log = new EventLog({ store, holdMs });
    await log.start();
    const seen: number[] = [];
    log.subscribe((event) => seen.push(event.seq));
    return { store, log, seen };
  }

  it("delivers announcements that arrive out of order in seq order", async () => {
    const { store, seen } = await quietLog(60_000);
    for (const seq of [1, 2, 3]) store.insert(stored(seq));
    store.emit(stored(3));
    store.emit(stored(2));
    expect(seen).toEqual([]);
    store.emit(stored(1));
    expect(seen).toEqual([1, 2, 3]);
    store.emit(stored(2));
    expect(seen).toEqual([1, 2, 3]);
  });

  it("delivers the next event in order at once, and one past a gap only after the gap is filled", async () => {
    const { store, log, seen } = await quietLog(60_000);
    for (const seq of [1, 2, 3, 4]) store.insert(stored(seq));
    store.emit(stored(1));
    expect(seen).toEqual([1]);
    store.emit(stored(3));
    store.emit(stored(4));
    expect(seen).toEqual([1]);
    store.emit(stored(2));
    expect(seen).toEqual([1, 2, 3, 4]);
    expect(log.lastSeq).toBe(4);
    // The same event heard twice (its own insert, then the announcement) goes out once.
    store.emit(stored(4));
    store.insert(stored(5));
    store.emit(stored(5));
    store.emit(stored(5));
    expect(seen).toEqual([1, 2, 3, 4, 5]);
  });

  it("reads a predecessor whose announcement never came from the store after the wait", async () => {
    const { store, seen } = await quietLog();
    for (const seq of [1, 2]) store.insert(stored(seq));
    store.emit(stored(2));
    await expect.poll(() => seen).toEqual([1, 2]);
  });

  it("skips a seq that never commits, and delivers it late if it commits after all", async () => {
    const { store, log, seen } = await quietLog();
    store.insert(stored(2));
    store.emit(stored(2));
    await expect.poll(() => seen).toEqual([2]);
    expect(log.lastSeq).toBe(2);
    store.insert(stored(1));
    store.emit(stored(1));
    expect(seen).toEqual([2, 1]);
  });

  it("reads an event announced by its seq alone", async () => {
    const { store, seen } = await quietLog(60_000);
    store.insert(stored(1));
    store.emit({ seq: 1 });
    await expect.poll(() => seen).toEqual([1]);
  });

  it("stores what is published in one tick with one insert, and keeps the order across inserts", async () => {
    const store = new MemoryEventStore();
    const batches: number[] = [];
    const append = store.append.bind(store);
    store.append = async (events) => {
      batches.push(events.length);
      // A slow database: what is published meanwhile waits for this insert, then goes in one.
      await new Promise((r) => setTimeout(r, 20));
      return append(events);
    };
    const log = new EventLog({ store });
    await log.start();
    const seen: string[] = [];
    log.subscribe((event) => seen.push(event.type === "item" ? event.item.id : event.type));
    for (const id of ["a", "b", "c"]) log.publishItem(item(id));
    await new Promise((r) => setImmediate(r));
    log.publishItem(item("d"));
    await new Promise((r) => setImmediate(r));
    log.publishItem(item("e"));
    await log.flush();
    expect(batches).toEqual([3, 2]);
    expect(seen).toEqual(["a", "b", "c", "d", "e"]);
  });

  it("tells live listeners each event with its audience, until they unsubscribe", async () => {
    const log = new EventLog();
    await log.start();
    const seen: string[] = [];
    const off = log.subscribe((event, audience) =>
      seen.push(`${event.type}:${"team" in audience ? "team" : audience.userId}`),
    );
    log.publishItem(item("a"));
    log.publishTask("u2", task("t"));
    await log.flush();
    off();
    log.publishItem(item("b"));
    await log.flush();
    expect(seen).toEqual(["item:team", "task:u2"]);
    expect(log.counts).toEqual({ published: 3, delivered: 3 });
  });
});
