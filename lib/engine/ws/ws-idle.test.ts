import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { WS_CLOSE } from "./options";
import { type Harness, KEY_A, sleep, startHarness } from "./test-support";

let harness: Harness;
afterEach(async () => {
  await harness?.close();
});

/** Timer lateness allowed on a busy 2-core machine. */
const TOLERANCE_MS = 150;
const IDLE_MS = 300;

describe("WebSocket ping and idle timeout", () => {
  it("answers ping with pong, echoing a taskUUID when one was sent", async () => {
    harness = await startHarness();
    const client = await harness.connect();
    await client.authenticate(KEY_A);
    client.send([{ taskType: "ping", ping: true }]);
    const pong = await client.waitFor((m) => m.data?.[0]?.taskType === "ping");
    expect(pong).toEqual({ data: [{ taskType: "ping", pong: true }] });
    const taskUUID = randomUUID();
    client.send({ taskType: "ping", ping: true, taskUUID });
    const tagged = await client.waitFor((m) => m.data?.[0]?.taskUUID === taskUUID);
    expect(tagged).toEqual({ data: [{ taskType: "ping", pong: true, taskUUID }] });
  });

  it("closes a socket idle for idleMs with 4000, not before", async () => {
    harness = await startHarness({ idleMs: IDLE_MS });
    const client = await harness.connect();
    await client.authenticate(KEY_A);
    const lastMessageAt = Date.now();
    await sleep(IDLE_MS - 100);
    expect(client.isOpen).toBe(true);
    const closed = await Promise.race([client.closed, sleep(100 + TOLERANCE_MS).then(() => null)]);
    expect(closed?.code).toBe(WS_CLOSE.idleTimeout);
    expect(Date.now() - lastMessageAt).toBeGreaterThanOrEqual(IDLE_MS - 5);
    expect(harness.server.stats().counters.closedIdle).toBe(1);
  });

  it("restarts the idle timer on every message: a ping at 200 ms keeps it open past 300 ms", async () => {
    harness = await startHarness({ idleMs: IDLE_MS });
    const client = await harness.connect();
    await client.authenticate(KEY_A);
    await sleep(200);
    client.send([{ taskType: "ping", ping: true }]);
    const pingedAt = Date.now();
    await sleep(IDLE_MS - 200 + 100); // 400 ms after authentication
    expect(client.isOpen).toBe(true);
    const closed = await Promise.race([client.closed, sleep(IDLE_MS + TOLERANCE_MS).then(() => null)]);
    expect(closed?.code).toBe(WS_CLOSE.idleTimeout);
    expect(Date.now() - pingedAt).toBeGreaterThanOrEqual(IDLE_MS - 5);
  });

  it("counts any message, even malformed, and closes sockets that never authenticate", async () => {
    harness = await startHarness({ idleMs: IDLE_MS });
    const silent = await harness.connect();
    const chatty = await harness.connect();
    await sleep(200);
    chatty.send("not json");
    await sleep(200);
    expect(silent.isOpen).toBe(false);
    expect(silent.closeInfo?.code).toBe(WS_CLOSE.idleTimeout);
    expect(chatty.isOpen).toBe(true);
    expect((await chatty.closed).code).toBe(WS_CLOSE.idleTimeout);
  });

  it("keeps the session of an idle-closed socket for a resume", async () => {
    harness = await startHarness({ idleMs: IDLE_MS });
    const client = await harness.connect();
    const session = await client.authenticate(KEY_A);
    await client.closed;
    const again = await harness.connect();
    expect(await again.authenticate(KEY_A, session)).toBe(session);
  });
});
