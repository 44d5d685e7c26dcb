import "server-only";
import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { type WebSocket, WebSocketServer } from "ws";
import { isServiceError } from "@/lib/protocol/errors";
import { createUpstreamClient, type UpstreamClient } from "./index";
import { EventLog } from "./test-support";
import type { WireTask } from "./wire";

/**
 * The session against a scripted WebSocket server, for what the engine never does: replaying a
 * result after a resume, refusing a resume with an error, errors without a taskUUID.
 */

type Script = (message: Record<string, unknown>[], ws: WebSocket, connection: number) => void;

interface FakeWs {
  url: string;
  received: Record<string, unknown>[][];
  sockets: WebSocket[];
  close(): Promise<void>;
}

async function startFakeWs(script: Script): Promise<FakeWs> {
  const server = new WebSocketServer({ port: 0, host: "127.0.0.1" });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const received: Record<string, unknown>[][] = [];
  const sockets: WebSocket[] = [];
  server.on("connection", (ws) => {
    sockets.push(ws);
    const connection = sockets.length;
    ws.on("message", (raw) => {
      const message = JSON.parse(String(raw)) as Record<string, unknown>[];
      received.push(message);
      script(message, ws, connection);
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}/v1`,
    received,
    sockets,
    async close() {
      for (const ws of sockets) ws.terminate();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const send = (ws: WebSocket, body: unknown) => ws.send(JSON.stringify(body));
const authOk = (ws: WebSocket, session: string) =>
  send(ws, { data: [{ taskType: "authentication", connectionSessionUUID: session }] });
const result = (taskUUID: string, imageUUID: string) => ({
  taskType: "imageInference",
  taskUUID,
  imageUUID,
  imageURL: `http://x/${imageUUID}.jpg`,
  seed: 7,
});

let fake: FakeWs | undefined;
let client: UpstreamClient | undefined;
afterEach(async () => {
  await client?.close();
  await fake?.close();
});

function clientFor(url: string, readApiKey?: () => string): { client: UpstreamClient; log: EventLog } {
  client = createUpstreamClient(
    {
      httpUrl: "http://127.0.0.1:1/v1",
      wsUrl: url,
      apiKey: "k-scripted-key",
      ...(readApiKey ? { readApiKey } : {}),
    },
    {
      options: {
        ws: { reconnect: { baseMs: 10, capMs: 20 }, refused: { baseMs: 10, capMs: 40 }, closeGraceMs: 100 },
      },
    },
  );
  const log = new EventLog();
  client.socket.onMessage(log.listener);
  return { client, log };
}

const task = (): WireTask => ({ taskType: "imageInference", taskUUID: randomUUID() });

describe("WebSocket session against a scripted server", () => {
  it("tries again after a refused key, reading the key afresh, and works once one is accepted", async () => {
    const t = task();
    let key = "k-rotated-away-1234";
    fake = await startFakeWs((message, ws) => {
      const head = message[0];
      if (head?.taskType === "authentication") {
        if (head.apiKey === "k-accepted-5678") authOk(ws, "22222222-2222-4222-8222-222222222222");
        else
          send(ws, {
            errors: [
              {
                code: "invalidApiKey",
                message: "Invalid API key.",
                parameter: "apiKey",
                taskType: "authentication",
              },
            ],
          });
      } else if (head?.taskUUID === t.taskUUID) {
        send(ws, { data: [result(String(t.taskUUID), randomUUID())] });
      }
    });
    const { client, log } = clientFor(fake.url, () => key);
    await expect(client.socket.send([t])).rejects.toSatisfy(
      (e: unknown) => isServiceError(e) && e.code === "invalidApiKey",
    );
    expect(client.socket.status()).toMatchObject({ state: "failed", connected: false });
    // It keeps trying (a refusal is not the end), each time with the key as it is now.
    await log.until(() => log.connectionChanges().filter((c) => c === "failed").length >= 3);
    key = "k-accepted-5678";
    await log.until(() => log.connectionChanges().includes("connected"));
    await client.socket.send([t]);
    await log.until(() => log.resultKeys().length === 1);
    expect(client.socket.status()).toMatchObject({ state: "connected", connected: true, retryAt: null });
    const keys = fake.received.filter((m) => m[0]?.taskType === "authentication").map((m) => m[0]?.apiKey);
    expect(keys.at(-1)).toBe("k-accepted-5678");
    expect(keys.slice(0, 3)).toEqual(["k-rotated-away-1234", "k-rotated-away-1234", "k-rotated-away-1234"]);
  });

  it("emits a result replayed after a resume only once", async () => {
    const t = task();
    const [first, second] = [randomUUID(), randomUUID()];
    fake = await startFakeWs((message, ws, connection) => {
      const head = message[0];
      if (head?.taskType === "authentication") {
        authOk(ws, "11111111-1111-4111-8111-111111111111");
        // After the resume the server sends the first result again, then the second.
        if (connection === 2)
          send(ws, { data: [result(String(t.taskUUID), first), result(String(t.taskUUID), second)] });
      } else if (head?.taskUUID === t.taskUUID && connection === 1) {
        send(ws, { data: [result(String(t.taskUUID), first)] });
        ws.terminate();
      }
    });
    const { client, log } = clientFor(fake.url);
    await client.socket.send([t]);
    await log.until(() => log.resultKeys().length >= 2);
    await new Promise((r) => setTimeout(r, 50));
    expect(log.resultKeys()).toEqual([`${t.taskUUID}|${first}`, `${t.taskUUID}|${second}`]);
    // The resume carried the old session UUID.
    const auths = fake.received.filter((m) => m[0]?.taskType === "authentication");
    expect(auths[1]?.[0]?.connectionSessionUUID).toBe("11111111-1111-4111-8111-111111111111");
  });

  it("authenticates again without the old session when the service refuses to resume it", async () => {
    fake = await startFakeWs((message, ws, connection) => {
      const head = message[0];
      if (head?.taskType !== "authentication") return;
      if (connection === 1) {
        authOk(ws, "11111111-1111-4111-8111-111111111111");
        setTimeout(() => ws.terminate(), 10);
      } else if (head.connectionSessionUUID) {
        send(ws, {
          errors: [
            { code: "invalidConnectionSessionUUID", message: "unknown session", taskType: "authentication" },
          ],
        });
      } else authOk(ws, "22222222-2222-4222-8222-222222222222");
    });
    const { client, log } = clientFor(fake.url);
    client.socket.start();
    await log.until(() => log.connectionChanges().filter((c) => c === "connected").length === 2);
    const last = log.events.filter((e) => e.type === "connection" && e.change === "connected").at(-1);
    expect(last).toMatchObject({
      resumed: false,
      sessionUUID: "22222222-2222-4222-8222-222222222222",
      lostSessionUUID: "11111111-1111-4111-8111-111111111111",
    });
    expect(client.socket.status().sessionUUID).toBe("22222222-2222-4222-8222-222222222222");
  });

  it("emits an error without a taskUUID as a connection event", async () => {
    fake = await startFakeWs((message, ws) => {
      if (message[0]?.taskType === "authentication") {
        authOk(ws, "11111111-1111-4111-8111-111111111111");
        send(ws, { errors: [{ code: "rateLimitExceeded", message: "slow down" }] });
      }
    });
    const { client, log } = clientFor(fake.url);
    client.socket.start();
    await log.until(() => log.connectionChanges().includes("error"));
    expect(log.events.at(-1)).toEqual({
      type: "connection",
      change: "error",
      error: { code: "rateLimitExceeded", message: "slow down" },
    });
    expect(client.socket.status().lastError?.code).toBe("rateLimitExceeded");
  });

  it("emits a result pushed with status error as the task's error, in the service's words", async () => {
    const taskUUID = randomUUID();
    const refusal = { code: "contentPolicyViolation", message: "Rejected by the content policy." };
    fake = await startFakeWs((message, ws) => {
      if (message[0]?.taskType === "authentication") {
        authOk(ws, "11111111-1111-4111-8111-111111111111");
        send(ws, { data: [{ taskType: "videoInference", taskUUID, status: "processing", progress: 40 }] });
        send(ws, { data: [{ taskType: "videoInference", taskUUID, status: "error", error: refusal }] });
      }
    });
    const { client, log } = clientFor(fake.url);
    client.socket.start();
    await log.until(() => log.events.some((e) => e.type === "error"));
    expect(log.events.filter((e) => e.type === "error")).toEqual([
      { type: "error", taskUUID, error: { ...refusal, taskType: "videoInference", taskUUID } },
    ]);
  });

  it("sends the authentication task first, then the ping heartbeat", async () => {
    fake = await startFakeWs((message, ws) => {
      const head = message[0];
      if (head?.taskType === "authentication") authOk(ws, "11111111-1111-4111-8111-111111111111");
      if (head?.taskType === "ping") send(ws, { data: [{ taskType: "ping", pong: true }] });
    });
    client = createUpstreamClient(
      { httpUrl: "http://127.0.0.1:1/v1", wsUrl: fake.url, apiKey: "k-scripted-key" },
      { options: { ws: { pingIntervalMs: 30, pongTimeoutMs: 100 } } },
    );
    client.socket.start();
    const log = new EventLog();
    await log.until(() => (fake?.received.length ?? 0) >= 3);
    expect(fake.received[0]).toEqual([{ taskType: "authentication", apiKey: "k-scripted-key" }]);
    expect(fake.received[1]).toEqual([{ taskType: "ping", ping: true }]);
    expect(client.socket.status().reconnects).toBe(0);
  });
});
