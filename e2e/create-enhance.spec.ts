import { test as memberTest } from "./fixtures/own-member";
import { expect, test } from "./fixtures/reused-page";
import { saveScreen } from "./fixtures/screens";
import { CanvasPage } from "./pages/canvas-page";
import { CreatePage } from "./pages/create-page";
import { SCREENS_DIR } from "./pages/studio-shell";

test.describe.configure({ timeout: 90_000 });

const PROMPT = "a lighthouse on a cliff at dusk";

test("Enhance offers several versions on every form with a prompt; picking one replaces the prompt, Undo brings it back", async ({
  page,
}) => {
  const create = new CreatePage(page);
  for (const slug of ["image-to-image", "controlnet", "video"]) {
    await create.open(slug);
    await create.prompt.fill(PROMPT);
    await create.enhance.click();
    await expect(create.versions.first(), slug).toBeVisible();
    expect(await create.versions.count(), slug).toBeGreaterThan(1);
    await expect(page.getByText(/promptMaxLength/)).toHaveCount(0);
  }

  await create.open("text-to-image");
  await create.prompt.fill(PROMPT);
  await create.enhance.click();
  await expect(create.versions).not.toHaveCount(0);
  const second = create.versions.nth(1);
  const text = (await second.getAttribute("data-version")) ?? "";
  expect(text.startsWith(PROMPT)).toBe(true);
  expect(text.length).toBeGreaterThan(PROMPT.length);
  await saveScreen(page, { path: `${SCREENS_DIR}/enhance-versions-1440x900.png` });
  await second.click();
  await expect(create.prompt).toHaveValue(text);
  await expect(create.versions).toHaveCount(0);
  await page.getByRole("button", { name: "Undo", exact: true }).click();
  await expect(create.prompt).toHaveValue(PROMPT);
});

memberTest(
  "Enhance offers versions on the Inpainting and Outpainting canvas; a pick replaces the prompt, Undo brings it back",
  async ({ page }) => {
    const canvas = new CanvasPage(page);
    for (const slug of ["inpainting", "outpainting"]) {
      await canvas.open(`/create/${slug}`);
      const prompt = page.locator("#canvas-prompt");
      await prompt.fill(PROMPT);
      const create = new CreatePage(page);
      await create.enhance.click();
      await expect(create.versions.first(), slug).toBeVisible();
      expect(await create.versions.count(), slug).toBeGreaterThan(1);
      const text = (await create.versions.nth(1).getAttribute("data-version")) ?? "";
      expect(text.startsWith(PROMPT), slug).toBe(true);
      await create.versions.nth(1).click();
      await expect(prompt, slug).toHaveValue(text);
      await page
        .getByRole("status")
        .filter({ hasText: "Prompt replaced by an enhanced version." })
        .getByRole("button", { name: "Undo", exact: true })
        .click();
      await expect(prompt, slug).toHaveValue(PROMPT);
    }
  },
);

test("an Enhance failure is said on the prompt and goes once the prompt changes", async ({ page }) => {
  const create = new CreatePage(page);
  await create.open("text-to-image");
  await page.route("**/api/tools", (route) =>
    route.fulfill({
      status: 503,
      contentType: "application/json",
      body: JSON.stringify({
        errors: [{ code: "serviceUnavailable", message: "The service is busy; try again shortly." }],
      }),
    }),
  );
  await create.prompt.fill(PROMPT);
  await create.enhance.click();
  const error = page.locator("#f-positivePrompt-error");
  await expect(error).toHaveText("The service is busy; try again shortly.");
  await create.prompt.press("End");
  await create.prompt.pressSequentially(", at night");
  await expect(error).toHaveCount(0);
});
