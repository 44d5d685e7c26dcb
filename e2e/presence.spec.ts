import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import { WebSocket } from "ws";
import { imageTask, joinAsMember, OWNER, sendTasks } from "./fixtures/accounts";
import { expect, test } from "./fixtures/reused-page";
import { TAKE_SCREENS } from "./fixtures/screens";
import { finishedTask } from "./fixtures/studio-api";
import { StudioShell } from "./pages/studio-shell";

/**
 * "Who else is looking at this?": the owner and a reviewer, each in their own browser, open the
 * same item, then the same experiment, then the same blind vote. Each sees the other's avatar
 * (never their own), reads the name by pointing at it or tabbing to it, and sees it go when the
 * other walks away. A second tab of the same person still shows them once.
 */
const MEMBER = { name: "Pia Presence", email: "pia.presence@studio.test", password: "right here now" };

/** The other members' avatars on a page. */
function avatars(page: Page) {
  return page.getByRole("list", { name: "Also here" }).getByRole("img");
}

/** Both screen sizes people use, with the avatars showing. */
async function screens(page: Page, name: string) {
  // The sizes change for the pictures alone: without them the page stays as it is.
  if (!TAKE_SCREENS) return;
  const shell = new StudioShell(page);
  await shell.screenshot(`presence-${name}-1440x900`, { x: 0, y: 0, width: 1440, height: 900 });
  await page.setViewportSize({ width: 1280, height: 720 });
  await shell.screenshot(`presence-${name}-1280x720`, { x: 0, y: 0, width: 1280, height: 720 });
  await page.setViewportSize({ width: 1440, height: 900 });
}

async function seed(request: APIRequestContext, origin: string) {
  const task = imageTask("a lighthouse on a cliff at dusk", { numberResults: 2 });
  expect((await sendTasks(request, origin, [task])).status()).toBe(202);
  const itemIds = (await finishedTask(request, task.taskUUID, 60_000)).items.map((i) => i.id);
  const experiment = await request.post("/api/experiments", {
    headers: { origin },
    data: {
      name: "Lighthouse seeds",
      base: {
        taskType: "imageInference",
        positivePrompt: "a lighthouse on a cliff at dusk",
        model: "runware:100@1",
        width: 512,
        height: 512,
      },
      axes: [{ kind: "seeds", seeds: [7, 8] }],
    },
  });
  expect(experiment.status()).toBe(201);
  const vote = await request.post("/api/votes", { headers: { origin }, data: { items: itemIds } });
  expect(vote.status()).toBe(201);
  return {
    itemId: itemIds[0] ?? "",
    experimentId: ((await experiment.json()) as { data: { id: string } }).data.id,
    voteId: ((await vote.json()) as { data: { id: string } }).data.id,
  };
}

test("members on the same item, experiment or vote see each other, and not once they leave", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const origin = baseURL ?? "";
  const { itemId, experimentId, voteId } = await seed(page.request, origin);
  const memberContext = await joinAsMember(browser, page.request, origin, MEMBER, "reviewer");
  try {
    const memberPage = await memberContext.newPage();
    // Each page, and the way a person leaves it (the page's own link back).
    const pages: [string, string, string, string][] = [
      ["item", `/gallery/item/${itemId}`, "viewer", "Gallery"],
      ["experiment", `/experiments/${experimentId}`, "experiment", "Experiments"],
      ["vote", `/votes/${voteId}`, "vote", "Gallery"],
    ];
    for (const [what, path, shot, back] of pages) {
      await test.step(`on the same ${what}`, async () => {
        await page.goto(path);
        // Alone on the page: nobody is shown, not even oneself.
        await expect(page.locator("[data-stream-state=live]")).toBeAttached();
        await expect(page.getByRole("list", { name: "Also here" })).toHaveCount(0);

        await memberPage.goto(path);
        const memberSeen = avatars(page).and(page.getByRole("img", { name: MEMBER.name }));
        await expect(memberSeen).toBeVisible({ timeout: 15_000 });
        await expect(avatars(page)).toHaveCount(1);
        await expect(memberSeen).toHaveText("PP");
        const ownerSeen = avatars(memberPage).and(memberPage.getByRole("img", { name: OWNER.name }));
        await expect(ownerSeen).toBeVisible({ timeout: 15_000 });
        await expect(avatars(memberPage)).toHaveCount(1);

        // Pointing at an avatar shows the name; so does reaching it with the keyboard.
        const ownerTip = page.locator("[role=tooltip]", { hasText: MEMBER.name });
        await expect(ownerTip).toBeHidden();
        await memberSeen.hover();
        await expect(ownerTip).toBeVisible();
        const memberTip = memberPage.locator("[role=tooltip]", { hasText: OWNER.name });
        await expect(memberTip).toBeHidden();
        await ownerSeen.focus();
        await expect(memberTip).toBeVisible();
        if (shot !== "vote") await screens(page, shot);

        if (what === "item") {
          // The member opens the same item in a second tab: still one avatar for them.
          const second = await memberContext.newPage();
          await second.goto(path);
          await expect(avatars(second).and(second.getByRole("img", { name: OWNER.name }))).toBeVisible({
            timeout: 15_000,
          });
          await expect(avatars(page)).toHaveCount(1);
          await second.close();
        }

        // The member walks away by the page's link: their avatar goes.
        await memberPage.getByRole("main").getByRole("link", { name: back, exact: true }).click();
        await expect(memberPage).not.toHaveURL(path);
        await expect(page.getByRole("img", { name: MEMBER.name })).toHaveCount(0, { timeout: 15_000 });
        await expect(page.getByRole("list", { name: "Also here" })).toHaveCount(0);
      });
    }
  } finally {
    await memberContext.close();
  }
});

/**
 * A member's tab as the relay sees it: their session's socket saying it is on `target`; resolves
 * once the relay has answered who else is there.
 */
async function tabOn(context: BrowserContext, origin: string, target: string): Promise<WebSocket> {
  const cookie = (await context.cookies(origin)).map((c) => `${c.name}=${c.value}`).join("; ");
  const ws = new WebSocket(`${origin.replace(/^http/, "ws")}/api/stream`, { headers: { origin, cookie } });
  await new Promise<void>((resolve, reject) => {
    ws.on("error", reject);
    ws.on("open", () => ws.send(JSON.stringify({ type: "presence", on: target })));
    ws.on("message", (data) => {
      if ((JSON.parse(String(data)) as { type: string }).type === "presence") resolve();
    });
  });
  return ws;
}

test("a crowd on an item shows three avatars and a count of the rest", async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  const origin = baseURL ?? "";
  const task = imageTask("a crowd of umbrellas in the rain");
  expect((await sendTasks(page.request, origin, [task])).status()).toBe(202);
  const itemId = (await finishedTask(page.request, task.taskUUID, 60_000)).items[0]?.id ?? "";
  const names = ["Bo Crowd", "Cy Crowd", "Di Crowd", "Ed Crowd"];
  const contexts: BrowserContext[] = [];
  const sockets: WebSocket[] = [];
  try {
    for (const name of names) {
      const email = `${name.split(" ")[0]?.toLowerCase()}.crowd@studio.test`;
      const context = await joinAsMember(
        browser,
        page.request,
        origin,
        { name, email, password: "in the crowd" },
        "viewer",
      );
      contexts.push(context);
      sockets.push(await tabOn(context, origin, `item:${itemId}`));
    }
    await page.goto(`/gallery/item/${itemId}`);
    const shown = page.getByRole("list", { name: "Also here" });
    for (const name of names.slice(0, 3))
      await expect(shown.getByRole("img", { name })).toBeVisible({ timeout: 15_000 });
    const rest = shown.getByRole("img", { name: "1 more: Ed Crowd" });
    await expect(rest).toHaveText("+1");
    await rest.hover();
    await expect(page.locator("[role=tooltip]", { hasText: "Ed Crowd" })).toBeVisible();
    await new StudioShell(page).screenshot("presence-crowd-1440x900", {
      x: 0,
      y: 0,
      width: 1440,
      height: 900,
    });

    // One of them closes their tab: the fourth takes the free place, and the count goes.
    sockets[0]?.close();
    await expect(shown.getByRole("img", { name: "Ed Crowd" })).toBeVisible({ timeout: 15_000 });
    await expect(shown.getByRole("img", { name: "Bo Crowd" })).toHaveCount(0);
    await expect(shown.getByRole("img")).toHaveCount(3);
  } finally {
    for (const ws of sockets) ws.close();
    for (const context of contexts) await context.close();
  }
});
