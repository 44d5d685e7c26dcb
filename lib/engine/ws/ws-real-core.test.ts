/**
 * The WebSocket face over the real EngineCore (`createEngine(...).core`): the same contract checks
 * as the fake-core tests, with real rendering, the task journal and media URLs. Skipped while the
 * engine cannot be built (no core factory yet, or a dependency missing on this machine).
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEngineConfig } from "../config";
import type { EngineCore } from "../shared/types";
import { createWsServer, type WsServer } from "./server";
import { imageTask, sleep, TestClient } from "./test-support";

interface EngineLike {
  core?: EngineCore;
  close(): Promise<void>;
}
type Factory = (config: ReturnType<typeof parseEngineConfig>) => EngineLike;

async function loadFactory(): Promise<Factory | null> {
  try {
    const mod = (await import("../create-engine")) as { createEngine?: unknown };
    return typeof mod.createEngine === "function" ? (mod.createEngine as Factory) : null;
  } catch {
    return null;
  }
}

const factory = await loadFactory();
const KEY = "ws-real-core-test-key";

describe.skipIf(!factory)("WebSocket face over the real engine core", () => {
  let dataDir: string;
  let engine: EngineLike;
  let ws: WsServer;
  let http: Server;
  let url: string;
  let origin: string;
  const clients: TestClient[] = [];

  const connect = async () => {
    const client = await TestClient.connect(url);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "ws-real-core-"));
    engine = (factory as Factory)(parseEngineConfig({ ENGINE_DATA_DIR: dataDir, ENGINE_API_KEYS: KEY }));
    if (!engine.core) throw new Error("createEngine returned no core: is it still the placeholder?");
    ws = createWsServer(engine.core, {
      idleMs: 5_000,
      resumeMs: 5_000,
      videoModel: parseEngineConfig({}).videoModel,
    });
    http = createServer((_req, res) => res.end());
    http.on("upgrade", (req, socket, head) => ws.handleUpgrade(req, socket, head));
    await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
    const { port } = http.address() as AddressInfo;
    origin = `http://127.0.0.1:${port}`;
    url = `ws://127.0.0.1:${port}/v1`;
  });

  afterAll(async () => {
    for (const c of clients) c.terminate();
    await ws?.close();
    await engine?.close();
    http?.closeAllConnections();
    await new Promise<void>((resolve) => (http ? http.close(() => resolve()) : resolve()));
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("authenticates a configured key and refuses an unknown one", async () => {
    const client = await connect();
    client.send({ taskType: "authentication", apiKey: "nope" });
    const refused = await client.waitFor((m) => m.errors !== undefined);
    expect(refused.errors?.[0]).toMatchObject({ code: "invalidApiKey", parameter: "apiKey" });
    expect(await client.authenticate(KEY)).toMatch(/^[0-9a-f-]{36}$/);
    client.send({ taskType: "ping", ping: true });
    await client.waitFor((m) => m.data?.[0]?.pong === true);
  });

  it("runs a sync image task and builds media URLs on the socket's origin", async () => {
    const client = await connect();
    await client.authenticate(KEY);
    const task = imageTask();
    client.send([task]);
    const reply = await client.waitFor((m) => m.data?.[0]?.taskUUID === task.taskUUID, { timeoutMs: 15_000 });
    const result = reply.data?.[0];
    expect(result).toMatchObject({ taskType: "imageInference", taskUUID: task.taskUUID });
    expect(typeof result?.imageUUID).toBe("string");
    expect(String(result?.imageURL)).toMatch(new RegExp(`^${origin}/`));
  });

  it("pushes async results to the session and delivers them after a resume", async () => {
    const first = await connect();
    const session = await first.authenticate(KEY);
    const task = { ...imageTask(), deliveryMethod: "async", numberResults: 3 };
    first.send([task]);
    // The acknowledgment comes at once; then the socket drops before the images are done.
    await first.waitFor((m) => m.data?.[0]?.taskUUID === task.taskUUID, { timeoutMs: 15_000 });
    await first.close();
    await sleep(50);
    const second = await connect();
    expect(await second.authenticate(KEY, session)).toBe(session);
    const images = () =>
      [first, second].flatMap((c) =>
        c.dataItems().filter((d) => d.taskUUID === task.taskUUID && d.imageUUID),
      );
    await second.waitUntil(() => images().length >= 3, 15_000, "three images");
    await sleep(50);
    const uuids = images().map((d) => d.imageUUID);
    expect(new Set(uuids).size).toBe(3);
    expect(uuids).toHaveLength(3);
  });

  it("answers getResponse over the socket", async () => {
    const client = await connect();
    await client.authenticate(KEY);
    const task = { ...imageTask(), deliveryMethod: "async" };
    client.send([task]);
    await client.waitUntil(
      () => client.dataItems().some((d) => d.taskUUID === task.taskUUID && d.imageUUID),
      15_000,
    );
    const from = client.messages.length;
    client.send({ taskType: "getResponse", taskUUID: task.taskUUID });
    const polled = await client.waitFor((m) => m.data?.[0]?.status !== undefined, { from });
    expect(polled.data?.[0]).toMatchObject({ taskUUID: task.taskUUID, status: "success" });
    client.send({ taskType: "getResponse", taskUUID: randomUUID() });
    const missing = await client.waitFor((m) => m.errors !== undefined, { from });
    expect(missing.errors?.[0]?.code).toBe("taskNotFound");
  });
});
