import {
  type APIRequestContext,
  type BrowserContext,
  expect,
  type Page,
  request,
  test,
} from "@playwright/test";
import { imageTask } from "./fixtures/accounts";
import { Deployment, deploymentMissing, type Studio } from "./fixtures/deployment";
import { saveScreen } from "./fixtures/screens";
import { SCREENS_DIR } from "./pages/studio-shell";

/**
 * Two studios on one PostgreSQL and one S3 store, one engine, nginx in front (deploy/nginx): a
 * browser on either studio sees what is made and reviewed through the other, live; a studio
 * stopped with a video in flight and a tab connected through nginx hands both over to the other
 * (the tab resumes there, the result lands once), and serves again once restarted.
 */
// Not serial: a failure starts the next test on a fresh deployment (beforeAll runs again).
test.describe.configure({ mode: "default" });

const missing = deploymentMissing();
// CI installs PostgreSQL and nginx (.ci/run): there a missing one fails the run instead.
test.skip(missing !== undefined && !process.env.CI, `two-instance deployment skipped: ${missing}`);

const OWNER = { name: "Dana Deploy", email: "dana@studio.test", password: "two studios, one team" };
const word = `heron${crypto.randomUUID().slice(0, 8)}`;

let deployment: Deployment;
let a: Studio;
let b: Studio;
let api: APIRequestContext;
let context: BrowserContext | undefined;

const card = (page: Page, taskUUID: string) =>
  page.locator(`[data-testid=gallery-item][data-task-uuid="${taskUUID}"]`);
const live = (page: Page) =>
  expect(page.locator("[data-stream-state=live]")).toBeAttached({ timeout: 20_000 });

/** Sends tasks through one studio's own port, as a page served by it would. */
async function sendThrough(studio: Studio, tasks: unknown[]) {
  const sent = await api.post(`${studio.origin}/api/tasks`, {
    data: tasks,
    headers: { origin: studio.origin },
  });
  expect(sent.status(), await sent.text()).toBe(202);
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  if (missing) throw new Error(`CI must install what the deployment needs: ${missing}`);
  deployment = new Deployment(2);
  try {
    await deployment.start();
  } catch (err) {
    await deployment.stop().catch(() => undefined);
    throw err;
  }
  [a, b] = deployment.studios as [Studio, Studio];
  api = await request.newContext();
  const setup = await api.post(`${a.origin}/api/setup`, { data: OWNER, headers: { origin: a.origin } });
  expect(setup.status()).toBe(200);
  // One session for the whole deployment: the cookie is the address's, whichever port.
  context = await browser.newContext({ storageState: await api.storageState() });
});

test.afterAll(async () => {
  await context?.close();
  await api?.dispose();
  await deployment?.stop();
});

test("a browser on each studio sees the other's results, ratings and comments live", async () => {
  test.setTimeout(120_000);
  if (!context) throw new Error("no context");
  const onA = await context.newPage();
  const onB = await context.newPage();
  await onA.goto(`${a.origin}/gallery?q=${word}`);
  await onB.goto(`${b.origin}/gallery?q=${word}`);
  await live(onA);
  await live(onB);

  const throughA = imageTask(`a ${word} fishing at dawn`);
  await sendThrough(a, [throughA]);
  await expect(card(onA, throughA.taskUUID)).toHaveCount(1, { timeout: 30_000 });
  // Made through A, seen live on B: the event crossed through the database (LISTEN/NOTIFY).
  await expect(card(onB, throughA.taskUUID)).toHaveCount(1, { timeout: 15_000 });

  const throughB = imageTask(`a ${word} taking flight over reeds`);
  await sendThrough(b, [throughB]);
  await expect(card(onB, throughB.taskUUID)).toHaveCount(1, { timeout: 30_000 });
  // And the other way.
  await expect(card(onA, throughB.taskUUID)).toHaveCount(1, { timeout: 15_000 });

  // A review made through B reaches the viewer open on A.
  const item = await taskItem(a, throughA.taskUUID);
  await onA.goto(`${a.origin}/gallery/item/${item.id}`);
  await live(onA);
  await expect(onA.getByTestId("team-rating")).toHaveText("Not rated yet");
  const rated = await api.put(`${b.origin}/api/items/${item.id}/rating`, {
    data: { value: 4 },
    headers: { origin: b.origin },
  });
  expect(rated.status()).toBe(200);
  await expect(onA.getByTestId("team-rating")).toHaveText("4.0 from 1 rating");
  const commented = await api.post(`${b.origin}/api/items/${item.id}/comments`, {
    data: { body: "the reeds need more light" },
    headers: { origin: b.origin },
  });
  expect(commented.status()).toBe(201);
  await expect(onA.getByTestId("comment-thread")).toContainText("the reeds need more light");
  await onA.close();
  await onB.close();
});

/** A finished task's first item, read through a studio's own port. */
async function taskItem(studio: Studio, taskUUID: string) {
  const res = await api.get(`${studio.origin}/api/tasks/${taskUUID}`);
  const view = (await res.json()) as { data: { items: { id: string }[] } };
  const first = view.data.items[0];
  if (!first) throw new Error(`task ${taskUUID} has no item`);
  return first;
}

test("a studio stopped with a video in flight hands the tab and the task to the other; it lands once", async () => {
  test.setTimeout(150_000);
  if (!context) throw new Error("no context");
  const video = `${word}video`;
  const tab = await context.newPage();
  const before = await Promise.all([a, b].map((s) => deployment.relayConnections(s)));
  await tab.goto(`${deployment.nginxOrigin}/gallery?q=${video}`);
  await live(tab);
  // Which studio nginx gave the tab's socket to: that one is stopped.
  let stopped: Studio | undefined;
  await expect(async () => {
    const after = await Promise.all([a, b].map((s) => deployment.relayConnections(s)));
    const gained = [a, b].filter((_s, i) => (after[i] ?? 0) > (before[i] ?? 0));
    expect(gained).toHaveLength(1);
    stopped = gained[0];
  }).toPass({ timeout: 10_000 });
  if (!stopped) throw new Error("the tab's socket is on no studio");
  const survivor = stopped === a ? b : a;
  await saveScreen(tab, { path: `${SCREENS_DIR}/instances/gallery-through-nginx-1440x900.png` });

  // A video sent through the studio about to stop: leased to it at send.
  const taskUUID = crypto.randomUUID();
  await sendThrough(stopped, [
    {
      taskType: "videoInference",
      taskUUID,
      model: "local:video@3.0-prime",
      positivePrompt: `a ${video} wading through a misty marsh`,
      width: 832,
      height: 480,
      duration: 12,
    },
  ]);

  const process = stopped.process;
  if (!process) throw new Error("no process");
  const exited = new Promise<number | null>((resolve) => process.once("exit", (code) => resolve(code)));
  process.kill("SIGTERM");
  expect(await exited).toBe(0);
  const lines = stopped
    .output()
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as { msg: string; tasks?: number; taskUUID?: string });
  // The video was still on its way when the drain ended: its lease was handed back at once.
  expect(lines.find((l) => l.msg === "Shutting down: draining")).toMatchObject({ tasks: 1 });
  expect(lines.find((l) => l.msg === "task leases released")).toMatchObject({ tasks: 1 });
  expect(lines.filter((l) => l.taskUUID === taskUUID).map((l) => l.msg)).not.toContain("task finished");

  // The tab noticed, and resumed through nginx on the other studio.
  await live(tab);
  await expect
    .poll(() => deployment.relayConnections(survivor), { timeout: 20_000 })
    .toBeGreaterThan(before[[a, b].indexOf(survivor)] ?? 0);

  // The other studio took the task over (its next lease sweep) and kept its result, once.
  await expect(card(tab, taskUUID)).toHaveCount(1, { timeout: 60_000 });
  await expect
    .poll(async () => {
      const res = await api.get(`${survivor.origin}/api/tasks/${taskUUID}`);
      const view = ((await res.json()) as { data: { status: string; items: unknown[] } }).data;
      return { status: view.status, items: view.items.length };
    })
    .toEqual({ status: "success", items: 1 });
  // Kept by the survivor (pushed to its own socket, or found by polling once it claimed the lease),
  // never by the studio that stopped.
  const kept = (studio: Studio) =>
    studio
      .output()
      .split("\n")
      .filter((l) => l.includes(taskUUID) && l.includes('"result kept"')).length;
  expect(kept(survivor)).toBe(1);
  expect(kept(stopped)).toBe(0);
  const listed = await api.get(`${deployment.nginxOrigin}/api/items?q=${video}`);
  expect(((await listed.json()) as { data: { items: unknown[] } }).data.items).toHaveLength(1);
  await saveScreen(tab, { path: `${SCREENS_DIR}/instances/result-after-handover-1440x900.png` });

  // A change through nginx passes the studio's same-origin check (Host and Origin are kept).
  const item = await taskItem(survivor, taskUUID);
  const comment = await api.post(`${deployment.nginxOrigin}/api/items/${item.id}/comments`, {
    data: { body: "kept through the hand-over" },
    headers: { origin: deployment.nginxOrigin },
  });
  expect(comment.status()).toBe(201);
  // nginx gives each request an id when the client sent none, and answers with it.
  expect(comment.headers()["x-request-id"]).toMatch(/^[0-9a-f]{32}$/);
  const given = `e2e-${crypto.randomUUID()}`;
  const health = await api.get(`${deployment.nginxOrigin}/api/health`, {
    headers: { "x-request-id": given },
  });
  expect(health.headers()["x-request-id"]).toBe(given);

  // The stopped studio starts again and serves: the result is there, from the shared store.
  await deployment.startStudio(stopped);
  const back = await context.newPage();
  await back.goto(`${stopped.origin}/gallery?q=${video}`);
  await live(back);
  await expect(card(back, taskUUID)).toHaveCount(1);
  const media = await api.get(`${stopped.origin}/api/items/${item.id}/download`);
  expect(media.status()).toBe(200);
  await back.close();
  await tab.close();
});
