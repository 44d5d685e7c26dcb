import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { imageTask, joinAsMember, runAddress, sendTasks } from "./fixtures/accounts";
import { seedPicture } from "./fixtures/images";
import { expect, test } from "./fixtures/reused-page";
import { saveScreen } from "./fixtures/screens";
import { finishedTask } from "./fixtures/studio-api";
import { CanvasPage } from "./pages/canvas-page";
import { SignInPage } from "./pages/sign-in-page";

// Two browsers, a generation and a trip through the gallery on a busy two-core machine.
test.describe.configure({ timeout: 240_000 });

const SCREENS = path.resolve(import.meta.dirname, "..", "test-results", "canvas-persist");

/** A second browser of the same member: a device with nothing of the canvas in its storage. */
async function secondBrowser(browser: Browser, baseURL: string, who: { email: string; password: string }) {
  const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await page.goto("/sign-in");
  const retry = test.info().retry;
  const email = retry > 0 ? who.email.replace("@", `+retry${retry}@`) : who.email;
  await new SignInPage(page).signIn(email, who.password);
  await page.waitForURL((url) => !url.pathname.startsWith("/sign-in"));
  return { context, page };
}

async function saved(page: Page) {
  await expect(new CanvasPage(page).draftStatus).toHaveText(
    /^Draft saved at .+, on this and your other devices\.$/,
    {
      timeout: 30_000,
    },
  );
}

test("the canvas painted in one browser is there in another of the same member, and the newer copy wins on reload", async ({
  page: ownerPage,
  browser,
  baseURL,
}) => {
  const who = { name: "Emmy Noether", email: "emmy.canvas@studio.test", password: "invariants of rings" };
  const member = await joinAsMember(browser, ownerPage.request, baseURL ?? "", who);
  const page = await member.newPage();
  const canvas = new CanvasPage(page);
  await canvas.open();
  await page.getByTestId("canvas-picture-file").setInputFiles(await seedPicture());
  await expect(page.getByText("Picture, 768 × 512")).toBeVisible();
  await page.getByRole("button", { name: "Inpaint mask", exact: true }).click();
  await canvas.tool("Brush");
  await canvas.stroke([300, 250], [450, 280]);
  await expect(canvas.plan.getByRole("heading")).toHaveText("Inpainting");
  await saved(page);

  const second = await secondBrowser(browser, baseURL ?? "", who);
  try {
    const there = new CanvasPage(second.page);
    await there.open();
    await expect(there.layers).toHaveText([/Inpaint mask 1/]);
    await expect(second.page.getByText("Picture, 768 × 512")).toBeVisible();
    await expect(there.plan.getByRole("heading")).toHaveText("Inpainting");
    for (const [width, height] of [
      [1440, 900],
      [1280, 720],
    ] as const) {
      await second.page.setViewportSize({ width, height });
      await saveScreen(second.page, { path: `${SCREENS}/second-browser-${width}x${height}.png` });
    }
    // The second browser adds a layer; the first, reloaded, opens it over its own older copy.
    await second.page.getByRole("button", { name: "Regional prompt", exact: true }).click();
    await expect(there.layers).toHaveText([/Regional prompt 1/, /Inpaint mask 1/]);
    await saved(second.page);
  } finally {
    await second.context.close();
  }
  await page.reload();
  // This browser's own copy paints first; the studio's newer one replaces it when it arrives.
  await expect(canvas.draftStatus).toHaveText("A newer draft from another tab or device was opened.", {
    timeout: 30_000,
  });
  await expect(canvas.layers).toHaveText([/Regional prompt 1/, /Inpaint mask 1/]);
  await member.close();
});

test("a result made on the canvas opens that canvas again from the item viewer, the result staged", async ({
  page: ownerPage,
  browser,
  baseURL,
}) => {
  const who = { name: "Sofia Kovalevskaya", email: "sofia.canvas@studio.test", password: "spinning tops" };
  const member = await joinAsMember(browser, ownerPage.request, baseURL ?? "", who);
  const page = await member.newPage();
  const canvas = new CanvasPage(page);
  await canvas.open();
  await page.getByTestId("canvas-picture-file").setInputFiles(await seedPicture());
  await page.getByRole("button", { name: "Inpaint mask", exact: true }).click();
  await canvas.tool("Brush");
  await canvas.stroke([300, 250], [450, 280]);
  await page.locator("#canvas-prompt").fill("a lighthouse where the sun sets");
  await page.getByRole("spinbutton", { name: "Images" }).fill("2");
  const sent = page.waitForRequest((r) => r.url().endsWith("/api/tasks") && r.method() === "POST");
  const kept = page.waitForResponse(
    (r) => r.url().includes("/api/canvas-recipes/") && r.request().method() === "PUT",
  );
  await page.getByRole("button", { name: /^Generate/ }).click();
  const [body] = (await sent).postDataJSON() as Record<string, unknown>[];
  expect((await kept).status()).toBe(200);
  await expect(canvas.staging.getByRole("status")).toHaveText("Result 1 of 2", { timeout: 30_000 });
  await canvas.staging.getByRole("button", { name: "Keep in gallery" }).click();
  const task = await finishedTask(page.request, String(body?.taskUUID));
  const second = task.items[1];
  expect(second).toBeDefined();

  // The canvas moves on: the mask goes, the prompt changes.
  await page.getByRole("button", { name: "Delete Inpaint mask 1" }).click();
  await page.locator("#canvas-prompt").fill("something else entirely");
  await expect(canvas.layers).toHaveCount(0);

  await page.goto(`/gallery/item/${second?.id}`);
  await page.getByRole("link", { name: "Open in canvas" }).click();
  await expect(page).toHaveURL(/\/create\/canvas$/);
  await expect(canvas.layers).toHaveText([/Inpaint mask 1/]);
  await expect(page.locator("#canvas-prompt")).toHaveValue("a lighthouse where the sun sets");
  await expect(canvas.plan.getByRole("heading")).toHaveText("Inpainting");
  await expect(canvas.staging.getByRole("status")).toHaveText("Result 2 of 2");
  for (const [width, height] of [
    [1440, 900],
    [1280, 720],
  ] as const) {
    await page.setViewportSize({ width, height });
    await saveScreen(page, { path: `${SCREENS}/recall-${width}x${height}.png` });
  }
  // The canvas it replaced is one undo away.
  await page.getByRole("button", { name: "Undo", exact: true }).click();
  await expect(canvas.layers).toHaveCount(0);
  await page.getByRole("button", { name: "Redo", exact: true }).click();
  await canvas.staging.getByRole("button", { name: "Accept" }).click();
  await expect(canvas.layers.first()).toHaveAttribute("data-layer-kind", "image");

  // A result not made on the canvas offers no way into it.
  const plainTask = imageTask("a plain one", { numberResults: 1 });
  expect((await sendTasks(page.request, baseURL ?? "", [plainTask])).ok()).toBe(true);
  const plain = await finishedTask(page.request, plainTask.taskUUID);
  await page.goto(`/gallery/item/${plain.items[0]?.id}`);
  await expect(page.getByRole("link", { name: "Open in Create" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Open in canvas" })).toHaveCount(0);
  await member.close();
});

test("a second member signing in on the same browser opens their own canvas, not the first one's", async ({
  page: ownerPage,
  browser,
  baseURL,
}) => {
  const first = { name: "Grace Hopper", email: "grace.canvas@studio.test", password: "compilers all day" };
  const second = { name: "Alan Turing", email: "alan.canvas@studio.test", password: "on computable numbers" };
  const browserOfBoth = await joinAsMember(browser, ownerPage.request, baseURL ?? "", first);
  await (await joinAsMember(browser, ownerPage.request, baseURL ?? "", second)).close();
  const page = await browserOfBoth.newPage();
  const canvas = new CanvasPage(page);
  await canvas.open();
  await canvas.upload(await seedPicture());
  await page.getByRole("button", { name: "Inpaint mask", exact: true }).click();
  await page.locator("#canvas-prompt").fill("only mine");
  await saved(page);

  // Signed out, the second member signs in on the same browser: its storage still holds the first's.
  await browserOfBoth.clearCookies();
  await page.goto("/sign-in");
  await new SignInPage(page).signIn(runAddress(second.email), second.password);
  await page.waitForURL((url) => !url.pathname.startsWith("/sign-in"));
  await canvas.open();
  await expect(canvas.layers).toHaveCount(0);
  await expect(page.locator("#canvas-prompt")).toHaveValue("");
  await expect(page.getByText("Picture, 768 × 512")).toHaveCount(0);

  // The first member, back on this browser, finds their canvas as they left it.
  await browserOfBoth.clearCookies();
  await page.goto("/sign-in");
  await new SignInPage(page).signIn(runAddress(first.email), first.password);
  await page.waitForURL((url) => !url.pathname.startsWith("/sign-in"));
  await canvas.open();
  await expect(page.locator("#canvas-prompt")).toHaveValue("only mine");
  await expect(canvas.layers).toHaveText([/Inpaint mask 1/]);
  await browserOfBoth.close();
});
