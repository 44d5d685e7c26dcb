import { type Page, request as playwrightRequest } from "@playwright/test";
import { imageTask, joinAsMember, OWNER, sendTasks } from "./fixtures/accounts";
import { expect, test } from "./fixtures/reused-page";
import { saveScreen, TAKE_SCREENS } from "./fixtures/screens";
import { finishedTask, memberWithRole } from "./fixtures/studio-api";
import { SCREENS_DIR } from "./pages/studio-shell";

/**
 * A review round in the viewer: the owner generates; a reviewer in their own browser rates the
 * result, pins a comment on it mentioning the owner and approves it; the owner's open viewer
 * follows each change without a reload, and the mention and the approval wait in the owner's inbox. A viewer-role
 * member sees the same item read-only, and the API refuses them.
 */

const SHOTS = `${SCREENS_DIR}/gallery-review`;
const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
];
const REVIEWER = { name: "Rita Reviewer", email: "rita@studio.test", password: "careful eyes only" };

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

async function live(page: Page) {
  await expect(page.locator("[data-stream-state=live]")).toBeAttached();
}

test("a reviewer rates, pins a comment mentioning the owner and approves; the owner sees it live", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const origin = baseURL ?? "";
  const first = imageTask("a lighthouse on a cliff at dawn, for review");
  expect((await sendTasks(page.request, origin, [first])).status()).toBe(202);
  const source = (await finishedTask(page.request, first.taskUUID)).items[0];
  if (!source) throw new Error("no result");
  // Made from the first: the viewer shows where it came from.
  const second = imageTask("the same lighthouse at night", { seedImage: source.mediaUUID, strength: 0.6 });
  expect((await sendTasks(page.request, origin, [second])).status()).toBe(202);
  const made = (await finishedTask(page.request, second.taskUUID)).items[0];
  if (!made) throw new Error("no result");

  const reviewerContext = await joinAsMember(browser, page.request, origin, REVIEWER, "reviewer");
  const reviewer = await reviewerContext.newPage();

  await page.goto(`/gallery/item/${source.id}`);
  await reviewer.goto(`/gallery/item/${source.id}`);
  await live(page);
  await live(reviewer);
  await expect(reviewer.getByTestId("viewer-image")).toBeVisible();
  await expect(page.getByTestId("team-rating")).toHaveText("Not rated yet");

  // Rates it 4: both see the team's rating.
  await reviewer.getByRole("radio", { name: "4 stars" }).click();
  await expect(reviewer.getByRole("radio", { name: "4 stars" })).toHaveAttribute("aria-checked", "true");
  await expect(reviewer.getByTestId("team-rating")).toHaveText("4.0 from 1 rating");
  await expect(page.getByTestId("team-rating")).toHaveText("4.0 from 1 rating");

  // Pins a comment on a point of the image, mentioning the owner by completion.
  await reviewer.getByRole("button", { name: "Pin to a point" }).click();
  const image = reviewer.getByTestId("viewer-image");
  const box = await image.boundingBox();
  if (!box) throw new Error("no image box");
  await reviewer.mouse.click(box.x + box.width * 0.7, box.y + box.height * 0.7);
  await expect(reviewer.getByTestId("pending-pin")).toBeVisible();
  // A pin put in the wrong place is taken back, and put again.
  await reviewer.getByRole("button", { name: "Remove the pin" }).click();
  await expect(reviewer.getByTestId("pending-pin")).toHaveCount(0);
  await reviewer.getByRole("button", { name: "Pin to a point" }).click();
  await reviewer.mouse.click(box.x + box.width * 0.3, box.y + box.height * 0.4);
  await expect(reviewer.getByTestId("pending-pin")).toBeVisible();
  await expect(reviewer.getByText("Pinned to a point")).toBeVisible();
  const textbox = reviewer.getByRole("textbox", { name: "Comment" });
  await textbox.click();
  await textbox.pressSequentially("@Ad");
  await expect(reviewer.getByRole("option", { name: `@${OWNER.name}` })).toBeVisible();
  await textbox.press("Enter");
  await expect(textbox).toHaveValue(`@${OWNER.name} `);
  await textbox.pressSequentially("the horizon leans to the left");
  await reviewer.getByRole("button", { name: "Comment", exact: true }).click();
  const reviewerThread = reviewer.getByTestId("comment-thread");
  await expect(reviewerThread).toHaveCount(1);
  await expect(reviewerThread).toContainText("the horizon leans to the left");
  await expect(reviewer.getByTestId("comment-pin")).toHaveText("1");
  await expect(textbox).toHaveValue("");

  // Approves it.
  await reviewer.getByRole("radio", { name: "Approved" }).click();
  await expect(reviewer.getByRole("radio", { name: "Approved" })).toHaveAttribute("data-state", "on");

  // The owner's page followed every change without a reload.
  await expect(page.getByRole("radio", { name: "Approved" })).toHaveAttribute("data-state", "on");
  const ownerThread = page.getByTestId("comment-thread");
  await expect(ownerThread).toContainText("the horizon leans to the left");
  await expect(ownerThread).toContainText(REVIEWER.name);
  await expect(page.getByTestId("comment-pin")).toHaveText("1");
  // The mention and the state set on the owner's image wait in the owner's inbox.
  await expect(page.getByTestId("inbox-count")).toBeVisible();
  await shots(reviewer, "viewer-reviewer");

  // The pin is where it was put, and follows the zoom.
  const pin = page.getByTestId("comment-pin");
  const ownerImage = page.getByTestId("viewer-image");
  const [pinBox, imageBox] = [await pin.boundingBox(), await ownerImage.boundingBox()];
  if (!pinBox || !imageBox) throw new Error("no boxes");
  expect((pinBox.x + pinBox.width / 2 - imageBox.x) / imageBox.width).toBeCloseTo(0.3, 1);
  expect((pinBox.y + pinBox.height / 2 - imageBox.y) / imageBox.height).toBeCloseTo(0.4, 1);
  await page.getByRole("button", { name: "Zoom in" }).click();
  await expect(page.getByTestId("zoom-level")).toHaveText("150%");
  await expect
    .poll(async () => (await ownerImage.boundingBox())?.width ?? 0)
    .toBeCloseTo(imageBox.width * 1.5, 0);
  const zoomedPin = await pin.boundingBox();
  const zoomedImage = await ownerImage.boundingBox();
  if (!zoomedPin || !zoomedImage) throw new Error("no boxes");
  expect((zoomedPin.x + zoomedPin.width / 2 - zoomedImage.x) / zoomedImage.width).toBeCloseTo(0.3, 1);
  await page.getByRole("button", { name: "Zoom in" }).click();
  await expect(page.getByTestId("zoom-level")).toHaveText("200%");
  await page.getByRole("button", { name: "Zoom out" }).click();
  await expect(page.getByTestId("zoom-level")).toHaveText("150%");
  await page.getByRole("button", { name: "Fit to screen" }).click();
  // A 512 px image fits its stage at its own size: fitted, and at 100%.
  await expect(page.getByTestId("zoom-level")).toHaveText("Fit · 100%");

  // The owner resolves the thread and replies; the reviewer sees both.
  await ownerThread.getByRole("button", { name: "Reply" }).click();
  await ownerThread.getByRole("button", { name: "Cancel" }).click();
  await expect(ownerThread.getByRole("textbox", { name: "Reply" })).toHaveCount(0);
  await ownerThread.getByRole("button", { name: "Reply" }).click();
  await ownerThread.getByRole("textbox", { name: "Reply" }).fill("Straightened in the next one");
  await ownerThread.getByRole("button", { name: "Reply", exact: true }).click();
  await expect(reviewerThread.getByTestId("comment-reply")).toHaveText(/Straightened in the next one/);
  await ownerThread.getByRole("button", { name: "Resolve" }).click();
  await expect(reviewerThread).toContainText(`Resolved by ${OWNER.name}`);
  await reviewerThread.getByRole("button", { name: "Reopen" }).click();
  await expect(ownerThread.getByRole("button", { name: "Resolve" })).toBeVisible();

  // The assignee picker.
  await page.getByLabel("Assigned to").selectOption({ label: REVIEWER.name });
  await expect(reviewer.getByLabel("Assigned to")).toHaveValue(/.+/);

  // History: who changed what, in words.
  await page.getByRole("tab", { name: "History" }).click();
  const history = page.getByTestId("history-entry");
  await expect(history.filter({ hasText: `${REVIEWER.name} moved it from Draft to Approved` })).toHaveCount(
    1,
  );
  await expect(history.filter({ hasText: `${REVIEWER.name} rated it 4 stars of 5` })).toHaveCount(1);
  await expect(history.filter({ hasText: `${OWNER.name} assigned it to ${REVIEWER.name}` })).toHaveCount(1);
  await expect(history.filter({ hasText: `${OWNER.name} resolved a comment` })).toHaveCount(1);
  await shots(page, "viewer-history");

  // Details: the parameters in words, and what was made from this item.
  await page.getByRole("tab", { name: "Details" }).click();
  await expect(page.getByTestId("item-params")).toContainText("512 × 512");
  const derived = page.getByTestId("lineage-link");
  await expect(derived).toHaveCount(1);
  await shots(page, "viewer-details");
  await derived.click();
  await expect(page).toHaveURL(new RegExp(`/gallery/item/${made.id}$`));
  await page.getByRole("tab", { name: "Details" }).click();
  await expect(page.getByText("Made from")).toBeVisible();
  await expect(page.getByTestId("lineage-link")).toHaveAttribute("href", `/gallery/item/${source.id}`);

  // The inbox: the mention and the approval, in words; opening the mention marks it read and
  // shows the comment.
  await page.getByTestId("inbox-bell").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Inbox");
  const entries = page.getByTestId("inbox-entry");
  await expect(
    entries.filter({ hasText: `${REVIEWER.name} moved your image “a lighthouse on a cliff at dawn` }),
  ).toContainText("to Approved");
  const entry = entries.filter({ hasText: "the horizon leans to the left" });
  await expect(entry).toHaveCount(1);
  await expect(entry).toHaveAttribute("data-read", "false");
  await expect(entry).toContainText(`${REVIEWER.name} mentioned you on “a lighthouse on a cliff at dawn`);
  await shots(page, "inbox");
  await entry.click();
  await expect(page).toHaveURL(new RegExp(`/gallery/item/${source.id}#comment-`));
  await expect(page.getByTestId("comment-thread")).toHaveClass(/border-accent/);
  await page.goto("/inbox");
  await expect(
    page.getByTestId("inbox-entry").filter({ hasText: "the horizon leans to the left" }),
  ).toHaveAttribute("data-read", "true");
  await page.getByRole("button", { name: "Mark all read" }).click();
  await expect(page.getByText("All read.")).toBeVisible();
  await expect(page.getByTestId("inbox-count")).toHaveCount(0);

  await reviewerContext.close();
});

test("previous and next walk the gallery's list, arrows too, and Escape goes back to it", async ({
  page,
  baseURL,
}) => {
  const origin = baseURL ?? "";
  const tasks = [imageTask("walk one"), imageTask("walk two")];
  expect((await sendTasks(page.request, origin, tasks)).status()).toBe(202);
  const [one, two] = await Promise.all(
    tasks.map(async (t) => (await finishedTask(page.request, t.taskUUID)).items[0]),
  );
  if (!one || !two) throw new Error("no results");
  // The gallery's order comes from its neighbours endpoint: answered here for these two items.
  await page.route("**/api/items/*/neighbors*", async (route) => {
    const url = new URL(route.request().url());
    expect(url.searchParams.get("state")).toBe("approved");
    const id = url.pathname.split("/")[3];
    await route.fulfill({
      json: {
        data: id === one.id ? { previousId: null, nextId: two.id } : { previousId: one.id, nextId: null },
      },
    });
  });
  await page.goto(`/gallery/item/${one.id}?state=approved`);
  await expect(page.getByRole("button", { name: "Previous item" })).toBeDisabled();
  await page.getByRole("button", { name: "Next item" }).click();
  await expect(page).toHaveURL(`/gallery/item/${two.id}?state=approved`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("walk two");
  await expect(page.getByRole("button", { name: "Next item" })).toBeDisabled();
  await page.getByRole("button", { name: "Previous item" }).click();
  await expect(page).toHaveURL(`/gallery/item/${one.id}?state=approved`);
  await page.locator("body").press("ArrowRight");
  await expect(page).toHaveURL(`/gallery/item/${two.id}?state=approved`);
  await page.locator("body").press("ArrowLeft");
  await expect(page).toHaveURL(`/gallery/item/${one.id}?state=approved`);
  // Keys 1-5 rate.
  await page.locator("body").press("3");
  await expect(page.getByTestId("team-rating")).toHaveText("3.0 from 1 rating");
  await expect(page.getByRole("link", { name: "Download" })).toHaveAttribute(
    "href",
    `/api/items/${one.id}/download`,
  );
  await expect(page.getByRole("link", { name: "Open in Create" })).toHaveAttribute(
    "href",
    new RegExp(`^/create/text-to-image\\?recall=${tasks[0]?.taskUUID}&use=all`),
  );
  await page.locator("body").press("Escape");
  await expect(page).toHaveURL("/gallery?state=approved");

  // Without the neighbours endpoint's answer, the buttons are not shown.
  await page.unroute("**/api/items/*/neighbors*");
  await page.route("**/api/items/*/neighbors*", (route) =>
    route.fulfill({ status: 404, json: { errors: [] } }),
  );
  await page.goto(`/gallery/item/${one.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("walk one");
  await expect(page.getByRole("button", { name: "Next item" })).toHaveCount(0);
});

test("a viewer-role member sees the review read-only, and the API refuses their changes", async ({
  page,
  browser,
  baseURL,
}) => {
  const origin = baseURL ?? "";
  const task = imageTask("a quiet harbour, seen by a viewer");
  expect((await sendTasks(page.request, origin, [task])).status()).toBe(202);
  const item = (await finishedTask(page.request, task.taskUUID)).items[0];
  if (!item) throw new Error("no result");
  const ownerComment = await page.request.post(`/api/items/${item.id}/comments`, {
    data: { body: "Owner's note" },
    headers: { origin },
  });
  expect(ownerComment.status()).toBe(201);
  await page.request.put(`/api/items/${item.id}/state`, {
    data: { state: "in_review" },
    headers: { origin },
  });

  const api = await memberWithRole(
    page.request,
    () => playwrightRequest.newContext({ baseURL: origin, storageState: { cookies: [], origins: [] } }),
    origin,
    "viewer",
    "vic-viewer@studio.test",
  );
  for (const [method, path, data] of [
    ["put", `/api/items/${item.id}/rating`, { value: 4 }],
    ["put", `/api/items/${item.id}/state`, { state: "approved" }],
    ["put", `/api/items/${item.id}/assignee`, { userId: null }],
    ["post", `/api/items/${item.id}/comments`, { body: "hello" }],
  ] as const) {
    const res = await api[method](path, { data, headers: { origin } });
    expect(res.status(), `${method} ${path}`).toBe(403);
    expect(((await res.json()) as { errors: { code: string }[] }).errors[0]?.code).toBe("forbidden");
  }
  const viewerContext = await browser.newContext({ storageState: await api.storageState() });
  await api.dispose();
  const viewer = await viewerContext.newPage();
  await viewer.goto(`/gallery/item/${item.id}`);
  await expect(viewer.getByTestId("viewer-image")).toBeVisible();
  await expect(viewer.getByTestId("review-state")).toHaveText("In review");
  await expect(viewer.getByTestId("comment-thread")).toContainText("Owner's note");
  await expect(viewer.getByRole("radiogroup", { name: "My rating" })).toHaveCount(0);
  await expect(viewer.getByRole("radio", { name: "Approved" })).toHaveCount(0);
  await expect(viewer.getByRole("textbox", { name: "Comment" })).toHaveCount(0);
  await expect(viewer.getByRole("button", { name: "Resolve" })).toHaveCount(0);
  await expect(viewer.getByRole("button", { name: "Reply" })).toHaveCount(0);
  await expect(viewer.getByLabel("Assigned to")).toHaveCount(0);
  await expect(viewer.getByRole("link", { name: "Open in Create" })).toHaveCount(0);
  // Keys do nothing for a viewer either.
  await viewer.locator("body").press("4");
  await expect(viewer.getByTestId("team-rating")).toHaveText("Not rated yet");
  await shots(viewer, "viewer-read-only");
  await viewerContext.close();
});

test("a video plays, steps frame by frame, and takes a comment pinned to a moment", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const origin = baseURL ?? "";
  const task = {
    taskType: "videoInference",
    taskUUID: crypto.randomUUID(),
    model: "local:video@3.0-prime",
    positivePrompt: "a paper boat drifts down a rainy street, for review",
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

  // Frame stepping: buttons and the `,` `.` keys.
  await page.getByRole("button", { name: "Next frame" }).click();
  await page.getByRole("button", { name: "Next frame" }).click();
  await expect(time).toHaveText(/^0:00\.08 \//);
  await page.locator("body").press(".");
  await expect(time).toHaveText(/^0:00\.1[23] \//);
  await page.locator("body").press(",");
  await expect(time).toHaveText(/^0:00\.08 \//);

  // A comment pinned to this moment shows as a marker on the timeline.
  await page.getByRole("button", { name: "Set in at 0:00.08" }).click();
  await expect(page.getByText("Pinned at 0:00.08")).toBeVisible();
  await page.getByRole("textbox", { name: "Comment" }).fill("The boat jumps here");
  await page.getByRole("button", { name: "Comment", exact: true }).click();
  const marker = page.getByTestId("timeline-marker");
  await expect(marker).toHaveCount(1);
  await expect(marker).toHaveAccessibleName("Comment 1 at 0:00.08");
  await expect(page.getByTestId("comment-thread")).toContainText("The boat jumps here");

  // Elsewhere, the marker and the comment's time both bring the playhead back.
  await page.getByRole("button", { name: "Next frame" }).click();
  await expect(time).toHaveText(/^0:00\.1[23] \//);
  await marker.click();
  await expect(time).toHaveText(/^0:00\.08 \//);
  await page.getByRole("button", { name: "Next frame" }).click();
  await page.getByTestId("comment-thread").getByRole("button", { name: "0:00.08" }).click();
  await expect(time).toHaveText(/^0:00\.08 \//);

  // Play and pause.
  await page.getByRole("button", { name: "Play" }).click();
  await expect(page.getByRole("button", { name: "Pause" })).toBeVisible();
  await page.getByRole("button", { name: "Pause" }).click();
  await expect(page.getByRole("button", { name: "Play" })).toBeVisible();
  await shots(page, "viewer-video");
});

test("mark all as read empties the inbox's count", async ({ page, browser, baseURL }) => {
  const origin = baseURL ?? "";
  const task = imageTask("two mentions at once");
  expect((await sendTasks(page.request, origin, [task])).status()).toBe(202);
  const item = (await finishedTask(page.request, task.taskUUID)).items[0];
  if (!item) throw new Error("no result");
  const context = await joinAsMember(
    browser,
    page.request,
    origin,
    { name: "Mo Mentions", email: "mo@studio.test", password: "two notes to ada" },
    "reviewer",
  );
  for (const body of [`@${OWNER.name} first look`, `@${OWNER.name} second look`]) {
    const res = await context.request.post(`/api/items/${item.id}/comments`, {
      data: { body },
      headers: { origin },
    });
    expect(res.status()).toBe(201);
  }
  await context.close();
  await page.goto("/inbox");
  await expect(page.getByText(/^\d+ unread\.$/)).toBeVisible();
  await expect(page.getByTestId("inbox-entry").filter({ hasText: "second look" })).toHaveAttribute(
    "data-read",
    "false",
  );
  await page.getByRole("button", { name: "Mark all read" }).click();
  await expect(page.getByText("All read.")).toBeVisible();
  await expect(page.getByTestId("inbox-count")).toHaveCount(0);
  await expect(page.getByTestId("inbox-entry").filter({ hasText: "first look" })).toHaveAttribute(
    "data-read",
    "true",
  );
});

test("a long discussion shows its first fifty threads, and the rest on request", async ({
  page,
  baseURL,
}) => {
  const origin = baseURL ?? "";
  const task = imageTask("a much discussed picture");
  expect((await sendTasks(page.request, origin, [task])).status()).toBe(202);
  const item = (await finishedTask(page.request, task.taskUUID)).items[0];
  if (!item) throw new Error("no result");
  for (let i = 1; i <= 51; i++) {
    const res = await page.request.post(`/api/items/${item.id}/comments`, {
      data: { body: `Note number ${i}` },
      headers: { origin },
    });
    expect(res.status()).toBe(201);
  }
  await page.goto(`/gallery/item/${item.id}`);
  const threads = page.getByTestId("comment-thread");
  await expect(threads).toHaveCount(50);
  await page.getByRole("button", { name: "Show more comments" }).click();
  await expect(threads).toHaveCount(51);
  await expect(threads.last()).toContainText("Note number 51");
  await expect(page.getByRole("button", { name: "Show more comments" })).toHaveCount(0);
});

test("I edit my own comment in place, and cannot edit a teammate's", async ({ page, browser, baseURL }) => {
  const origin = baseURL ?? "";
  const task = imageTask("a comment worth correcting");
  expect((await sendTasks(page.request, origin, [task])).status()).toBe(202);
  const item = (await finishedTask(page.request, task.taskUUID)).items[0];
  if (!item) throw new Error("no result");
  const context = await joinAsMember(
    browser,
    page.request,
    origin,
    { name: "Ed Itor", email: "ed@studio.test", password: "second thoughts" },
    "reviewer",
  );
  const theirs = await context.request.post(`/api/items/${item.id}/comments`, {
    data: { body: "their note stays theirs" },
    headers: { origin },
  });
  expect(theirs.status()).toBe(201);
  await context.close();

  await page.goto(`/gallery/item/${item.id}`);
  await page.getByRole("textbox", { name: "Comment" }).fill("the sky is to dark");
  await page.getByRole("button", { name: "Comment", exact: true }).click();
  const mine = page.getByTestId("comment-thread").filter({ hasText: "the sky is to dark" });
  await expect(mine).toBeVisible();
  await expect(
    page.getByTestId("comment-thread").filter({ hasText: "their note stays theirs" }).getByRole("button", {
      name: "Edit my comment",
    }),
  ).toHaveCount(0);

  // Cancel leaves it as it was.
  await mine.getByRole("button", { name: "Edit my comment" }).click();
  await page.getByRole("textbox", { name: "Edit comment" }).fill("something else entirely");
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(mine).toContainText("the sky is to dark");
  await expect(mine).not.toContainText("(edited)");

  // Save keeps the change and says so.
  await mine.getByRole("button", { name: "Edit my comment" }).click();
  await page.getByRole("textbox", { name: "Edit comment" }).fill("the sky is too dark");
  await page.getByRole("button", { name: "Save" }).click();
  const edited = page.getByTestId("comment-thread").filter({ hasText: "the sky is too dark" });
  await expect(edited).toContainText("(edited)");
  await expect(page.getByRole("textbox", { name: "Edit comment" })).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId("comment-thread").filter({ hasText: "the sky is too dark" })).toContainText(
    "(edited)",
  );
});
