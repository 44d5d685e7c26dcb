import { afterEach, describe, expect, it } from "vitest";
import { WS_CLOSE } from "./options";
import {
  eventually,
  type Harness,
  imageTask,
  KEY_A,
  sleep,
  startHarness,
  type TestClient,
} from "./test-support";

let harness: Harness;
afterEach(async () => {
  await harness?.close();
});

const KiB = 1024;

function indicesOf(clients: TestClient[], taskUUID: string): number[] {
  return clients.flatMap((c) =>
    c
      .dataItems()
      .filter((d) => d.taskUUID === taskUUID)
      .map((d) => Number(d.index)),
  );
}

describe("WebSocket memory bounds", () => {
  it("stops writing to a client that does not read, closes it with 1013, and delivers everything after resume", async () => {
    const maxBufferedBytes = 256 * KiB;
    const resultBytes = 64 * KiB;
    const count = 400; // 25 MiB: far more than the loopback's kernel buffers absorb
    harness = await startHarness({ maxBufferedBytes, slowReaderGraceMs: 100, closeTimeoutMs: 5_000 });
    const task = imageTask();
    const taskUUID = String(task.taskUUID);
    harness.core.plans.set(taskUUID, { count, bytes: resultBytes });
    const reader = await harness.connect();
    const session = await reader.authenticate(KEY_A);
    reader.rawSocket.pause();
    reader.send([task]);

    await eventually(
      () => harness.server.stats().counters.closedSlowReader === 1,
      30_000,
      "the slow-reader close",
    );
    const stats = harness.server.stats();
    // One frame may go out while just under the cap: the bound is the cap plus one result.
    expect(stats.peakSocketBufferedBytes).toBeLessThanOrEqual(maxBufferedBytes + resultBytes + KiB);
    expect(stats.peakSocketBufferedBytes).toBeGreaterThan(maxBufferedBytes);
    expect(stats.bufferedMessages).toBeGreaterThan(0);
    expect(stats.detachedSessions).toBe(1);

    // The client reads again: it gets what was already written, then the close frame.
    reader.rawSocket.resume();
    expect((await reader.closed).code).toBe(WS_CLOSE.tryAgainLater);
    const beforeResume = indicesOf([reader], taskUUID).length;
    expect(beforeResume).toBeLessThan(count);

    // The client comes back with its session. Reading in this same process, while the server
    // pours out what it kept, it may fall behind the tight cap again and be closed the same way;
    // it comes back each time, as the service's clients do, and nothing is lost in between.
    const clients = [reader];
    const arrived = () => indicesOf(clients, taskUUID).length >= count;
    while (!arrived()) {
      expect(clients.length).toBeLessThan(20);
      const resumed = await harness.connect();
      expect(await resumed.authenticate(KEY_A, session)).toBe(session);
      clients.push(resumed);
      const outcome = await Promise.race([
        resumed.waitUntil(arrived, 30_000).then(
          () => "all",
          () => "waited in vain",
        ),
        resumed.closed.then((c) => c.code),
      ]);
      if (outcome === "all") break;
      expect(outcome).toBe(WS_CLOSE.tryAgainLater);
    }
    await sleep(50);
    const all = indicesOf(clients, taskUUID).sort((a, b) => a - b);
    expect(all).toEqual(Array.from({ length: count }, (_, i) => i + 1));
    // Order is kept across the sockets.
    expect(indicesOf(clients, taskUUID)).toEqual(all);
    expect(harness.server.stats().bufferedBytes).toBe(0);
    // 25 MiB through loopback twice: seconds on a loaded machine. The waits above end on events;
    // a result that is really lost never arrives, however long the test may take.
  }, 60_000);

  it("caps what a detached session buffers, and says which task lost results", async () => {
    harness = await startHarness({ maxSessionBufferMessages: 5 });
    const task = imageTask();
    const taskUUID = String(task.taskUUID);
    harness.core.plans.set(taskUUID, { count: 10, delayMs: 80 });
    const first = await harness.connect();
    const session = await first.authenticate(KEY_A);
    first.send([task]);
    await first.close();
    // Ten results come 80 ms apart: the first five are kept, the last five dropped as they come
    // (waiting on the count of drops, not on time, so a loaded machine cannot cut the wait short).
    await eventually(
      () => harness.server.stats().dropped >= 5,
      10_000,
      "the last five results to be dropped",
    );
    await sleep(200);
    const stats = harness.server.stats();
    expect(stats.dropped).toBe(5);
    expect(stats.bufferedMessages).toBeGreaterThanOrEqual(6);
    const second = await harness.connect();
    expect(await second.authenticate(KEY_A, session)).toBe(session);
    await second.waitUntil(() => second.messages.some((m) => m.errors?.[0]?.code === "resultsDropped"));
    expect(indicesOf([second], taskUUID)).toEqual([1, 2, 3, 4, 5]);
    const notices = second.messages.filter((m) => m.errors?.[0]?.code === "resultsDropped");
    expect(notices).toHaveLength(1);
    expect(notices[0]?.errors?.[0]).toMatchObject({ taskUUID, taskType: "imageInference" });
  });

  it("caps the bytes all sessions buffer together", async () => {
    harness = await startHarness({ maxTotalBufferBytes: 20 * KiB });
    const tasks = [imageTask(), imageTask()];
    for (const t of tasks)
      harness.core.plans.set(String(t.taskUUID), { count: 3, delayMs: 60, bytes: 4 * KiB });
    for (const t of tasks) {
      const client = await harness.connect();
      await client.authenticate(KEY_A);
      client.send([t]);
      await client.close();
    }
    await eventually(() => harness.server.stats().dropped + harness.server.stats().bufferedMessages >= 6);
    await sleep(20);
    const stats = harness.server.stats();
    expect(stats.bufferedBytes).toBeLessThanOrEqual(20 * KiB);
    expect(stats.dropped).toBeGreaterThan(0);
  });

  it("closes a socket that sends an oversize message with 1009 and keeps serving others", async () => {
    harness = await startHarness({ maxPayloadBytes: 1024 });
    const big = await harness.connect();
    await big.authenticate(KEY_A);
    big.send([{ ...imageTask(), positivePrompt: "x".repeat(2_000) }]);
    expect((await big.closed).code).toBe(WS_CLOSE.messageTooBig);
    await eventually(() => harness.server.stats().counters.closedMessageTooBig === 1);
    const other = await harness.connect();
    await other.authenticate(KEY_A);
    other.send({ taskType: "ping", ping: true });
    await other.waitFor((m) => m.data?.[0]?.pong === true);
  });

  it("close() closes every socket with 1001 and ends every session", async () => {
    harness = await startHarness();
    const task = imageTask();
    harness.core.plans.set(String(task.taskUUID), { count: 1, delayMs: 5_000 });
    const a = await harness.connect();
    await a.authenticate(KEY_A);
    a.send([task]);
    const b = await harness.connect();
    const gone = await harness.connect();
    await gone.authenticate(KEY_A);
    await gone.close();
    await harness.server.close();
    expect((await a.closed).code).toBe(WS_CLOSE.goingAway);
    expect((await b.closed).code).toBe(WS_CLOSE.goingAway);
    const stats = harness.server.stats();
    expect(stats.connections).toBe(0);
    expect(stats.sessions).toBe(0);
    // Results arriving after close go nowhere and do not throw.
    harness.core.submissions[0]?.sink.result({ taskType: "imageInference", taskUUID: String(task.taskUUID) });
    expect(harness.server.stats().bufferedMessages).toBe(0);
  });
});
