import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { ROOT, stopProcess } from "./fixtures/processes";
import { RemoteStudio } from "./fixtures/remote-studio";
import { finishedTask } from "./fixtures/studio-api";

/**
 * The studio pointed at a service by UPSTREAM_* (here the engine running alone, as the real
 * service would): the key stays on the server, and a video in flight when the studio dies is in
 * the gallery after it restarts.
 */
test.describe.configure({ mode: "serial" });

const remote = new RemoteStudio("remote");

test.beforeAll(async () => {
  test.setTimeout(120_000);
  await remote.start({ name: "Remote Owner", email: "owner@remote.test", password: "remote password" });
});

test.afterAll(async () => {
  await remote.stop();
});

test("a video in flight when the studio dies is in the gallery after a restart", async () => {
  test.setTimeout(120_000);
  const taskUUID = crypto.randomUUID();
  const sent = await remote.api.post("/api/tasks", {
    headers: { origin: remote.origin },
    data: [
      {
        taskType: "videoInference",
        taskUUID,
        model: "local:video@3.0-prime",
        positivePrompt: "waves rolling onto a beach at dawn",
        width: 832,
        height: 480,
        duration: 2,
      },
    ],
  });
  expect(sent.status()).toBe(202);
  // Killed without a chance to finish anything.
  await stopProcess(remote.studio, "SIGKILL");
  remote.studio = await remote.startStudio();
  const done = await finishedTask(remote.api, taskUUID, 90_000);
  expect(done.status).toBe("success");
  expect(done.items).toHaveLength(1);
  const media = await remote.api.get(done.items[0]?.url ?? "");
  expect(media.status()).toBe(200);
  expect(media.headers()["content-type"]).toBe("video/mp4");
});

test("neither the key nor its variable's name reaches a browser", async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({
    storageState: await remote.api.storageState(),
    baseURL: remote.origin,
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
  await expect(page.getByText(`127.0.0.1:${remote.enginePort}`).first()).toBeVisible();
  for (const path of ["/api/items", "/api/members"]) bodies.push(await (await remote.api.get(path)).text());
  expect(bodies.length).toBeGreaterThan(10);
  for (const body of bodies) {
    expect(body).not.toContain(remote.key);
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
