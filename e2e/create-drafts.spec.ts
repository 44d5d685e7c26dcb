import path from "node:path";
import { joinAsMember } from "./fixtures/accounts";
import { seedPicture } from "./fixtures/images";
import { test as memberTest } from "./fixtures/own-member";
import { expect, test } from "./fixtures/reused-page";
import { saveScreen } from "./fixtures/screens";
import { CanvasPage } from "./pages/canvas-page";
import { CreatePage } from "./pages/create-page";
import { SignInPage } from "./pages/sign-in-page";

// A busy two-core machine takes seconds per page; the bounds are wide rather than retried.
test.describe.configure({ timeout: 240_000 });

// The specs share one member, whose drafts are one per workflow: each test here keeps to a
// workflow no spec running beside it types into (text to image is the done alerts' own).
const SCREENS = path.resolve(import.meta.dirname, "..", "test-results", "drafts");

test("a draft survives a reload and follows its member to another browser; Clear draft and Restore", async ({
  page: ownerPage,
  browser,
  baseURL,
}) => {
  // A member of its own: drafts are per member, and the other specs type into the owner's.
  const who = {
    name: "Mary Somerville",
    email: "mary.drafts@studio.test",
    password: "mechanism of the heavens",
  };
  const member = await joinAsMember(browser, ownerPage.request, baseURL ?? "", who);
  const retry = test.info().retry;
  const email = retry > 0 ? who.email.replace("@", `+retry${retry}@`) : who.email;
  const page = await member.newPage();
  const create = new CreatePage(page);
  const images = page.getByRole("spinbutton", { name: "Images" });
  await create.open("image-to-image");
  await expect(create.draftStatus).toHaveText("Your changes are saved as a draft as you type.");
  await create.prompt.fill("a lighthouse in a winter storm");
  await images.fill("2");
  await expect(create.draftStatus).toHaveText(/^Draft saved at \d\d:\d\d/);
  await page.reload();
  await create.ready(60_000);
  await expect(create.prompt).toHaveValue("a lighthouse in a winter storm");
  await expect(images).toHaveValue("2");
  await expect(create.draftStatus).toHaveText(/^Draft saved at/);
  for (const [width, height] of [
    [1440, 900],
    [1280, 720],
  ] as const) {
    await page.setViewportSize({ width, height });
    await saveScreen(page, { path: `${SCREENS}/draft-${width}x${height}.png` });
  }

  // The same member signs in on a second browser: the draft is there too.
  const other = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  try {
    const second = await other.newPage();
    await second.goto("/sign-in");
    await new SignInPage(second).signIn(email, who.password);
    await second.waitForURL((url) => !url.pathname.startsWith("/sign-in"));
    await second.goto("/create/image-to-image", { waitUntil: "domcontentloaded", timeout: 90_000 });
    const there = new CreatePage(second);
    await there.ready(60_000);
    await expect(there.prompt).toHaveValue("a lighthouse in a winter storm");
    await expect(second.getByRole("spinbutton", { name: "Images" })).toHaveValue("2");
  } finally {
    await other.close();
  }

  await page.getByRole("button", { name: "Clear draft" }).click();
  await expect(create.prompt).toHaveValue("");
  await expect(create.draftStatus).toHaveText("Draft cleared.");
  await page.getByRole("button", { name: "Restore", exact: true }).click();
  await expect(create.prompt).toHaveValue("a lighthouse in a winter storm");
  await expect(create.draftStatus).toHaveText(/^Draft saved at/);
  await member.close();
});

memberTest("inpainting: the picture and the painted mask come back after a reload", async ({ page }) => {
  const canvas = new CanvasPage(page);
  await canvas.open("/create/inpainting");
  await canvas.upload(await seedPicture());
  await expect(page.getByText("Picture, 768 × 512")).toBeVisible();
  await canvas.stroke([250, 200], [450, 300]);
  await expect(canvas.plan.getByRole("heading")).toHaveText("Inpainting");
  await page.locator("#canvas-prompt").fill("a red door");
  await expect(canvas.draftStatus).toHaveText(/^Draft saved at /);
  await page.reload();
  await canvas.ready(60_000);
  await expect(page.locator("#canvas-prompt")).toHaveValue("a red door");
  await expect(page.getByText("Picture, 768 × 512")).toBeVisible();
  await expect(canvas.plan.getByRole("heading")).toHaveText("Inpainting");
  await expect(page.getByRole("button", { name: /^Generate/ })).toBeEnabled();
});

memberTest(
  "what is typed while the draft is still being read is kept, and the draft fills in the rest",
  async ({ page }) => {
    const create = new CreatePage(page);
    const images = page.getByRole("spinbutton", { name: "Images" });
    await create.open("text-to-image");
    await create.prompt.fill("a harbour at noon");
    await images.fill("3");
    await expect(create.draftStatus).toHaveText(/^Draft saved at/);

    // The next read of the draft is held back until the member has typed.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/drafts/text-to-image", async (route) => {
      if (route.request().method() === "GET") await held;
      await route.continue();
    });
    const asked = page.waitForRequest(
      (r) => r.url().endsWith("/api/drafts/text-to-image") && r.method() === "GET",
    );
    await page.reload();
    await asked;
    await expect(page.locator("form[aria-busy=true]")).toBeVisible();
    await create.prompt.fill("a harbour at dusk");
    release();
    await create.ready(60_000);
    await expect(create.prompt).toHaveValue("a harbour at dusk");
    await expect(images).toHaveValue("3");
    await expect(create.draftStatus).toHaveText(/^Draft saved at/);
    await page.unroute("**/api/drafts/text-to-image");
    await page.reload();
    await create.ready(60_000);
    await expect(create.prompt).toHaveValue("a harbour at dusk");
  },
);

test("a stored draft with bad values opens what is valid and says what it set aside", async ({
  page,
  browser,
  baseURL,
}) => {
  const origin = baseURL ?? "";
  // A member of its own: drafts are per member, and the other specs type into the owner's.
  const member = await joinAsMember(browser, page.request, origin, {
    name: "Ida Rhodes",
    email: "ida.drafts@studio.test",
    password: "tabulating machine",
  });
  try {
    const tab = await member.newPage();
    const create = new CreatePage(tab);
    const saved = await tab.request.put("/api/drafts/image-to-image", {
      data: {
        values: { positivePrompt: "kept as typed", width: 99_999, numberResults: "many", steps: -4 },
        savedAt: Date.now(),
      },
      headers: { origin },
    });
    expect(saved.status()).toBe(200);
    await tab.goto("/create/image-to-image", { waitUntil: "domcontentloaded", timeout: 90_000 });
    await create.ready(60_000);
    await expect(create.prompt).toHaveValue("kept as typed");
    await expect(tab.getByRole("spinbutton", { name: "Images" })).toHaveValue("4");
    await expect(tab.getByRole("status").filter({ hasText: /^Your draft is back, except/ })).toHaveText(
      /except Images, Steps and Width: their saved values are no longer valid/,
    );
  } finally {
    await member.close();
  }
});

test("a setup link opens in a teammate's form without touching their own draft until they edit", async ({
  page,
  browser,
  baseURL,
}) => {
  const origin = baseURL ?? "";
  const create = new CreatePage(page);
  await create.open("text-to-image");
  await create.prompt.fill("a koi pond seen from above, ink wash");
  await page.locator("#f-negativePrompt").fill("text, watermark");
  await expect(create.draftStatus).toHaveText(/^Draft saved at/);
  await page.getByRole("button", { name: "Copy link to this setup" }).click();
  const linkField = page.getByRole("textbox", { name: "Link to this setup" });
  await expect(linkField).toHaveValue(/\/create\/text-to-image\?setup=[0-9a-f-]{36}$/);
  const link = await linkField.inputValue();
  // The author goes on typing: the link keeps the form as it was when it was made.
  await create.prompt.fill("something else entirely");

  const teammate = await joinAsMember(browser, page.request, origin, {
    name: "Evelyn Granville",
    email: "evelyn.drafts@studio.test",
    password: "compiler compiler",
  });
  try {
    const tab = await teammate.newPage();
    const theirs = new CreatePage(tab);
    await theirs.clearDraft("text-to-image");
    await tab.goto("/create/text-to-image", { waitUntil: "domcontentloaded", timeout: 90_000 });
    await theirs.ready(60_000);
    await theirs.prompt.fill("evelyn's own idea");
    await expect(theirs.draftStatus).toHaveText(/^Draft saved at/);

    await tab.goto(new URL(link).pathname + new URL(link).search, {
      waitUntil: "domcontentloaded",
      timeout: 90_000,
    });
    await theirs.ready(60_000);
    await expect(theirs.prompt).toHaveValue("a koi pond seen from above, ink wash");
    await expect(tab.locator("#f-negativePrompt")).toHaveValue("text, watermark");
    await expect(theirs.draftStatus).toHaveText(
      "Ada Lovelace's setup. Your own draft is kept until you change something.",
    );
    await saveScreen(tab, { path: `${SCREENS}/setup-1440x900.png` });
    await tab.getByRole("button", { name: "Restore my draft" }).click();
    await expect(theirs.prompt).toHaveValue("evelyn's own idea");
    await expect(tab).toHaveURL(/\/create\/text-to-image$/);

    // Opened again and edited: now it is their draft.
    await tab.goto(new URL(link).pathname + new URL(link).search, {
      waitUntil: "domcontentloaded",
      timeout: 90_000,
    });
    await theirs.ready(60_000);
    await theirs.prompt.fill("a koi pond, my version");
    await expect(theirs.draftStatus).toHaveText(/^Draft saved at/);
    await tab.goto("/create/text-to-image", { waitUntil: "domcontentloaded", timeout: 90_000 });
    await theirs.ready(60_000);
    await expect(theirs.prompt).toHaveValue("a koi pond, my version");
  } finally {
    await teammate.close();
  }

  // Not for anyone outside the team.
  const guest = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  try {
    const id = new URL(link).searchParams.get("setup") ?? "";
    expect((await guest.request.get(`/api/setups/${id}`)).status()).toBe(401);
  } finally {
    await guest.close();
  }
});
