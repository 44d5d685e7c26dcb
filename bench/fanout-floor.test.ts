/**
 * The fan-out floor (fanout-floor.mjs, with its frames in fanout-frames.mjs) must send what the
 * studio sends, or `bench:fanout` compares unlike things. The studio's side here is its own path
 * from a published event to a socket's bytes, as in the bench: an event log publishes on the
 * database, the relay's event log hears it (NOTIFY, or a read-back for a big one), and the relay
 * frames it and writes it to a real socket, whose writes are recorded. The floor's side is the
 * same events built and framed by the floor's own functions. Bytes are compared as latin1 text
 * (one character per byte), so a difference shows as readable JSON.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { type TestDatabase, testBackends } from "@/lib/server/db/test-databases";
import { EventLog } from "@/lib/server/stream/event-log";
import { DatabaseEventStore } from "@/lib/server/stream/event-store";
import { textFrame as relayTextFrame } from "@/lib/server/stream/fanout";
import { CORK_MS, createRelay, type Relay } from "@/lib/server/stream/relay";
import * as floor from "./fanout-frames.mjs";

/** Bytes as text, one character per byte: equal text is equal bytes. */
const bytes = (buffers: Buffer[]) => buffers.map((b) => b.toString("latin1"));

describe("the floor's frames", () => {
  it("gathers for as long as the relay does", () => {
    expect(floor.WINDOW_MS).toBe(CORK_MS);
  });

  it("frame a message of any length as the relay frames it", () => {
    // Across the lengths where a frame's header grows: 7 bits, 16 bits, 64 bits.
    for (const length of [0, 1, 125, 126, 127, 65_535, 65_536, 70_000]) {
      const payload = Buffer.alloc(length, "x");
      expect(bytes([floor.textFrame(payload)]), `${length} bytes`).toEqual(bytes([relayTextFrame(payload)]));
    }
    expect(floor.textFrame(Buffer.alloc(125)).length).toBe(125 + 2);
    expect(floor.textFrame(Buffer.alloc(126)).length).toBe(126 + 4);
    expect(floor.textFrame(Buffer.alloc(65_535)).length).toBe(65_535 + 4);
    expect(floor.textFrame(Buffer.alloc(65_536)).length).toBe(65_536 + 10);
  });
});

let database: TestDatabase | undefined;
/** Publishes as the bench does: an event log of its own on the studio's database. */
let publisher: EventLog;
/** The studio's event log, which the relay sends from. */
let studio: EventLog;
let relay: Relay;
let server: Server;
let origin: string;
/** What the relay wrote to the socket, after the upgrade's answer. */
let written: Buffer[];

/** Records every write to the upgraded socket (the relay's frames go straight to it). */
function recordWrites(socket: Duplex): Buffer[] {
  const writes: Buffer[] = [];
  const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
  socket.write = ((chunk: string | Buffer, ...rest: unknown[]) => {
    writes.push(Buffer.from(chunk));
    return write(chunk, ...rest);
  }) as Duplex["write"];
  return writes;
}

/** A socket of the member "bench" that counts its messages; answers once greeted. */
async function connect(): Promise<{ received(count: number): Promise<void>; close(): void }> {
  const ws = new WebSocket(`${origin.replace("http", "ws")}/api/stream`, { headers: { origin } });
  let count = 0;
  let waiting: { count: number; resolve: () => void } | null = null;
  ws.on("message", () => {
    count++;
    if (waiting && count >= waiting.count) waiting.resolve();
  });
  const received = (wanted: number) =>
    count >= wanted
      ? Promise.resolve()
      : new Promise<void>((resolve) => (waiting = { count: wanted, resolve }));
  await received(1);
  return { received: (events) => received(1 + events), close: () => ws.close() };
}

/** What the relay wrote after the upgrade's answer and the greeting. */
function eventWrites(): Buffer[] {
  expect(written[0]?.toString("latin1")).toMatch(/^HTTP\/1\.1 101/);
  return written.slice(2);
}

/** Board changes published in one tick, as the bench's publisher does; answers the first's seq. */
function publishBoards(boardIds: string[]): number {
  const first = studio.lastSeq + 1;
  for (const boardId of boardIds) publisher.publishGallery({ kind: "board", boardId });
  return first;
}

/** The floor's window of frames, handed over by its own timer. */
function floorWindow(frames: Buffer[]): Promise<Buffer[]> {
  return new Promise((resolve) => {
    const window = floor.frameWindow(floor.WINDOW_MS, (chunk) => resolve([chunk]));
    for (const frame of frames) window.add(frame);
  });
}

/** A board id that makes the floor's event `payloadBytes` long as JSON. */
function boardIdFor(payloadBytes: number, seq: number): string {
  const bare = JSON.stringify(floor.boardEvent("", studio.epoch, seq)).length;
  return "b".repeat(payloadBytes - bare);
}

describe.each(testBackends.filter((b) => !b.skip))("the floor against the relay on $name", (backend) => {
  beforeAll(async () => {
    database = await backend.open();
  }, 60_000);
  afterAll(async () => {
    await database?.dispose();
    database = undefined;
  });

  beforeEach(async () => {
    if (!database) throw new Error("no database");
    publisher = new EventLog({ store: new DatabaseEventStore(database) });
    studio = new EventLog({ store: new DatabaseEventStore(database) });
    await Promise.all([publisher.start(), studio.start()]);
    relay = createRelay({
      log: studio,
      authenticate: async () => ({ userId: "bench", sessionId: "s-bench", role: "viewer" }),
      pingMs: 60_000,
    });
    written = [];
    server = createServer();
    server.on("upgrade", (req, socket, head) => {
      written = recordWrites(socket);
      relay.handleUpgrade(req, socket, head);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterEach(async () => {
    await relay.close();
    await Promise.all([publisher.close(), studio.close()]);
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("greets as the relay greets", async () => {
    const seq = studio.lastSeq;
    const socket = await connect();
    // The floor greets through `ws.send`, which frames a short text message this way too
    // (final, unmasked, no extension: compression is off on both servers).
    const greeting = floor.eventFrame(floor.hello(studio.epoch, seq, "bench"));
    expect(bytes(written.slice(1, 2))).toEqual(bytes([greeting]));
    socket.close();
  });

  it("sends one event as the relay sends it", async () => {
    const socket = await connect();
    const seq = publishBoards(["fanout:1:0:1764500000000.125"]);
    await socket.received(1);
    const event = floor.boardEvent("fanout:1:0:1764500000000.125", studio.epoch, seq);
    expect(bytes(eventWrites())).toEqual(bytes([floor.eventFrame(event)]));
    socket.close();
  });

  it("sends a window of events as one write of the relay's frames back to back", async () => {
    const socket = await connect();
    const ids = Array.from({ length: 5 }, (_, i) => `fanout:2:${i}:${1764500000000 + i}`);
    const first = publishBoards(ids);
    await socket.received(ids.length);
    const window = await floorWindow(
      ids.map((id, i) => floor.eventFrame(floor.boardEvent(id, studio.epoch, first + i))),
    );
    expect(bytes(eventWrites())).toEqual(bytes(window));
    socket.close();
  });

  it("frames events across the header's length steps as the relay does", async () => {
    const socket = await connect();
    const sizes = [125, 126, 65_535, 65_536];
    const first = studio.lastSeq + 1;
    const ids = sizes.map((size, i) => boardIdFor(size, first + i));
    publishBoards(ids);
    await socket.received(sizes.length);
    const frames = ids.map((id, i) => floor.eventFrame(floor.boardEvent(id, studio.epoch, first + i)));
    expect(frames.map((f) => f.length)).toEqual([125 + 2, 126 + 4, 65_535 + 4, 65_536 + 10]);
    // The big ones are read back from the database: they may leave in windows of their own.
    expect(bytes([Buffer.concat(eventWrites())])).toEqual(bytes([Buffer.concat(frames)]));
    socket.close();
  });
});
