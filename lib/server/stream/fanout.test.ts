import { describe, expect, it } from "vitest";
import * as ws from "ws";
import type { Audience } from "./event-log";
import { Fanout, type Outlet, textFrame } from "./fanout";

interface FrameReader {
  write(chunk: Buffer): void;
  on(event: "message", listener: (data: Buffer) => void): void;
  on(event: "error", listener: (err: Error) => void): void;
}
/** ws's own frame parser (exported, not typed), as a browser's socket reads. */
const { Receiver } = ws as unknown as { Receiver: new (options: { isServer: boolean }) => FrameReader };

/** What a browser's ws makes of the bytes an outlet was written: its messages, in order. */
function reader(userId: string): Outlet & { messages: string[]; writes: number } {
  const receiver = new Receiver({ isServer: false });
  const out = {
    userId,
    messages: [] as string[],
    writes: 0,
    write(chunk: Buffer) {
      out.writes++;
      receiver.write(chunk);
    },
  };
  receiver.on("message", (data: Buffer) => out.messages.push(String(data)));
  receiver.on("error", (err: Error) => {
    throw err;
  });
  return out;
}

const frame = (text: string) => textFrame(Buffer.from(text));

/** A small deterministic generator, so a failing case can be run again. */
function random(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
}

/** A fanout with 1,000 sockets of 34 members, and the distinct buffers written to them. */
function thousandSockets() {
  const fanout = new Fanout(60_000);
  const chunks = new Set<Buffer>();
  const sockets = Array.from({ length: 1000 }, (_, i) => {
    const socket = reader(`u${i % 34}`);
    const write = socket.write;
    socket.write = (chunk: Buffer) => {
      chunks.add(chunk);
      write(chunk);
    };
    fanout.add(socket);
    return socket;
  });
  return { fanout, chunks, sockets };
}

describe("textFrame", () => {
  it("makes frames a ws client reads back whole, at each length encoding", () => {
    const client = reader("u1");
    const texts = [0, 1, 125, 126, 127, 65_535, 65_536, 200_000].map(
      (n) => "é".repeat(n / 2) + "x".repeat(n % 2),
    );
    client.write(Buffer.concat(texts.map(frame)));
    expect(client.messages).toEqual(texts);
  });
});

describe("Fanout", () => {
  it("writes what one window brings to a socket in one write, in order, one message per event", () => {
    const fanout = new Fanout(60_000);
    const a = reader("u1");
    fanout.add(a);
    for (let i = 0; i < 500; i++) fanout.broadcast(frame(`e${i}`), { team: true });
    fanout.flush();
    expect(a.writes).toBe(1);
    expect(a.messages).toEqual(Array.from({ length: 500 }, (_, i) => `e${i}`));
    fanout.close();
  });

  it("keeps each member's events to that member, many sockets of many members in one window", () => {
    const fanout = new Fanout(60_000);
    const sockets = ["u1", "u1", "u2", "u3"].map(reader);
    for (const s of sockets) fanout.add(s);
    fanout.broadcast(frame("team-1"), { team: true });
    fanout.broadcast(frame("u2-only"), { userId: "u2" });
    fanout.broadcast(frame("u1-only"), { userId: "u1" });
    fanout.broadcast(frame("team-2"), { team: true });
    fanout.flush();
    expect(sockets.map((s) => s.messages)).toEqual([
      ["team-1", "u1-only", "team-2"],
      ["team-1", "u1-only", "team-2"],
      ["team-1", "u2-only", "team-2"],
      ["team-1", "team-2"],
    ]);
    fanout.close();
  });

  it("a socket whose write fails or that never drains does not keep the others from theirs", () => {
    const fanout = new Fanout(60_000);
    const broken: Outlet = {
      userId: "u1",
      write() {
        throw new Error("EPIPE");
      },
    };
    const stalled = {
      userId: "u1",
      bytes: 0,
      write(c: Buffer) {
        stalled.bytes += c.length;
      },
    };
    const fine = reader("u1");
    fanout.add(broken);
    fanout.add(stalled);
    fanout.add(fine);
    for (let w = 0; w < 3; w++) {
      fanout.broadcast(frame(`w${w}`), { team: true });
      fanout.flush();
    }
    expect(fine.messages).toEqual(["w0", "w1", "w2"]);
    expect(stalled.bytes).toBeGreaterThan(0);
    fanout.close();
  });

  it("loses, repeats and reorders nothing over random windows of broadcasts, own frames, joins and leaves", () => {
    for (let seed = 1; seed <= 200; seed++) {
      const next = random(seed);
      const fanout = new Fanout(60_000);
      const users = ["u1", "u2", "u3"];
      const sockets = Array.from({ length: 6 }, (_, i) => reader(users[i % users.length] ?? "u1"));
      /** What each socket must have got: the events for it while it was in, in the order they came. */
      const expected = new Map(sockets.map((s) => [s, [] as string[]]));
      /** Gathered for it, not written yet. */
      const pending = new Map(sockets.map((s) => [s, [] as string[]]));
      const flush = () => {
        fanout.flush();
        for (const s of sockets) expected.get(s)?.push(...(pending.get(s)?.splice(0) ?? []));
      };
      const inside = new Set<(typeof sockets)[number]>();
      let n = 0;
      for (let step = 0; step < 300; step++) {
        const roll = next();
        const socket = sockets[Math.floor(next() * sockets.length)] ?? sockets[0];
        if (!socket) throw new Error("no socket");
        if (roll < 0.45) {
          const pick = Math.floor(next() * (users.length + 2));
          const audience: Audience = pick < users.length ? { userId: users[pick] ?? "u1" } : { team: true };
          const text = `b${n++}`;
          fanout.broadcast(frame(text), audience);
          for (const s of inside)
            if ("team" in audience || audience.userId === s.userId) pending.get(s)?.push(text);
        } else if (roll < 0.55) {
          const text = `o${n++}`;
          if (fanout.send(socket, frame(text))) pending.get(socket)?.push(text);
          else expect(inside.has(socket)).toBe(false);
        } else if (roll < 0.65) {
          // One frame for several sockets, as a page's presence event is sent to each tab there.
          const text = `p${n++}`;
          const shared = frame(text);
          for (const s of sockets)
            if (next() < 0.7) {
              if (fanout.send(s, shared)) pending.get(s)?.push(text);
              else expect(inside.has(s)).toBe(false);
            }
        } else if (roll < 0.75) {
          fanout.add(socket);
          inside.add(socket);
        } else if (roll < 0.8) {
          fanout.remove(socket);
          inside.delete(socket);
          // What was gathered for it and not yet written is dropped with it: it is closing.
          pending.set(socket, []);
        } else if (roll < 0.9) flush();
      }
      flush();
      for (const s of sockets) expect(s.messages, `seed ${seed}`).toEqual(expected.get(s));
      fanout.close();
    }
  });

  it("gives sockets sent the same frames in a window one buffer between them, not a copy each", () => {
    const { fanout, chunks, sockets } = thousandSockets();
    // A page's presence event, framed once, for every tab there; then the team's event, then another.
    const presence = frame("presence-1");
    for (const s of sockets) fanout.send(s, presence);
    fanout.broadcast(frame("team"), { team: true });
    const second = frame("presence-2");
    for (const s of sockets.slice(0, 500)) fanout.send(s, second);
    fanout.flush();
    expect(sockets.every((s) => s.writes === 1)).toBe(true);
    expect(sockets[0]?.messages).toEqual(["presence-1", "team", "presence-2"]);
    expect(sockets[999]?.messages).toEqual(["presence-1", "team"]);
    expect(chunks.size).toBe(2);

    chunks.clear();
    for (const s of sockets) fanout.send(s, presence);
    fanout.flush();
    expect(chunks).toEqual(new Set([presence]));
    expect(sockets.every((s) => s.writes === 2 && s.messages.at(-1) === "presence-1")).toBe(true);
    fanout.close();
  });

  it("joins a window's frames once for the team, or once per member, whatever the number of sockets", () => {
    const { fanout, chunks, sockets } = thousandSockets();
    fanout.broadcast(frame("team-1"), { team: true });
    fanout.broadcast(frame("team-2"), { team: true });
    fanout.flush();
    expect(chunks.size).toBe(1);
    expect(sockets.every((s) => s.messages.join() === "team-1,team-2")).toBe(true);

    chunks.clear();
    fanout.broadcast(frame("team-3"), { team: true });
    fanout.broadcast(frame("u7-only"), { userId: "u7" });
    fanout.broadcast(frame("team-4"), { team: true });
    fanout.flush();
    // u7's buffer, with its own event, and one for the 33 other members, whose frames are the same.
    expect(chunks.size).toBe(2);
    expect(sockets[7]?.messages.slice(2)).toEqual(["team-3", "u7-only", "team-4"]);
    expect(sockets[8]?.messages.slice(2)).toEqual(["team-3", "team-4"]);
    fanout.close();
  });

  it("sends on its own after the window, without being flushed", async () => {
    const fanout = new Fanout(1);
    const a = reader("u1");
    fanout.add(a);
    fanout.broadcast(frame("later"), { team: true });
    expect(a.messages).toEqual([]);
    await expect.poll(() => a.messages).toEqual(["later"]);
    fanout.close();
  });
});
