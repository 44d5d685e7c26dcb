import { type APIRequestContext, request as playwrightRequest } from "@playwright/test";
import sharp from "sharp";
import { DEFAULT_STUDIO_LIMITS } from "@/lib/studio/limits/limits";
import { imageTask, sendTasks } from "./fixtures/accounts";
import { expect, test } from "./fixtures/reused-page";
import { saveScreen } from "./fixtures/screens";
import { finishedTask, memberWithRole } from "./fixtures/studio-api";
import { SCREENS_DIR } from "./pages/studio-shell";

/**
 * The owner's caps on generation: set in Settings > Limits, held by `POST /api/tasks` with an
 * answer that names the cap, and out of reach of the other roles.
 */
test.describe.configure({ mode: "serial" });

const SHOTS = `${SCREENS_DIR}/limits`;
/** The studio's own defaults, which each test puts back. */
const DEFAULTS = DEFAULT_STUDIO_LIMITS;

test.afterAll(async ({ request, baseURL }) => {
  // Leave the studio as the other specs expect it.
  await request.put("/api/limits", { data: DEFAULTS, headers: { origin: baseURL ?? "" } });
});

test("the owner reads and changes the caps in Settings", async ({ page, request, baseURL }) => {
  await page.goto("/settings");
  const panel = page.getByRole("region", { name: "Limits" });
  await expect(panel).toBeVisible();
  const perRequest = panel.getByLabel("Tasks in one request");
  await expect(perRequest).toHaveValue("50");
  await expect(panel.getByLabel("Results in one request")).toHaveValue("100");
  await expect(panel.getByLabel("Tasks at work per member")).toHaveValue("4");
  await expect(panel.getByLabel("Tasks waiting per member")).toHaveValue("200");
  const save = panel.getByRole("button", { name: "Save limits" });
  await expect(save).toBeDisabled();

  for (const [width, height] of [
    [1440, 900],
    [1280, 720],
    [1366, 768],
  ] as const) {
    await page.setViewportSize({ width, height });
    await panel.scrollIntoViewIfNeeded();
    await saveScreen(page, { path: `${SHOTS}/limits-${width}x${height}.png` });
  }
  await page.setViewportSize({ width: 1440, height: 900 });

  // A value out of bounds is refused on its field, in words, and nothing is sent.
  const atWork = panel.getByLabel("Tasks at work per member");
  await atWork.fill("0");
  await save.click();
  await expect(panel.getByText("A whole number from 1 to 100")).toBeVisible();
  await saveScreen(page, { path: `${SHOTS}/limits-invalid-1440x900.png` });
  await atWork.fill("4");

  await perRequest.fill("3");
  await save.click();
  await expect(panel.getByRole("status")).toHaveText("Saved. New requests follow these limits.");
  await expect(save).toBeDisabled();
  await page.reload();
  await expect(page.getByRole("region", { name: "Limits" }).getByLabel("Tasks in one request")).toHaveValue(
    "3",
  );

  // The new cap holds at once, and the refusal names it.
  const origin = baseURL ?? "";
  const refused = await sendTasks(
    request,
    origin,
    [1, 2, 3, 4].map(() => imageTask("a fox")),
  );
  expect(refused.status()).toBe(400);
  const body = (await refused.json()) as { errors: { code: string; parameter: string; message: string }[] };
  expect(body.errors).toEqual([
    expect.objectContaining({ code: "tooManyTasks", parameter: "tasksPerRequest" }),
  ]);
  expect(body.errors[0]?.message).toContain("Tasks in one request: at most 3, and this request has 4");
  const within = await sendTasks(
    request,
    origin,
    [1, 2, 3].map(() => imageTask("a fox")),
  );
  expect(within.status()).toBe(202);
});

test("a flood is refused whole and the studio keeps answering", async ({ request, baseURL }) => {
  const origin = baseURL ?? "";
  await request.put("/api/limits", { data: DEFAULTS, headers: { origin } });
  const flood = Array.from({ length: 10_000 }, () => imageTask("a fox"));
  const refused = await sendTasks(request, origin, flood);
  expect(refused.status()).toBe(400);
  expect(((await refused.json()) as { errors: { parameter: string }[] }).errors[0]?.parameter).toBe(
    "tasksPerRequest",
  );
  // Nothing of it was recorded.
  expect((await request.get(`/api/tasks/${flood[0]?.taskUUID}`)).status()).toBe(404);
  const tooMany = await sendTasks(request, origin, [
    imageTask("a fox", { numberResults: 20 }),
    ...Array.from({ length: 5 }, () => imageTask("a fox", { numberResults: 20 })),
  ]);
  expect(tooMany.status()).toBe(400);
  expect(((await tooMany.json()) as { errors: { parameter: string }[] }).errors[0]?.parameter).toBe(
    "resultsPerRequest",
  );
});

test("a member over their share waits their turn; another member's task goes out meanwhile", async ({
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const origin = baseURL ?? "";
  // Another member, of this test's own: the owner's queue is shared with the specs running beside.
  const neighbour = await memberWithRole(
    request,
    () => playwrightRequest.newContext({ baseURL: origin, storageState: { cookies: [], origins: [] } }),
    origin,
    "editor",
    "limits-neighbour@studio.test",
  );
  await request.put("/api/limits", {
    data: { ...DEFAULTS, activePerMember: 1, waitingPerMember: 2 },
    headers: { origin },
  });
  try {
    await overTheirShare(request, neighbour, origin);
  } finally {
    // The team's caps go back at once, not after the file: other specs send beside this one.
    await request.put("/api/limits", { data: DEFAULTS, headers: { origin } });
    await neighbour.dispose();
  }
});

async function overTheirShare(request: APIRequestContext, neighbour: APIRequestContext, origin: string) {
  const editor = await memberWithRole(
    request,
    () => playwrightRequest.newContext({ baseURL: origin, storageState: { cookies: [], origins: [] } }),
    origin,
    "editor",
    "limits-editor@studio.test",
  );
  const flood = [1, 2, 3].map(() => imageTask("a slow fox", { width: 1024, height: 1024 }));
  const accepted = await sendTasks(editor, origin, flood);
  expect(accepted.status()).toBe(202);
  // Their share and their waiting line are full: the next is refused with the limit named.
  const over = await sendTasks(editor, origin, [imageTask("one more fox")]);
  expect(over.status()).toBe(429);
  expect(over.headers()["retry-after"]).toMatch(/^\d+$/);
  expect(((await over.json()) as { errors: { parameter: string }[] }).errors[0]?.parameter).toBe(
    "waitingPerMember",
  );
  // Another member's task is not behind the editor's.
  const own = imageTask("the neighbour's fox");
  expect((await sendTasks(neighbour, origin, [own])).status()).toBe(202);
  const ownDone = await finishedTask(neighbour, own.taskUUID, 60_000);
  expect(ownDone.status).toBe("success");
  // The editor's tasks all finish, in the order sent.
  const done = [];
  for (const t of flood) done.push(await finishedTask(editor, t.taskUUID, 60_000));
  expect(done.map((d) => d.status)).toEqual(["success", "success", "success"]);
  const madeAt = done.map((d) => (d.items[0] as unknown as { createdAt: string }).createdAt);
  expect([...madeAt].sort()).toEqual(madeAt);
  await editor.dispose();
}

test("the caps are the owner's alone", async ({ request, baseURL }) => {
  const origin = baseURL ?? "";
  const editor = await memberWithRole(
    request,
    () => playwrightRequest.newContext({ baseURL: origin, storageState: { cookies: [], origins: [] } }),
    origin,
    "editor",
    "limits-editor-2@studio.test",
  );
  expect((await editor.get("/api/limits")).status()).toBe(403);
  expect((await editor.put("/api/limits", { data: DEFAULTS, headers: { origin } })).status()).toBe(403);
  const bad = await request.put("/api/limits", {
    data: { ...DEFAULTS, tasksPerRequest: "many" },
    headers: { origin },
  });
  expect(bad.status()).toBe(400);
  expect(((await bad.json()) as { errors: { parameter: string }[] }).errors[0]?.parameter).toBe(
    "tasksPerRequest",
  );
  await editor.dispose();
});

test("image tools refuse an image above 4096x4096, and answer busy rather than fail under a burst", async ({
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const origin = baseURL ?? "";
  const flat = (side: number) =>
    sharp({ create: { width: side, height: side, channels: 3, background: "#345" } })
      .png()
      .toBuffer();
  const preprocess = (image: Buffer) =>
    request.post("/api/tools", {
      headers: { origin },
      data: {
        taskType: "imageControlNetPreProcess",
        preProcessorType: "canny",
        inputImage: `data:image/png;base64,${image.toString("base64")}`,
      },
    });
  const huge = await preprocess(await flat(8192));
  expect(huge.status()).toBe(400);
  const hugeBody = (await huge.json()) as { errors: { parameter: string; message: string }[] };
  expect(hugeBody.errors[0]?.parameter).toBe("inputImage");
  expect(hugeBody.errors[0]?.message).toContain("8192x8192");

  // More at once than run and wait together: each is done, or told to come back; none fails.
  const image = await flat(2048);
  const answers = await Promise.all(Array.from({ length: 24 }, () => preprocess(image)));
  for (const answer of answers) {
    expect([200, 503]).toContain(answer.status());
    if (answer.status() === 503) {
      expect(answer.headers()["retry-after"]).toMatch(/^\d+$/);
      const body = (await answer.json()) as { errors: { code: string; parameter: string }[] };
      expect(body.errors[0]).toMatchObject({ code: "serviceBusy", parameter: "taskType" });
    }
  }
});
