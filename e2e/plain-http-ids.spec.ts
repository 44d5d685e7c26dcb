import { test as base, expect } from "@playwright/test";
import { OWNER } from "./fixtures/accounts";
import { saveScreen, TAKE_SCREENS } from "./fixtures/screens";
import { CreatePage } from "./pages/create-page";
import { SignInPage } from "./pages/sign-in-page";

/**
 * A team serving the studio over plain HTTP under a network name (`http://studio.lan:3000`).
 * Browsers give such a page no `crypto.randomUUID` (only secure pages have it), so every id the
 * page makes (the task's, the draft's writer) must come from elsewhere. The browser here resolves
 * `studio.lan` to this machine, where the test studio listens: the same studio under a name that is
 * not loopback, so the page is not a secure one.
 */
const NAME = "studio.lan";
/** The test studio's port, as playwright.config.ts sets it. */
const port = process.env.E2E_PORT ?? "3100";
const origin = `http://${NAME}:${port}`;
const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const test = base.extend({
  launchOptions: [
    async ({ launchOptions }, use) => {
      await use({
        ...launchOptions,
        args: [...(launchOptions.args ?? []), `--host-resolver-rules=MAP ${NAME} 127.0.0.1`],
      });
    },
    { scope: "worker" },
  ],
});

test.use({ baseURL: origin, storageState: { cookies: [], origins: [] } });
test.describe.configure({ timeout: 90_000 });

test("text to image generates on a page served over plain HTTP under a network name", async ({ page }) => {
  await page.goto("/gallery");
  await expect(page).toHaveURL(`${origin}/sign-in?next=%2Fgallery`);
  expect(await page.evaluate(() => window.isSecureContext)).toBe(false);
  expect(await page.evaluate(() => typeof crypto.randomUUID)).toBe("undefined");
  await new SignInPage(page).signIn(OWNER.email, OWNER.password);
  await expect(page.getByTestId("user-name")).toHaveText(OWNER.name);

  // The form opens from the member's draft, which other specs write too: emptied first, from the
  // page itself (this name is the browser's alone; the test runner cannot resolve it).
  const cleared = await page.evaluate(async () => {
    const res = await fetch("/api/drafts/text-to-image", {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ values: {}, savedAt: Date.now() }),
    });
    return res.status;
  });
  expect(cleared).toBe(200);
  const create = new CreatePage(page);
  await page.goto("/create/text-to-image");
  await create.ready(30_000);
  await create.prompt.fill("a heron standing in a misty river at dawn");
  await page.getByRole("spinbutton", { name: "Images" }).fill("1");
  // The draft is saved under this tab's own id, so its saves keep their order among themselves.
  await expect(create.draftStatus).toContainText("Draft saved at");
  const writer = await page.evaluate(async () => {
    const res = await fetch("/api/drafts/text-to-image");
    return ((await res.json()) as { data: { draft: { writer: string | null } | null } }).data.draft?.writer;
  });
  expect(writer).toMatch(V4);
  await create.generate.click();
  const taskUUID = await create.expectResults(1);
  expect(taskUUID).toMatch(V4);
  if (TAKE_SCREENS) {
    await saveScreen(page, { path: "test-results/plain-http-ids-1440.png" });
    await page.setViewportSize({ width: 1280, height: 720 });
    await saveScreen(page, { path: "test-results/plain-http-ids-1280.png" });
  }
});
