import type { Locator, Page } from "@playwright/test";
import { imageTask, sendTasks } from "./fixtures/accounts";
import { expect, test } from "./fixtures/reused-page";
import { saveScreen } from "./fixtures/screens";
import { finishedTask } from "./fixtures/studio-api";
import { SCREENS_DIR } from "./pages/studio-shell";

/**
 * Marks drawn on the media with a comment, and ranges of a video: a reviewer draws each kind of
 * mark in a colour, posts, and after a reload sees them at the same place of the image at two
 * viewport sizes and zoomed; on a video, a comment holds a range that shows on the scrubber and
 * plays to its out point; a guest on a share link sees both.
 */

const SHOTS = `${SCREENS_DIR}/marks`;
const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
];

async function shots(page: Page, name: string) {
  const before = page.viewportSize();
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await saveScreen(page, { path: `${SHOTS}/${name}-${viewport.width}x${viewport.height}.png` });
  }
  if (before) await page.setViewportSize(before);
}

type Fraction = [number, number];

/** Drags across the media from one fraction of it to others, as a person draws with a mouse. */
async function drag(page: Page, media: Locator, points: Fraction[]) {
  const box = await media.boundingBox();
  if (!box) throw new Error("no media box");
  const at = ([x, y]: Fraction) => [box.x + box.width * x, box.y + box.height * y] as const;
  const [first, ...rest] = points;
  if (!first) return;
  await page.mouse.move(...at(first));
  await page.mouse.down();
  for (const p of rest) await page.mouse.move(...at(p), { steps: 6 });
  await page.mouse.up();
}

/** A shape's box as fractions of the media's box: [left, top, width, height]. */
async function relativeBox(shape: Locator, media: Locator): Promise<number[]> {
  const [s, m] = [await shape.boundingBox(), await media.boundingBox()];
  if (!s || !m) throw new Error("no boxes");
  return [(s.x - m.x) / m.width, (s.y - m.y) / m.height, s.width / m.width, s.height / m.height];
}

async function expectNear(actual: number[], expected: number[]) {
  expect(actual).toHaveLength(expected.length);
  actual.forEach((value, i) => {
    expect(Math.abs(value - (expected[i] ?? Number.NaN)), `value ${i}: ${value}`).toBeLessThan(0.03);
  });
}

/**
 * The shape sits at `expected` of the media's box once the media has settled: a video takes its
 * size when its metadata has loaded, after a reload too, and the marks follow it there.
 */
async function expectPlaced(shape: Locator, media: Locator, expected: number[]) {
  await expect(async () => await expectNear(await relativeBox(shape, media), expected)).toPass({
    timeout: 10_000,
  });
}

test("marks of each kind and colour are drawn, posted, and shown at the same place after a reload at every size", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const origin = baseURL ?? "";
  const task = imageTask("a harbour with red boats, to be marked up");
  expect((await sendTasks(page.request, origin, [task])).status()).toBe(202);
  const item = (await finishedTask(page.request, task.taskUUID)).items[0];
  if (!item) throw new Error("no result");
  await page.goto(`/gallery/item/${item.id}`);
  const image = page.getByTestId("viewer-image");
  await expect(image).toBeVisible();

  const draw = page.getByRole("button", { name: "Draw on the image" });
  await draw.click();
  await expect(draw).toHaveAttribute("aria-pressed", "true");
  const toolbar = page.getByRole("toolbar", { name: "Drawing" });
  await expect(toolbar).toBeVisible();
  const tool = (name: string) => toolbar.getByRole("button", { name, exact: true });

  await tool("Arrow").click();
  await tool("Red").click();
  await expect(tool("Red")).toHaveAttribute("aria-pressed", "true");
  await drag(page, image, [
    [0.2, 0.2],
    [0.4, 0.4],
  ]);
  await tool("Rectangle").click();
  await expect(tool("Rectangle")).toHaveAttribute("aria-pressed", "true");
  await expect(tool("Arrow")).toHaveAttribute("aria-pressed", "false");
  await tool("Yellow").click();
  await drag(page, image, [
    [0.8, 0.3],
    [0.5, 0.1],
  ]);
  await tool("Ellipse").click();
  await tool("Green").click();
  await drag(page, image, [
    [0.1, 0.6],
    [0.3, 0.8],
  ]);
  await tool("Freehand").click();
  await tool("Blue").click();
  await drag(page, image, [
    [0.6, 0.6],
    [0.7, 0.75],
    [0.8, 0.65],
    [0.85, 0.85],
  ]);
  const layer = page.getByTestId("mark-layer");
  await expect(layer.locator("[data-mark]")).toHaveCount(4);
  await expect(page.getByText("4 marks")).toBeVisible();

  // One too many: undone.
  await tool("Arrow").click();
  await tool("White").click();
  await drag(page, image, [
    [0.9, 0.1],
    [0.7, 0.2],
  ]);
  await expect(page.getByText("5 marks")).toBeVisible();
  await toolbar.getByRole("button", { name: "Undo the last mark" }).click();
  await expect(page.getByText("4 marks")).toBeVisible();
  await shots(page, "drawing-toolbar");
  await toolbar.getByRole("button", { name: "Done drawing" }).click();
  await expect(toolbar).toHaveCount(0);
  await expect(layer.locator("[data-mark]")).toHaveCount(4);
  await shots(page, "drawn");

  await page.getByRole("textbox", { name: "Comment" }).fill("The boats crowd the left; move the mast");
  await page.getByRole("button", { name: "Comment", exact: true }).click();
  const thread = page.getByTestId("comment-thread");
  await expect(thread).toContainText("move the mast");
  await expect(page.getByText("4 marks", { exact: true })).toHaveCount(1);

  await page.reload();
  await expect(image).toBeVisible();
  const show = thread.getByRole("button", { name: "4 marks" });
  await expect(layer.locator("[data-mark]")).toHaveCount(0);
  await show.click();
  await expect(show).toHaveAttribute("aria-pressed", "true");
  await expect(layer.locator("[data-mark]")).toHaveCount(4);
  await expect(layer.locator("rect[data-mark=rectangle]")).toHaveAttribute("stroke", "#facc15");
  await expect(layer.locator("ellipse[data-mark=ellipse]")).toHaveAttribute("stroke", "#22c55e");
  await expect(layer.locator("path[data-mark=freehand]")).toHaveAttribute("fill", "#3b82f6");
  await expect(layer.locator("g[data-mark=arrow] line")).toHaveAttribute("stroke", "#ef4444");

  // The marks are laid over the image once it has settled at its new size: read them then.
  const where = () => expect(async () => await placed()).toPass({ timeout: 10_000 });
  const placed = async () => {
    await expectNear(
      await relativeBox(layer.locator("rect[data-mark=rectangle]"), image),
      [0.5, 0.1, 0.3, 0.2],
    );
    await expectNear(
      await relativeBox(layer.locator("ellipse[data-mark=ellipse]"), image),
      [0.1, 0.6, 0.2, 0.2],
    );
    await expectNear(
      await relativeBox(layer.locator("g[data-mark=arrow] line"), image),
      [0.2, 0.2, 0.2, 0.2],
    );
    const stroke = await relativeBox(layer.locator("path[data-mark=freehand]"), image);
    expect(stroke[0]).toBeGreaterThan(0.57);
    expect((stroke[0] ?? 0) + (stroke[2] ?? 0)).toBeLessThan(0.88);
  };
  await where();
  await page.setViewportSize({ width: 1280, height: 720 });
  await where();
  await page.getByRole("button", { name: "Zoom in" }).click();
  await expect(page.getByTestId("zoom-level")).toHaveText("150%");
  await where();
  await page.getByRole("button", { name: "Fit to screen" }).click();
  await expect(page.getByTestId("zoom-level")).toHaveText(/^Fit/);
  await page.setViewportSize({ width: 1440, height: 900 });
  await shots(page, "image-marks");

  // Editing the text keeps the marks.
  await thread.getByRole("button", { name: "Edit my comment" }).click();
  await page.getByRole("textbox", { name: "Edit comment" }).fill("The boats crowd the left");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(thread).toContainText("(edited)");
  await expect(thread.getByRole("button", { name: "4 marks" })).toBeVisible();

  // Pressed again, the marks are put away (once the pointer leaves the thread, which shows its own).
  await show.click();
  await expect(show).toHaveAttribute("aria-pressed", "false");
  await expect(layer.locator("[data-mark]")).toHaveCount(4);
  await page.mouse.move(5, 5);
  await expect(layer.locator("[data-mark]")).toHaveCount(0);

  // Marks drawn and thought better of: cleared on the toolbar, or removed from the comment.
  await draw.click();
  await drag(page, image, [
    [0.3, 0.3],
    [0.6, 0.6],
  ]);
  await expect(page.getByText("1 mark", { exact: true })).toBeVisible();
  await toolbar.getByRole("button", { name: "Clear the marks" }).click();
  await expect(page.getByText("1 mark", { exact: true })).toHaveCount(0);
  await drag(page, image, [
    [0.3, 0.3],
    [0.6, 0.6],
  ]);
  await page.keyboard.press("Escape");
  await expect(toolbar).toHaveCount(0);
  await page.getByRole("button", { name: "Remove the marks" }).click();
  await expect(layer.locator("[data-mark]")).toHaveCount(0);
});

test("a video comment holds a range with marks on its first frame; its bar on the scrubber plays it to the out point", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const origin = baseURL ?? "";
  const task = {
    taskType: "videoInference",
    taskUUID: crypto.randomUUID(),
    model: "local:video@3.0-prime",
    positivePrompt: "a kite rises over a beach, for a range",
    // The smallest 16:9 size: the player and its time read the same, at a third of the render.
    width: 832,
    height: 480,
    duration: 4,
  };
  const sent = await sendTasks(page.request, origin, [task]);
  expect(sent.status(), await sent.text()).toBe(202);
  const video = (await finishedTask(page.request, task.taskUUID, 60_000)).items[0];
  if (!video) throw new Error("no result");
  await page.goto(`/gallery/item/${video.id}`);
  const player = page.getByTestId("viewer-video");
  await expect(player).toBeVisible();
  const time = page.getByTestId("video-time");
  await expect(time).toHaveText(/^0:00 \/ 0:0[34]/);

  // Out needs an in before it: at the start there is nothing to end.
  await expect(page.getByRole("button", { name: "Set out at 0:00" })).toBeDisabled();
  const timeline = page.getByRole("slider", { name: "Timeline" });
  await timeline.fill("0.5");
  await expect(time).toHaveText(/^0:00\.50 \//);
  await page.getByRole("button", { name: "Set in at 0:00.50" }).click();
  await expect(page.getByText("Pinned at 0:00.50")).toBeVisible();
  await timeline.fill("1.5");
  await expect(time).toHaveText(/^0:01\.50 \//);
  await page.getByRole("button", { name: "Set out at 0:01.50" }).click();
  await expect(page.getByText("From 0:00.50 to 0:01.50")).toBeVisible();

  // Marks go on the frame at the in point.
  await timeline.fill("0.5");
  await page.getByRole("button", { name: "Draw on this frame" }).click();
  const toolbar = page.getByRole("toolbar", { name: "Drawing" });
  await toolbar.getByRole("button", { name: "Ellipse", exact: true }).click();
  await toolbar.getByRole("button", { name: "Yellow", exact: true }).click();
  await drag(page, player, [
    [0.4, 0.3],
    [0.6, 0.7],
  ]);
  await toolbar.getByRole("button", { name: "Done drawing" }).click();
  await page.getByRole("textbox", { name: "Comment" }).fill("The kite stalls here before it climbs again");
  await page.getByRole("button", { name: "Comment", exact: true }).click();
  const thread = page.getByTestId("comment-thread");
  await expect(thread).toContainText("The kite stalls");

  const bar = page.getByTestId("range-bar");
  await expect(bar).toHaveCount(1);
  await expect(bar).toHaveAttribute("title", /The kite stalls here before it/);
  await expect(bar).toHaveAccessibleName("Play comment 1's range, 0:00.50 to 0:01.50");

  // From elsewhere, the bar plays the range and stops on its out point.
  await timeline.fill("3");
  await expect(time).toHaveText(/^0:03 \//);
  await bar.click();
  await expect(page.getByRole("button", { name: "Play", exact: true })).toBeVisible({ timeout: 10_000 });
  await expect(time).toHaveText(/^0:01\.50 \//);
  expect(await player.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);

  // The comment's range chip does the same; its marks button shows the marks on the in frame.
  await timeline.fill("0");
  await thread.getByRole("button", { name: "Play from 0:00.50 to 0:01.50" }).click();
  await expect(time).toHaveText(/^0:01\.50 \//, { timeout: 10_000 });
  await expect(page.getByRole("button", { name: "Play", exact: true })).toBeVisible();
  // Playing a range shows its marks; pressed, they are put away, and pressed again, they show on
  // the in frame.
  const marks = thread.getByRole("button", { name: "1 mark" });
  await expect(marks).toHaveAttribute("aria-pressed", "true");
  await marks.click();
  await expect(marks).toHaveAttribute("aria-pressed", "false");
  await marks.click();
  await expect(marks).toHaveAttribute("aria-pressed", "true");
  await expect(time).toHaveText(/^0:00\.50 \//);
  const layer = page.getByTestId("mark-layer");
  await expectPlaced(layer.locator("ellipse[data-mark=ellipse]"), player, [0.4, 0.3, 0.2, 0.4]);
  await shots(page, "video-range");

  // A guest on a share link sees the video, not the team's thread about it.
  const link = await page.request.post("/api/share-links", {
    data: { itemId: video.id, allowComments: true },
    headers: { origin },
  });
  expect(link.status()).toBe(201);
  const { url } = ((await link.json()) as { data: { url: string } }).data;
  const guest = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const guestPage = await guest.newPage();
  await guestPage.goto(url);
  const comment = guestPage.getByTestId("comment-thread");
  const sharedVideo = guestPage.getByRole("region", { name: "Media" }).locator("video");
  // The team's own thread is theirs: a guest reads only what guests wrote and the replies to them.
  await expect(guestPage.getByRole("region", { name: "Comments" })).toContainText("No comments yet.");
  await expect(guestPage.getByText("The kite stalls")).toHaveCount(0);
  await expect(sharedVideo).toBeVisible();
  await shots(guestPage, "guest-range");

  // The guest draws on the frame, and their comment shows its mark when pressed.
  await guestPage.getByLabel("Your name").fill("Robin Guest");
  await guestPage.getByLabel("Comment", { exact: true }).fill("The sun is too bright here");
  await guestPage.getByRole("button", { name: "Draw on this frame" }).click();
  const guestTools = guestPage.getByRole("toolbar", { name: "Drawing" });
  await guestTools.getByRole("button", { name: "Rectangle", exact: true }).click();
  await guestTools.getByRole("button", { name: "Red", exact: true }).click();
  await drag(guestPage, sharedVideo, [
    [0.6, 0.1],
    [0.8, 0.4],
  ]);
  await guestTools.getByRole("button", { name: "Done drawing" }).click();
  await expect(guestPage.getByText("1 mark", { exact: true })).toBeVisible();
  await shots(guestPage, "guest-drawing");
  await guestPage.getByRole("button", { name: "Post comment" }).click();
  const mine = comment.filter({ hasText: "The sun is too bright here" });
  await expect(mine).toContainText("Robin Guest");
  const showMine = mine.getByRole("button", { name: "1 mark" });
  await showMine.click();
  await expect(showMine).toHaveAttribute("aria-pressed", "true");
  await expectPlaced(
    guestPage.getByTestId("mark-layer").locator("rect[data-mark=rectangle]"),
    sharedVideo,
    [0.6, 0.1, 0.2, 0.3],
  );
  await shots(guestPage, "guest-marks");
  await guest.close();

  // The team sees the guest's marks in the viewer.
  await page.reload();
  const guestThread = page.getByTestId("comment-thread").filter({ hasText: "The sun is too bright here" });
  await guestThread.getByRole("button", { name: "1 mark" }).click();
  await expectPlaced(
    page.getByTestId("mark-layer").locator("rect[data-mark=rectangle]"),
    player,
    [0.6, 0.1, 0.2, 0.3],
  );
});
