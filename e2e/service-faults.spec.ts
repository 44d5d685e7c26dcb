import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/reused-page";
import { TAKE_SCREENS } from "./fixtures/screens";
import { CreatePage } from "./pages/create-page";
import { StudioShell } from "./pages/studio-shell";

/**
 * What a person sees when the service is not on its happy path (the engine's ENGINE_FAULTS in
 * playwright.config.ts): a task that fails for a passing reason is sent again, and the queue says
 * so; a task of which one result was refused keeps the others, and the queue says which was not made.
 */
test.describe.configure({ timeout: 90_000 });

async function screens(page: Page, name: string) {
  // The sizes change for the pictures alone: without them the page stays as it is.
  if (!TAKE_SCREENS) return;
  const shell = new StudioShell(page);
  await shell.screenshot(`service-faults-${name}-1440x900`);
  await page.setViewportSize({ width: 1280, height: 720 });
  await shell.screenshot(`service-faults-${name}-1280x720`);
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** A stamp so that the prompt is one this engine has not run yet (its faults count per prompt). */
const stamp = () => Date.now().toString(36);

test("a task the service fails twice is sent again, the queue saying 'retrying (2 of 3)', and its image is kept", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const create = new CreatePage(page);
  await create.open("text-to-image");
  const prompt = `a paper kite over the dunes (fails twice) ${stamp()}`;
  await create.prompt.fill(prompt);
  await page.getByRole("spinbutton", { name: "Images" }).fill("1");
  await create.generate.click();
  await page.getByRole("button", { name: "Queue" }).click();
  // Every text the task's row shows is kept as it changes: the retrying state lasts a second or
  // two, which a check now and then on a loaded machine can miss.
  await page.evaluate((text) => {
    const seen = new Set<string>();
    (window as unknown as { rowTexts: Set<string> }).rowTexts = seen;
    const read = () => {
      for (const row of document.querySelectorAll("[data-testid=queue-row]")) {
        if (row.textContent?.includes(text)) seen.add(row.textContent);
      }
    };
    read();
    new MutationObserver(read).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  }, prompt);
  const row = page.getByTestId("queue-row").filter({ hasText: prompt });
  const shown = () => page.evaluate(() => [...(window as unknown as { rowTexts: Set<string> }).rowTexts]);
  // The second try's wait is a second or two: a loaded machine may first show the third.
  await expect
    .poll(async () => (await shown()).some((text) => /retrying \([23] of 3\)/.test(text)), {
      timeout: 30_000,
    })
    .toBe(true);
  expect(
    (await shown()).some((text) =>
      text.includes("The service failed for a passing reason, so the studio sends it again"),
    ),
  ).toBe(true);
  await screens(page, "retrying");
  await expect(row).toHaveAttribute("data-status", "success", { timeout: 30_000 });
  await expect(row.getByTestId("queue-retry")).toHaveCount(0);
  await expect(row.getByRole("link", { name: "Open" })).toBeVisible();
  await page.keyboard.press("Escape");
  await create.expectResults(1);
});

test("three images, the second refused: two are kept and the queue says which one was not made", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const create = new CreatePage(page);
  await create.open("text-to-image");
  const prompt = `three lanterns on a pier (second refused) ${stamp()}`;
  await create.prompt.fill(prompt);
  await page.getByRole("spinbutton", { name: "Images" }).fill("3");
  await create.generate.click();
  await create.expectResults(2);
  await page.getByRole("button", { name: "Queue" }).click();
  const row = page.getByTestId("queue-row").filter({ hasText: prompt });
  await expect(row).toHaveAttribute("data-status", "success", { timeout: 30_000 });
  await expect(row).toContainText("2/3");
  await expect(row.getByTestId("queue-failed-results")).toHaveText(
    /was not made: The generated content was flagged by the safety checker\./,
  );
  await screens(page, "one-refused");
});
