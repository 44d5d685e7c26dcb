import fs from "node:fs";
import path from "node:path";
import { type APIRequestContext, expect, request as playwrightRequest, test } from "@playwright/test";
import { imageTask, sendTasks } from "./fixtures/accounts";
import { freePort, ROOT, startProcess, stopProcess } from "./fixtures/processes";
import { finishedTask } from "./fixtures/studio-api";

/**
 * The studio pointed at a service that goes away: a task it cannot hand over is answered at once
 * with a retryable 503 and recorded as not sent, and stays so when the service comes back (no
 * result lands for it later, so nobody retries and pays twice).
 */
test.describe.configure({ mode: "serial" });

const KEY = `hand-over-key-${crypto.randomUUID()}`;
const dataDir = path.join(ROOT, "data", "e2e-hand-over");
let enginePort = 0;
let studioPort = 0;
let engine: Awaited<ReturnType<typeof startProcess>> | undefined;
let studio: Awaited<ReturnType<typeof startProcess>> | undefined;
let api: APIRequestContext;

const studioOrigin = () => `http://127.0.0.1:${studioPort}`;
const startEngine = () =>
  startProcess(
    "lib/engine/cli.ts",
    { ENGINE_PORT: String(enginePort), ENGINE_DATA_DIR: path.join(dataDir, "engine"), ENGINE_API_KEYS: KEY },
    `http://127.0.0.1:${enginePort}/v1`,
  );

test.beforeAll(async () => {
  test.setTimeout(120_000);
  fs.rmSync(dataDir, { recursive: true, force: true });
  [enginePort, studioPort] = [await freePort(), await freePort()];
  engine = await startEngine();
  studio = await startProcess(
    "server.ts",
    {
      NODE_ENV: "production",
      PORT: String(studioPort),
      HOST: "127.0.0.1",
      DATA_DIR: path.join(dataDir, "studio"),
      UPSTREAM_URL: `http://127.0.0.1:${enginePort}/v1`,
      UPSTREAM_WS_URL: `ws://127.0.0.1:${enginePort}/v1`,
      UPSTREAM_API_KEY: KEY,
    },
    `${studioOrigin()}/sign-in`,
  );
  api = await playwrightRequest.newContext({ baseURL: studioOrigin() });
  const setup = await api.post("/api/setup", {
    data: { name: "Hand-over Owner", email: "owner@hand-over.test", password: "hand-over password" },
    headers: { origin: studioOrigin() },
  });
  expect(setup.status()).toBe(200);
});

test.afterAll(async () => {
  await api?.dispose();
  await stopProcess(studio);
  await stopProcess(engine);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test("a task the studio cannot hand over is answered 503, recorded as not sent, and never sent later", async () => {
  test.setTimeout(180_000);
  // The service works: a first task goes out and comes back.
  const first = imageTask("a lighthouse before the storm");
  expect((await sendTasks(api, studioOrigin(), [first])).status()).toBe(202);
  expect((await finishedTask(api, first.taskUUID, 30_000)).status).toBe("success");

  await stopProcess(engine, "SIGKILL");
  const stranded = imageTask("a lighthouse in the storm");
  // Bounded by the request's own timeout: before, this request had no answer for 11 minutes.
  const refused = await sendTasks(api, studioOrigin(), [stranded]);
  expect(refused.status()).toBe(503);
  expect(refused.headers()["retry-after"]).toMatch(/^\d+$/);
  const body = (await refused.json()) as { errors: { code: string; taskUUID: string; message: string }[] };
  expect(body.errors).toEqual([
    expect.objectContaining({ code: "serviceUnavailable", taskUUID: stranded.taskUUID }),
  ]);
  expect(body.errors[0]?.message).toContain("not sent");
  const recorded = await finishedTask(api, stranded.taskUUID, 5_000);
  expect(recorded.status).toBe("error");
  expect(recorded.items).toEqual([]);

  // The service comes back: the studio reconnects and new tasks go out...
  engine = await startEngine();
  // (each try a new task: one answered "not sent" stays so, and its UUID is spent)
  let after = imageTask("a lighthouse after the storm");
  await expect(async () => {
    after = imageTask("a lighthouse after the storm");
    expect((await sendTasks(api, studioOrigin(), [after])).status()).toBe(202);
  }).toPass({ timeout: 90_000 });
  expect((await finishedTask(api, after.taskUUID, 30_000)).status).toBe("success");
  // ...but the stranded task was never sent: still failed, still without a result.
  const still = await finishedTask(api, stranded.taskUUID, 5_000);
  expect(still.status).toBe("error");
  expect(still.items).toEqual([]);
  // And the service itself never heard of it.
  const asked = await fetch(`http://127.0.0.1:${enginePort}/v1`, {
    method: "POST",
    headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
    body: JSON.stringify([{ taskType: "getResponse", taskUUID: stranded.taskUUID }]),
  });
  const answer = (await asked.json()) as { data?: unknown[]; errors?: { code: string }[] };
  expect(answer.data ?? []).toEqual([]);
});
