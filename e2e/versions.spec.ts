import type { Page } from "@playwright/test";
import { imageTask, sendTasks } from "./fixtures/accounts";
import { expect, test } from "./fixtures/reused-page";
import { saveScreen, TAKE_SCREENS } from "./fixtures/screens";
import { finishedTask } from "./fixtures/studio-api";
import { CreatePage } from "./pages/create-page";
import { SCREENS_DIR } from "./pages/studio-shell";

/**
 * Versions from the recipe: a reviewer's comment "fix the hand" on an image becomes its next
 * version. "New version" on the comment opens Create with the whole recipe and the comment beside
 * the prompt; the result lands as v2 of the same stack, in review. The gallery shows the stack as
 * one card, the viewer steps v1/v2 by buttons and keys, compare shows what changed, and the open
 * comment of v1 shows on v2 marked "on v1", where resolving it resolves the original thread.
 */

const SHOTS = `${SCREENS_DIR}/versions`;
const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
];

async function shots(page: Page, name: string) {
  // The sizes change for the pictures alone: without them the page stays as it is.
  if (!TAKE_SCREENS) return;
  const before = page.viewportSize();
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await saveScreen(page, { path: `${SHOTS}/${name}-${viewport.width}x${viewport.height}.png` });
  }
  if (before) await page.setViewportSize(before);
}

test("a comment becomes the next version, one card in the gallery, stepped and compared in the viewer", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const prompt = `a hand holding a brass lantern ${crypto.randomUUID().slice(0, 8)}`;
  const first = imageTask(prompt, { steps: 12 });
  expect((await sendTasks(page.request, baseURL ?? "", [first])).status()).toBe(202);
  const v1 = (await finishedTask(page.request, first.taskUUID)).items[0];
  if (!v1) throw new Error("no result");

  // A comment on the first image.
  await page.goto(`/gallery/item/${v1.id}`);
  await page.getByRole("textbox", { name: "Comment" }).fill("fix the hand");
  await page.getByRole("button", { name: "Comment", exact: true }).click();
  const thread = page.getByTestId("comment-thread").filter({ hasText: "fix the hand" });
  await expect(thread).toBeVisible();
  // And one pinned to a point of it.
  await page.getByRole("button", { name: "Pin to a point" }).click();
  const image = page.getByTestId("viewer-image");
  const box = await image.boundingBox();
  if (!box) throw new Error("no image box");
  await page.mouse.click(box.x + box.width * 0.4, box.y + box.height * 0.6);
  await page.getByRole("textbox", { name: "Comment" }).fill("the thumb bends backwards");
  await page.getByRole("button", { name: "Comment", exact: true }).click();
  await expect(page.getByTestId("comment-pin")).toHaveCount(1);

  // "New version" in the viewer's bar: Create with the recipe and the link, which can be dropped.
  const create = new CreatePage(page);
  await page.getByRole("link", { name: "New version" }).first().click();
  await create.ready();
  const panel = page.getByTestId("version-panel");
  await expect(panel).toContainText("Version 2 of");
  await expect(create.prompt).toHaveValue(prompt);
  await panel.getByRole("button", { name: "Make a new item instead" }).click();
  await expect(panel).toHaveCount(0);
  await expect(create.prompt).toHaveValue(prompt);

  // "New version" on the comment: the comment shows beside the recipe.
  await page.goto(`/gallery/item/${v1.id}`);
  await thread.getByRole("link", { name: "New version" }).click();
  await create.ready();
  await expect(panel).toContainText(`Version 2 of “${prompt.slice(0, 20)}`);
  await expect(panel).toContainText("fix the hand");
  await expect(create.prompt).toHaveValue(prompt);
  // The whole recipe, settings under closed sections too.
  await expect(page.getByText("12 steps")).toBeVisible();
  await shots(page, "create-version-panel");
  await create.prompt.fill(`${prompt}, five fingers`);
  await create.generate.click();
  await create.expectResults(1);
  await expect(panel).toHaveCount(0);

  // The gallery: one card for the stack, its newest version, "2 versions".
  await page.goto("/gallery");
  const cards = page.getByTestId("gallery-item").filter({ hasText: prompt });
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(`${prompt}, five fingers`);
  await expect(cards.first().getByTestId("version-count")).toHaveText("2 versions");
  await shots(page, "gallery-card");

  // The viewer on v2: the switcher, the state "In review", the comment of v1 marked "on v1".
  await cards.first().getByRole("link").first().click();
  const switcher = page.getByRole("navigation", { name: "Versions" });
  await expect(switcher.getByRole("link", { name: "Version 2, the newest" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  const v2Url = page.url();
  expect(v2Url).not.toContain(v1.id);
  await expect(page.getByRole("radio", { name: "In review" })).toHaveAttribute("data-state", "on");
  const carried = page.getByRole("region", { name: "Open on earlier versions" });
  const old = carried.getByTestId("comment-thread").filter({ hasText: "fix the hand" });
  await expect(old.getByTestId("made-on")).toHaveText("on v1");
  // A pin of v1 is drawn on v1's media only; its thread says so.
  const pinned = carried.getByTestId("comment-thread").filter({ hasText: "the thumb bends backwards" });
  await expect(pinned).toContainText("Pin made on v1: it shows on that version's media.");
  await expect(page.getByTestId("viewer-image")).toBeVisible();
  await expect(page.getByTestId("comment-pin")).toHaveCount(0);

  await shots(page, "viewer-versions");

  // Keys step between versions; the address names the version shown.
  await page.locator("body").click({ position: { x: 5, y: 5 } });
  await page.keyboard.press("[");
  await expect(page).toHaveURL(new RegExp(`/gallery/item/${v1.id}`));
  await expect(switcher.getByRole("link", { name: "Version 1" })).toHaveAttribute("aria-current", "page");
  await page.keyboard.press("]");
  await expect(page).toHaveURL(v2Url);
  // And the buttons.
  await switcher.getByRole("link", { name: "Version 1" }).click();
  await expect(page).toHaveURL(new RegExp(`/gallery/item/${v1.id}`));
  await switcher.getByRole("link", { name: "Version 2, the newest" }).click();
  await expect(page).toHaveURL(v2Url);

  // A reply on v2 goes to v1's thread; resolving it there takes it off v2's list.
  await old.getByRole("button", { name: "Reply" }).click();
  await old.getByRole("textbox", { name: "Reply" }).fill("five fingers now");
  await old.getByRole("button", { name: "Reply", exact: true }).click();
  await expect(old).toContainText("five fingers now");

  // Compare with v1: the header's button, and the picker for any version.
  await page.getByRole("link", { name: "Compare with v1" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Comparing 2 images");
  await expect(page.getByTestId("compare-version")).toHaveText(["Version 1", "Version 2"]);
  const promptOfB = page.getByTestId("prompt-diff").and(page.locator("[data-letter=B]"));
  await expect(promptOfB.locator("ins")).toContainText("five fingers");
  await shots(page, "compare-versions");
  await page.goBack();
  await page.getByRole("combobox", { name: "Compare this version with" }).selectOption({ label: "v1" });
  await expect(page).toHaveURL(/\/gallery\/compare\?ids=/);
  await expect(page.getByTestId("compare-version")).toHaveText(["Version 1", "Version 2"]);
  await page.goBack();

  await old.getByRole("button", { name: "Resolve" }).click();
  await expect(carried.getByTestId("comment-thread")).toHaveCount(1);
  await page.goto(`/gallery/item/${v1.id}`);
  await expect(page.getByTestId("comment-pin")).toHaveCount(1);
  const original = page.getByTestId("comment-thread").filter({ hasText: "fix the hand" });
  await expect(original).toHaveAttribute("data-resolved", "true");
  await expect(original).toContainText("five fingers now");
});

test("a new version of an item that is not there is refused, naming versionOf", async ({ page, baseURL }) => {
  const task = { ...imageTask("a version of nothing"), versionOf: crypto.randomUUID() };
  const res = await sendTasks(page.request, baseURL ?? "", [task]);
  expect(res.status()).toBe(400);
  const body = (await res.json()) as { errors: { code: string; parameter?: string }[] };
  expect(body.errors).toEqual([expect.objectContaining({ code: "itemNotFound", parameter: "versionOf" })]);
});
