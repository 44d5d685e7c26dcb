import type { Page } from "@playwright/test";
import { imageTask, sendTasks } from "./fixtures/accounts";
import { expect, test } from "./fixtures/reused-page";
import { saveScreen, TAKE_SCREENS } from "./fixtures/screens";
import { finishedTask } from "./fixtures/studio-api";
import { SCREENS_DIR } from "./pages/studio-shell";

/**
 * Seed stacks: four results of one recipe, each with its own seed, are one card with a count, and
 * a fifth of another prompt a card of its own. Opened, the stack steps through its seeds; rating
 * one above the rest makes it the card's cover. "Stack seeds" shows each seed apart, and is
 * remembered.
 */

const SHOTS = `${SCREENS_DIR}/seed-stacks`;

async function shots(page: Page, name: string) {
  // The sizes change for the pictures alone: without them the page stays as it is.
  if (!TAKE_SCREENS) return;
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 1280, height: 720 },
  ]) {
    await page.setViewportSize(viewport);
    await saveScreen(page, { path: `${SHOTS}/${name}-${viewport.width}x${viewport.height}.png` });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test("four seeds of one recipe are one card; the best rated covers it", async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  const word = crypto.randomUUID().slice(0, 8);
  const prompt = `a copper kettle on a stove ${word}`;
  const seeds = [11, 12, 13, 14].map((seed) => imageTask(prompt, { seed }));
  const other = imageTask(`a copper kettle on a table ${word}`, { seed: 11 });
  for (const task of [...seeds, other]) {
    expect((await sendTasks(page.request, baseURL ?? "", [task])).status()).toBe(202);
    expect((await finishedTask(page.request, task.taskUUID)).status).toBe("success");
  }
  const memberIds: string[] = [];
  for (const task of seeds)
    memberIds.push((await finishedTask(page.request, task.taskUUID)).items[0]?.id ?? "");
  const otherId = (await finishedTask(page.request, other.taskUUID)).items[0]?.id ?? "";

  // A browser that never chose sees stacks (the default).
  await page.goto(`/gallery?q=${word}`);
  await page.evaluate(() => window.localStorage.removeItem("gallery.stackSeeds"));
  await page.reload();
  const cards = page.getByTestId("gallery-item");
  const toggle = page.getByRole("switch", { name: "Stack seeds" });
  await expect(toggle).toBeChecked();
  await expect(cards).toHaveCount(2);
  const stack = cards.filter({ has: page.getByTestId("seed-count") });
  await expect(stack.getByTestId("seed-count")).toHaveText("4 seeds");
  await expect(cards.filter({ hasNot: page.getByTestId("seed-count") })).toHaveCount(1);
  await expect(page.locator(`[data-testid=gallery-item] a[href^="/gallery/item/${otherId}"]`)).toHaveCount(1);
  // The count names the results and the stacks they make, as the badge counts seeds.
  const count = page.getByTestId("result-count");
  await expect(count).toHaveText(/^5 of [\d,]+ results, in 2 stacks$/);
  await shots(page, "gallery-stacks");
  // Until the totals come (here they never do) the count names the cards: two, not two results.
  await page.route("**/api/gallery/totals**", (route) => route.abort());
  await page.reload();
  await expect(cards).toHaveCount(2);
  await expect(count).toHaveText("2 cards shown");
  await shots(page, "gallery-count-before-totals");
  await page.unroute("**/api/gallery/totals**");
  await page.reload();
  await expect(count).toHaveText(/^5 of [\d,]+ results, in 2 stacks$/);

  // Each seed apart, remembered over a reload; and back.
  await toggle.click();
  await expect(cards).toHaveCount(5);
  await expect(count).toHaveText(/^5 of [\d,]+ results$/);
  await page.reload();
  await expect(page.getByRole("switch", { name: "Stack seeds" })).not.toBeChecked();
  await expect(cards).toHaveCount(5);
  await expect(count).toHaveText(/^5 of [\d,]+ results$/);
  await page.getByRole("switch", { name: "Stack seeds" }).click();
  await expect(cards).toHaveCount(2);
  await page.reload();
  await expect(count).toHaveText(/^5 of [\d,]+ results, in 2 stacks$/);

  // A fifth seed made while the gallery is open joins the card live; the count and badge agree.
  const fifth = imageTask(prompt, { seed: 15 });
  expect((await sendTasks(page.request, baseURL ?? "", [fifth])).status()).toBe(202);
  expect((await finishedTask(page.request, fifth.taskUUID)).status).toBe("success");
  await expect(stack.getByTestId("seed-count")).toHaveText("5 seeds");
  await expect(cards).toHaveCount(2);
  await expect(count).toHaveText(/^6 of [\d,]+ results, in 2 stacks$/);
  const fifthId = (await finishedTask(page.request, fifth.taskUUID)).items[0]?.id ?? "";
  memberIds.push(fifthId);
  await page.reload();
  await expect(stack.getByTestId("seed-count")).toHaveText("5 seeds");
  await expect(count).toHaveText(/^6 of [\d,]+ results, in 2 stacks$/);

  // Opened, the stack lists its five seeds; the cover is the newest while none is rated.
  await stack.getByRole("link", { name: /^Open / }).click();
  const switcher = page.getByTestId("seed-switcher");
  await expect(switcher.getByRole("link")).toHaveCount(5);
  await expect(switcher.getByRole("link", { name: /, the cover/ })).toHaveAttribute(
    "href",
    new RegExp(`^/gallery/item/${fifthId}`),
  );
  // Rating the oldest seed above the rest.
  const oldest = memberIds[0] ?? "";
  await switcher.locator(`a[href^="/gallery/item/${oldest}"]`).click();
  await expect(page).toHaveURL(new RegExp(`/gallery/item/${oldest}`));
  await page.locator("body").click({ position: { x: 5, y: 5 } });
  await page.keyboard.press("5");
  await expect(switcher.getByRole("link", { name: /, the cover/ })).toHaveAttribute(
    "href",
    new RegExp(`^/gallery/item/${oldest}`),
  );
  await expect(switcher.getByRole("link", { name: /, the cover/ })).toHaveAccessibleName(/rated 5\.0/);
  await shots(page, "stack-opened");

  // } and { step through the stack's seeds in the switcher's order: the cover, then the newest.
  const current = switcher.locator("[aria-current=page]");
  await expect(current).toHaveAccessibleName(/^Seed 11, the cover/);
  await page.keyboard.press("}");
  await expect(page).toHaveURL(new RegExp(`/gallery/item/${fifthId}`));
  await expect(current).toHaveAccessibleName(/^Seed 15/);
  await page.keyboard.press("}");
  await expect(page).toHaveURL(new RegExp(`/gallery/item/${memberIds[3]}`));
  await expect(current).toHaveAccessibleName(/^Seed 14/);
  await page.keyboard.press("{");
  await expect(page).toHaveURL(new RegExp(`/gallery/item/${fifthId}`));
  await expect(current).toHaveAccessibleName(/^Seed 15/);
  // The newest seed was first opened before the rating: { steps by the order the rating made.
  await page.keyboard.press("{");
  await expect(page).toHaveURL(new RegExp(`/gallery/item/${oldest}`));
  await expect(current).toHaveAccessibleName(/^Seed 11, the cover/);
  // At the first seed, { goes nowhere.
  await page.keyboard.press("{");
  await expect(current).toHaveAccessibleName(/^Seed 11, the cover/);

  // Compare with another seed: the two side by side.
  await page.getByRole("combobox", { name: "Compare this seed with" }).selectOption({ label: "Seed 13" });
  await expect(page).toHaveURL(new RegExp(`/gallery/compare\\?ids=${oldest},${memberIds[2]}`));
  const columns = page.getByTestId("compare-column");
  await expect(columns).toHaveCount(2);
  await expect(columns.nth(0).getByRole("link", { name: "Open A" })).toHaveAttribute(
    "href",
    new RegExp(`^/gallery/item/${oldest}`),
  );
  await expect(columns.nth(1).getByRole("link", { name: "Open B" })).toHaveAttribute(
    "href",
    new RegExp(`^/gallery/item/${memberIds[2]}`),
  );
  await shots(page, "stack-compare");

  // Back in the gallery, the rated seed covers the stack.
  await page.goto(`/gallery?q=${word}`);
  await expect(cards).toHaveCount(2);
  await expect(stack.locator(`a[href^="/gallery/item/${oldest}"]`).first()).toBeVisible();
  await expect(stack.getByTestId("seed-count")).toHaveText("5 seeds");
});
