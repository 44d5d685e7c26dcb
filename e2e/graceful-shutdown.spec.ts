import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { type BrowserContext, expect, test } from "@playwright/test";
import { freePort, nodeArgsFor, ROOT } from "./fixtures/processes";

/**
 * SIGTERM to a studio with a tab's socket open and a task in flight: the result is kept, the tab's
 * socket closes with 1001 "going away", the process exits 0 and frees its data folder (a new studio
 * starts on it and shows the result). Runs its own studio on its own folder and port.
 */
test.describe.configure({ mode: "serial" });

interface Studio {
  child: ChildProcess;
  origin: string;
  output(): string;
  exited: Promise<number | null>;
}

async function startStudio(dataDir: string, port: number): Promise<Studio> {
  const child = spawn(process.execPath, nodeArgsFor("server.ts"), {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), DATA_DIR: dataDir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr?.on("data", (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const origin = `http://127.0.0.1:${port}`;
  await expect(async () => {
    expect(child.exitCode, output).toBeNull();
    const ready = await fetch(`${origin}/api/ready`);
    expect(ready.status).toBe(200);
  }).toPass({ timeout: 90_000 });
  return { child, origin, output: () => output, exited };
}

function stop(studio: Studio | undefined): Promise<unknown> {
  if (!studio || studio.child.exitCode !== null) return Promise.resolve();
  studio.child.kill("SIGKILL");
  return studio.exited;
}

const dataDir = path.join(ROOT, "data", "e2e-shutdown");
let first: Studio | undefined;
let second: Studio | undefined;
let context: BrowserContext | undefined;

test.afterAll(async () => {
  await context?.close();
  await stop(first);
  await stop(second);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test("SIGTERM drains: the task in flight is kept, the tab's socket goes away with 1001, exit 0", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const port = await freePort();
  first = await startStudio(dataDir, port);
  const { origin } = first;

  // Health and readiness, as a balancer sees them.
  const health = await fetch(`${origin}/api/health`);
  expect(health.status).toBe(200);
  expect(await health.json()).toEqual({ status: "ok" });
  const ready = await fetch(`${origin}/api/ready`);
  expect(await ready.json()).toEqual({
    status: "ready",
    parts: { database: "ok", storage: "ok", service: "ok" },
  });
  // Closed without METRICS_TOKEN.
  expect((await fetch(`${origin}/metrics`)).status).toBe(404);

  context = await browser.newContext({ baseURL: origin, storageState: { cookies: [], origins: [] } });
  const setup = await context.request.post("/api/setup", {
    headers: { origin },
    data: { name: "Grace Hopper", email: "grace@studio.test", password: "a long enough password" },
  });
  expect(setup.ok()).toBe(true);
  const page = await context.newPage();
  await page.goto("/gallery");
  await expect(page.locator("[data-stream-state=live]")).toBeAttached();
  // A socket of the tab's own, to read how the server closes it.
  await page.evaluate(
    (url) =>
      new Promise<void>((resolve) => {
        const ws = new WebSocket(url);
        const w = window as unknown as { closedWith?: { code: number; reason: string } };
        ws.onopen = () => resolve();
        ws.onclose = (event) => {
          w.closedWith = { code: event.code, reason: event.reason };
        };
      }),
    `${origin.replace("http", "ws")}/api/stream`,
  );

  const taskUUID = crypto.randomUUID();
  const requestId = `e2e-shutdown-${crypto.randomUUID()}`;
  const sent = await context.request.post("/api/tasks", {
    headers: { origin, "x-request-id": requestId },
    data: [
      {
        taskType: "imageInference",
        taskUUID,
        positivePrompt: "a lighthouse keeps its light through the night",
        model: "runware:100@1",
        width: 1024,
        height: 1024,
        numberResults: 12,
      },
    ],
  });
  expect(sent.status()).toBe(202);
  expect(sent.headers()["x-request-id"]).toBe(requestId);

  first.child.kill("SIGTERM");
  expect(await first.exited).toBe(0);

  const closedWith = await page.evaluate(() => (window as unknown as { closedWith?: unknown }).closedWith);
  expect(closedWith).toEqual({ code: 1001, reason: "Server stopping" });
  // The tab noticed and is trying to reconnect (not sent to sign-in).
  await expect(page.locator("[data-stream-state=reconnecting]")).toBeAttached();
  expect(fs.existsSync(path.join(dataDir, "studio.lock"))).toBe(false);

  // The logs are JSON lines; the request id follows the task from the request to its results.
  const lines = first
    .output()
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as { msg: string; requestId?: string; taskUUID?: string });
  // The task was still on its way when the signal came.
  expect(lines.find((l) => l.msg === "Shutting down: draining")).toMatchObject({ tasks: 1 });
  const ofTask = lines.filter((l) => l.taskUUID === taskUUID);
  expect(ofTask.map((l) => l.msg)).toEqual(
    expect.arrayContaining(["task sent", "result kept", "task finished"]),
  );
  for (const line of ofTask) expect(line.requestId).toBe(requestId);
  expect(lines.map((l) => l.msg)).toContain("Stopped.");

  // The folder is free: a new studio starts on it, the tab resumes, and the result is there, whole.
  second = await startStudio(dataDir, port);
  await expect(page.locator("[data-stream-state=live]")).toBeAttached({ timeout: 30_000 });
  const view = await context.request.get(`/api/tasks/${taskUUID}`);
  expect(view.status()).toBe(200);
  const task = ((await view.json()) as { data: { status: string; items: unknown[] } }).data;
  expect(task.status).toBe("success");
  expect(task.items).toHaveLength(12);
});
