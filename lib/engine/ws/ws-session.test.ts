import { describe, expect, it } from "vitest";
import type { Principal } from "../shared/types";
import { Session, type SessionLimits, type SessionSocket } from "./session";
import { seededRandom } from "./test-support";

const principal: Principal = { accountId: "account-a", keyId: "key-1" };

function limits(overrides: Partial<SessionLimits> = {}): SessionLimits {
  return {
    totals: { delivered: 0, dropped: 0 },
    maxBufferedBytes: 1 << 30,
    maxSessionBufferBytes: 1 << 30,
    maxSessionBufferMessages: 1 << 20,
    budget: { used: 0, max: 1 << 30 },
    ...overrides,
  };
}

/**
 * A socket whose writes complete only when the test says so: `flush` makes the oldest writes reach
 * the client, `die` fails every write still pending (as Node does when a socket is destroyed).
 */
class FakeSocket implements SessionSocket {
  readonly pending: Array<{ text: string; done: (error: Error | undefined) => void }> = [];
  blockedCalls = 0;
  brokenCalls = 0;
  constructor(
    readonly id: number,
    private readonly received: number[],
    private readonly onBroken: (socket: FakeSocket) => void = () => {},
  ) {}
  bufferedAmount(): number {
    return this.pending.reduce((n, p) => n + p.text.length, 0);
  }
  send(text: string, done: (error: Error | undefined) => void): void {
    this.pending.push({ text, done });
  }
  blocked(): void {
    this.blockedCalls++;
  }
  progressed(): void {}
  broken(): void {
    this.brokenCalls++;
    this.onBroken(this);
  }
  closed = false;
  flush(count = Number.POSITIVE_INFINITY): void {
    if (this.closed) return;
    for (let i = 0; i < count; i++) {
      const next = this.pending.shift();
      if (!next) return;
      const message = JSON.parse(next.text) as { data?: Array<{ index: number }> };
      for (const item of message.data ?? []) this.received.push(item.index);
      next.done(undefined);
    }
  }
  die(): void {
    const failed = this.pending.splice(0);
    for (const p of failed) p.done(new Error("socket destroyed"));
  }
}

const result = (index: number) => ({ taskType: "imageInference", taskUUID: "t", index });

describe("Session outbox", () => {
  it("counts a message delivered only when its write succeeded, and resends failed ones in order", () => {
    const received: number[] = [];
    const session = new Session("s", principal, limits(), null);
    const a = new FakeSocket(1, received, (s) => session.detach(s.id, 0));
    session.attach(a);
    for (let i = 1; i <= 4; i++) session.sink.result(result(i));
    a.flush(1);
    a.die();
    expect(a.brokenCalls).toBe(1);
    expect(session.attachedSocketId).toBeNull();
    expect(session.bufferedMessages).toBe(3);
    session.sink.result(result(5));
    const b = new FakeSocket(2, received);
    session.attach(b);
    b.flush();
    expect(received).toEqual([1, 2, 3, 4, 5]);
    expect(session.bufferedMessages).toBe(0);
    expect(session.deliveredUntil).toBe(5);
  });

  it("lets frames still in flight on an old socket settle before the new socket sends", () => {
    const received: number[] = [];
    const session = new Session("s", principal, limits(), null);
    const old = new FakeSocket(1, received);
    session.attach(old);
    session.sink.result(result(1));
    session.sink.result(result(2));
    session.detach(old.id, 0);
    const fresh = new FakeSocket(2, received);
    session.attach(fresh);
    session.sink.result(result(3));
    expect(fresh.pending).toHaveLength(0);
    old.flush(1); // 1 reached the client on the old socket
    expect(fresh.pending).toHaveLength(0);
    old.die(); // 2 did not
    fresh.flush();
    expect(received).toEqual([1, 2, 3]);
  });

  it("settles frames of a socket that closed without calling back, and ignores late callbacks", () => {
    const received: number[] = [];
    const session = new Session("s", principal, limits(), null);
    const old = new FakeSocket(1, received);
    session.attach(old);
    session.sink.result(result(1));
    session.detach(old.id, 0);
    session.socketClosed(old.id);
    const fresh = new FakeSocket(2, received);
    session.attach(fresh);
    fresh.flush();
    old.die(); // a late failure of a frame already sent again: must not queue it a third time
    expect(received).toEqual([1]);
    expect(session.counters.delivered).toBe(1);
    expect(session.bufferedMessages).toBe(0);
    expect(fresh.pending).toHaveLength(0);
  });

  it("stops writing above maxBufferedBytes and tells the socket", () => {
    const received: number[] = [];
    const session = new Session("s", principal, limits({ maxBufferedBytes: 100 }), null);
    const socket = new FakeSocket(1, received);
    session.attach(socket);
    for (let i = 1; i <= 10; i++) session.sink.result({ ...result(i), padding: "x".repeat(60) });
    // One frame (~125 bytes) already exceeds the 100-byte cap: nothing more until it drains.
    expect(socket.pending.length).toBe(1);
    expect(socket.blockedCalls).toBeGreaterThan(0);
    socket.flush(1);
    expect(socket.pending.length).toBe(1);
    socket.flush();
    expect(received).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it("drops results beyond its caps, with one notice per task, and frees the budget when ended", () => {
    const budget = { used: 0, max: 1 << 30 };
    const session = new Session("s", principal, limits({ maxSessionBufferMessages: 2, budget }), 0);
    for (let i = 1; i <= 5; i++) session.sink.result(result(i));
    session.sink.error({ code: "x", message: "y", taskUUID: "u", taskType: "imageInference" });
    expect(session.bufferedMessages).toBe(4); // 2 results + a notice for "t" + a notice for "u"
    expect(session.counters.dropped).toBe(4);
    expect(budget.used).toBeGreaterThan(0);
    session.end();
    expect(budget.used).toBe(0);
    session.sink.result(result(6));
    expect(session.bufferedMessages).toBe(0);
  });

  it("delivers every result exactly once and in order under random drops (200 seeded runs)", () => {
    for (let run = 0; run < 200; run++) {
      const random = seededRandom(run);
      const received: number[] = [];
      const session = new Session("s", principal, limits({ maxBufferedBytes: 200 }), null);
      const sockets: FakeSocket[] = [];
      let nextId = 1;
      const open = () => {
        const socket = new FakeSocket(nextId++, received, (s) => session.detach(s.id, 0));
        sockets.push(socket);
        session.attach(socket);
      };
      open();
      let produced = 0;
      for (let step = 0; step < 60; step++) {
        const r = random();
        const any = sockets[Math.floor(random() * sockets.length)] as FakeSocket;
        if (r < 0.4) session.sink.result(result(++produced));
        else if (r < 0.65) any.flush(1 + Math.floor(random() * 3));
        else if (r < 0.75) any.die();
        else if (r < 0.85) {
          const current = sockets.find((s) => s.id === session.attachedSocketId);
          if (current) session.detach(current.id, 0);
        } else if (r < 0.9) {
          // A closed socket (as Connection reports it: detach, then closed): its pending writes
          // failed and nothing more can succeed on it.
          any.die();
          any.closed = true;
          session.detach(any.id, 0);
          session.socketClosed(any.id);
        } else open();
      }
      // Old sockets settle one way or the other; a healthy socket then takes everything.
      for (const s of sockets) {
        if (random() < 0.5) s.flush();
        else s.die();
      }
      open();
      const last = sockets[sockets.length - 1] as FakeSocket;
      for (let i = 0; i < produced + 5 && last.pending.length > 0; i++) last.flush();
      expect(
        received.filter((v, i) => received.indexOf(v) === i),
        `run ${run}`,
      ).toHaveLength(received.length);
      expect(received, `run ${run}`).toEqual(Array.from({ length: produced }, (_, i) => i + 1));
      expect(session.bufferedMessages, `run ${run}`).toBe(0);
    }
  });
});

describe("Session serialization", () => {
  it("turns a result that cannot be serialized into an internalServerError for its task", () => {
    const received: string[] = [];
    const session = new Session("s", principal, limits(), null);
    session.attach({
      id: 1,
      bufferedAmount: () => 0,
      send: (text, done) => {
        received.push(text);
        done(undefined);
      },
      blocked: () => {},
      progressed: () => {},
      broken: () => {},
    });
    expect(() => session.sink.result({ taskType: "imageInference", taskUUID: "t", seed: 1n })).not.toThrow();
    expect(JSON.parse(received[0] ?? "{}")).toMatchObject({
      errors: [{ code: "internalServerError", taskUUID: "t", taskType: "imageInference" }],
    });
  });
});
