import "server-only";
import { describe, expect, it } from "vitest";
import { createUpstreamClient } from "./index";
import type { WireTask } from "./wire";
import { Outbox } from "./ws-outbox";

const task = (taskUUID: string) => ({ taskType: "imageInference", taskUUID }) as WireTask;

describe("Outbox deadline", () => {
  it("withdraws a message still waiting for a socket: rejected, and never written after", async () => {
    const outbox = new Outbox(10, 10);
    const deadline = new AbortController();
    const sent = outbox.enqueue([task("a")], deadline.signal);
    deadline.abort();
    await expect(sent).rejects.toMatchObject({ code: "serviceUnavailable", message: /not sent/ });
    const written: string[] = [];
    outbox.flush((text, done) => {
      written.push(text);
      done(undefined);
    });
    expect(written).toEqual([]);
    expect(outbox.queued).toBe(0);
  });

  it("reports a message being written at the deadline as handed over, and keeps delivering it", async () => {
    const outbox = new Outbox(10, 10);
    const deadline = new AbortController();
    const sent = outbox.enqueue([task("b")], deadline.signal);
    outbox.flush(() => {}); // the write has started; its callback has not come
    deadline.abort();
    await expect(sent).resolves.toBeUndefined();
    // The socket drops before the write completes: the message goes out on the next one.
    outbox.requeueInflight();
    const written: string[] = [];
    outbox.flush((text, done) => {
      written.push(text);
      done(undefined);
    });
    expect(written).toEqual([JSON.stringify([task("b")])]);
  });

  it("leaves a message written before the deadline alone", async () => {
    const outbox = new Outbox(10, 10);
    const deadline = new AbortController();
    const sent = outbox.enqueue([task("c")], deadline.signal);
    outbox.flush((_text, done) => done(undefined));
    deadline.abort();
    await expect(sent).resolves.toBeUndefined();
  });
});

describe("Outbox messages kept in case the service refuses one for its size", () => {
  const writeNow = (_text: string, done: (error: Error | undefined) => void) => done(undefined);

  /** Sends one message a task for each of `ids`, each written at once; `answered` confirms each. */
  async function sendEach(outbox: Outbox, ids: string[], answered: boolean) {
    for (const id of ids) {
      const sent = outbox.enqueue([task(id)]);
      outbox.flush(writeNow);
      await sent;
      if (answered) outbox.confirm(id);
    }
  }

  it("lets go of each message once its tasks are answered, however many the socket carried", async () => {
    const outbox = new Outbox(10, 100);
    await sendEach(
      outbox,
      Array.from({ length: 1000 }, (_, i) => `t${i}`),
      true,
    );
    // Each write lets go of what was answered before it: only the last one's message is left.
    expect(outbox.keptForRefusal).toBe(1);
  });

  it("keeps the messages not yet answered, up to the tasks it remembers as unanswered", async () => {
    const outbox = new Outbox(10, 5);
    await sendEach(
      outbox,
      Array.from({ length: 50 }, (_, i) => `u${i}`),
      false,
    );
    expect(outbox.keptForRefusal).toBeLessThanOrEqual(6);
    // The largest of them is still the one taken out when the service refuses one.
    expect(outbox.takeRefused()?.tasks).toEqual([task("u45")]);
  });

  it("keeps a message whose write has not completed", () => {
    const outbox = new Outbox(10, 10);
    void outbox.enqueue([task("slow")]);
    outbox.flush(() => {});
    void outbox.enqueue([task("next")]);
    outbox.flush(() => {});
    expect(outbox.keptForRefusal).toBe(2);
    expect(outbox.takeRefused()?.tasks).toEqual([task("slow")]);
  });
});

describe("UpstreamSession.send with a deadline", () => {
  it("answers within the deadline when the service is unreachable", async () => {
    // Port 9 (discard) on loopback: nothing listens, every connection is refused.
    const client = createUpstreamClient(
      { httpUrl: "http://127.0.0.1:9/v1", wsUrl: "ws://127.0.0.1:9/v1", apiKey: "k" },
      { options: { ws: { reconnect: { baseMs: 20, capMs: 100 }, closeGraceMs: 50 } } },
    );
    try {
      await expect(client.socket.send([task("d")], AbortSignal.timeout(300))).rejects.toMatchObject({
        code: "serviceUnavailable",
      });
      expect(client.socket.status().queued).toBe(0);
    } finally {
      await client.close();
    }
  });
});
