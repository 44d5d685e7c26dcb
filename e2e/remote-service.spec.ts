import fs from "node:fs";
import path from "node:path";
import { type APIRequestContext, expect, request as playwrightRequest, test } from "@playwright/test";
import { freePort, ROOT, startProcess, stopProcess } from "./fixtures/processes";
import { finishedTask } from "./fixtures/studio-api";

/**
 * The studio pointed at a service by UPSTREAM_* (here the engine running alone, as the real
 * service would): the key stays on the server, and a video in flight when the studio dies is in
 * the gallery after it restarts.
 */
test.describe.configure({ mode: "serial" });

const KEY = `remote-key-${crypto.randomUUID()}`;
const dataDir = path.join(ROOT, "data", "e2e-remote");
let enginePort = 0;
let studioPort = 0;
let engine: Awaited<ReturnType<typeof startProcess>> | undefined;
let studio: Awaited<ReturnType<typeof startProcess>> | undefined;
let api: APIRequestContext;

const studioOrigin = () => `http://127.0.0.1:${studioPort}`;
const startStudio = () =>
  startProcess(
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

test.beforeAll(async () => {
  test.setTimeout(120_000);
  fs.rmSync(dataDir, { recursive: true, force: true });
  [enginePort, studioPort] = [await freePort(), await freePort()];
  engine = await startProcess(
    "lib/engine/cli.ts",
    { ENGINE_PORT: String(enginePort), ENGINE_DATA_DIR: path.join(dataDir, "engine"), ENGINE_API_KEYS: KEY },
    `http://127.0.0.1:${enginePort}/v1`,
  );
  studio = await startStudio();
  api = await playwrightRequest.newContext({ baseURL: studioOrigin() });
  const setup = await api.post("/api/setup", {
    data: { name: "Remote Owner", email: "owner@remote.test", password: "remote password" },
    headers: { origin: studioOrigin() },
  });
  expect(setup.status()).toBe(200);
});

test.afterAll(async () => {
  await api?.dispose();
  await stopProcess(studio);
  await stopProcess(engine);
});

test("a video in flight when the studio dies is in the gallery after a restart", async () => {
  test.setTimeout(120_000);
  const taskUUID = crypto.randomUUID();
  const sent = await api.post("/api/tasks", {
    headers: { origin: studioOrigin() },
    data: [
      {
        taskType: "videoInference",
        taskUUID,
        model: "local:video@3.0-prime",
        positivePrompt: "waves rolling onto a beach at dawn",
        width: 832,
        height: 480,
        duration: 4,
      },
    ],
  });
  expect(sent.status()).toBe(202);
  // Killed without a chance to finish anything.
  await stopProcess(studio, "SIGKILL");
  studio = await startStudio();
  const done = await finishedTask(api, taskUUID, 90_000);
  expect(done.status).toBe("success");
  expect(done.items).toHaveLength(1);
  const media = await api.get(done.items[0]?.url ?? "");
  expect(media.status()).toBe(200);
  expect(media.headers()["content-type"]).toBe("video/mp4");
});

test("neither the key nor its variable's name reaches a browser", async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({
    storageState: await api.storageState(),
    baseURL: studioOrigin(),
  });
  const page = await context.newPage();
  const bodies: string[] = [];
  page.on("response", async (response) => {
    const body = await response.body().catch(() => null);
    if (body) bodies.push(body.toString("latin1"));
  });
  for (const path of ["/", "/gallery", "/settings", "/create"]) {
    await page.goto(path, { waitUntil: "load" });
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  }
  await expect(page.getByText(`127.0.0.1:${enginePort}`).first()).toBeVisible();
  for (const path of ["/api/items", "/api/members"]) bodies.push(await (await api.get(path)).text());
  expect(bodies.length).toBeGreaterThan(10);
  for (const body of bodies) {
    expect(body).not.toContain(KEY);
    expect(body).not.toContain("UPSTREAM_API_KEY");
  }
  // And nothing in the client bundle names it.
  const staticDir = path.join(ROOT, ".next", "static");
  const files = fs.readdirSync(staticDir, { recursive: true, withFileTypes: true }).filter((f) => f.isFile());
  expect(files.length).toBeGreaterThan(5);
  for (const f of files) {
    const text = fs.readFileSync(path.join(f.parentPath, f.name), "latin1");
    expect(text.includes("UPSTREAM_API_KEY"), f.name).toBe(false);
  }
  await context.close();
});
