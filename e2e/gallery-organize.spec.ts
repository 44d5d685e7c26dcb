import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { imageTask, joinAsMember, OWNER, sendTasks } from "./fixtures/accounts";
import { expect, test } from "./fixtures/reused-page";
import { saveScreen, TAKE_SCREENS } from "./fixtures/screens";
import { finishedTask } from "./fixtures/studio-api";
import { SCREENS_DIR } from "./pages/studio-shell";

/** A screenshot at both sizes the studio is looked at: 1440x900, then 1280x720. */
async function shots(page: Page, name: string) {
  // The sizes change for the pictures alone: without them the page stays as it is.
  if (!TAKE_SCREENS) return;
  await page.setViewportSize({ width: 1440, height: 900 });
  await saveScreen(page, { path: path.join(SCREENS_DIR, `${name}-1440.png`) });
  await page.setViewportSize({ width: 1280, height: 720 });
  // The change of size re-lays the page out: the next frame is the one to keep.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
  await saveScreen(page, { path: path.join(SCREENS_DIR, `${name}-1280.png`) });
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** Three finished images made through the API, answering their item ids. */
async function makeItems(page: Page, baseURL: string, prompts: string[]) {
  const tasks = prompts.map((p) => imageTask(p, { width: 256, height: 256 }));
  expect((await sendTasks(page.request, baseURL, tasks)).status()).toBe(202);
  const ids: { taskUUID: string; itemId: string }[] = [];
  for (const t of tasks) {
    const view = await finishedTask(page.request, t.taskUUID);
    ids.push({ taskUUID: t.taskUUID, itemId: view.items[0]?.id as string });
  }
  return ids;
}

/**
 * The gallery narrowed to this spec's items: the grid shows only the cards in view, and other
 * specs running alongside add items of their own.
 */
const OURS = `/gallery?q=${encodeURIComponent('"fresh snow" or mossy or mushroom or kite')}`;

const card = (page: Page, taskUUID: string) =>
  page.locator(`[data-testid=gallery-item][data-task-uuid="${taskUUID}"]`);

/** A board of this run's own: a retried test, or another spec's board, never shares its name. */
const KEEPERS = `Keepers ${Math.random().toString(36).slice(2, 6)}`;

test("an editor organizes: boards, tags, zip, trash and restore, saved views, and a share link a guest opens", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const origin = baseURL ?? "";
  const [fox, owl, toad] = await makeItems(page, origin, [
    "a red fox in fresh snow",
    "an owl on a mossy branch",
    "a toad under a mushroom",
  ]);
  if (!fox || !owl || !toad) throw new Error("three items expected");

  // Select two cards: the bar appears, counting them.
  await page.goto(OURS);
  await card(page, fox.taskUUID)
    .getByRole("button", { name: /^Select/ })
    .click();
  await card(page, owl.taskUUID)
    .getByRole("button", { name: /^Select/ })
    .click();
  const bar = page.getByRole("toolbar", { name: "Selected items" });
  await expect(bar.getByTestId("selection-count")).toHaveText("2 selected");
  await expect(bar.getByRole("link", { name: "Compare" })).toHaveAttribute(
    "href",
    `/gallery/compare?ids=${fox.itemId},${owl.itemId}`,
  );
  await shots(page, "organize-bulk-bar");

  // A new board from the selection.
  await bar.getByRole("button", { name: "Add to board" }).click();
  await page.getByRole("menuitem", { name: "New board…" }).click();
  await page.getByLabel("Name").fill(KEEPERS);
  await page.getByRole("button", { name: "Create and add" }).click();
  await expect(bar.getByText(`Added 2 items to the new board ${KEEPERS}.`)).toBeVisible();

  // Tag both, then take the tag off and put it back.
  await bar.getByRole("button", { name: "Tag" }).click();
  await page.getByLabel("Tag the selection").fill("Hero Shot");
  await page.getByRole("button", { name: "Add tag" }).click();
  await expect(bar.getByText("Tagged 2 items “hero shot”.")).toBeVisible();
  await expect(page.getByLabel("Tag the selection")).toHaveValue("");
  await page.getByLabel("Tag the selection").fill("hero shot");
  await page.getByRole("button", { name: "Remove tag" }).click();
  await expect(bar.getByText("Removed “hero shot” from 2 items.")).toBeVisible();
  await page.getByLabel("Tag the selection").fill("hero shot");
  await page.getByRole("button", { name: "Add tag" }).click();
  await expect(bar.getByText("Tagged 2 items “hero shot”.")).toBeVisible();
  await page.keyboard.press("Escape");
  // Read by the tag: other specs' results (a 400-cell grid among them) may be newer than these.
  const tags = await page.request.get(`/api/items?${new URLSearchParams({ tag: "hero shot", limit: "50" })}`);
  const listed = ((await tags.json()) as { data: { items: { id: string; review?: { tags: string[] } }[] } })
    .data;
  expect(listed.items.find((i) => i.id === fox.itemId)?.review?.tags).toEqual(["hero shot"]);

  // Move them to review.
  await bar.getByRole("button", { name: "Review state" }).click();
  await page.getByRole("menuitem", { name: "In review" }).click();
  await expect(bar.getByText("Moved 2 items to In review.")).toBeVisible();

  // Download both as a zip: it opens and lists the two files and the manifest.
  const downloading = page.waitForEvent("download");
  await bar.getByRole("button", { name: "Download zip" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("media-studio-2-items.zip");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "organize-zip-"));
  try {
    const file = path.join(dir, "download.zip");
    await download.saveAs(file);
    const names = execFileSync("unzip", ["-Z1", file]).toString().trim().split("\n");
    expect(names).toEqual([
      "a-red-fox-in-fresh-snow-1.jpg",
      "an-owl-on-a-mossy-branch-2.jpg",
      "manifest.json",
    ]);
    const manifest = JSON.parse(execFileSync("unzip", ["-p", file, "manifest.json"]).toString());
    expect(manifest[0]).toMatchObject({ id: fox.itemId, prompt: "a red fox in fresh snow" });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  await bar.getByRole("button", { name: "Clear the selection" }).click();
  await expect(bar).toBeHidden();

  // The board: a card with its count, which opens the gallery showing its items only.
  await page.goto("/gallery/boards");
  const board = page.getByTestId("board-card").filter({ hasText: KEEPERS });
  await expect(board.getByText("2 items")).toBeVisible();
  await board.getByRole("button", { name: "Rename" }).click();
  await page.getByLabel("Description").fill("The best of the round");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(board.getByText("The best of the round")).toBeVisible();
  await shots(page, "organize-boards");
  await board.getByRole("link").first().click();
  await expect(page).toHaveURL(/\/gallery\?board=[0-9a-f-]{36}$/);
  const boardId = new URL(page.url()).searchParams.get("board") as string;
  await expect(page.getByText(`Board: ${KEEPERS}`)).toBeVisible();
  await expect(card(page, fox.taskUUID)).toBeVisible();
  await expect(card(page, owl.taskUUID)).toBeVisible();
  await expect(card(page, toad.taskUUID)).toBeHidden();

  // Save this view, then open it again from the gallery.
  await page.getByRole("button", { name: "Save this view" }).click();
  await page.getByLabel("Name").fill(`${KEEPERS} view`);
  await page.getByRole("switch", { name: /Share with the team/ }).click();
  await page.getByRole("button", { name: "Save view" }).click();
  await expect(page.getByRole("dialog")).toBeHidden();
  await page.getByRole("link", { name: "Show everything" }).click();
  await expect(page).toHaveURL(/\/gallery$/);
  await page.getByRole("button", { name: "Saved views" }).click();
  await page.getByRole("menuitem", { name: new RegExp(`^${KEEPERS} view`) }).click();
  await expect(page).toHaveURL(`/gallery?board=${boardId}`);
  await expect(card(page, toad.taskUUID)).toBeHidden();
  await expect(card(page, fox.taskUUID)).toBeVisible();
  await page.getByRole("button", { name: "Saved views" }).click();
  await shots(page, "organize-saved-views");
  await page.getByRole("menuitem", { name: `Delete the saved view ${KEEPERS} view` }).click();
  await page.getByRole("button", { name: "Saved views" }).click();
  await expect(page.getByText("No saved views yet.")).toBeVisible();
  await page.keyboard.press("Escape");

  // Trash the toad: asked first, then gone from the gallery; the owner restores it from the trash.
  await page.goto(OURS);
  await card(page, toad.taskUUID)
    .getByRole("button", { name: /^Select/ })
    .click();
  await bar.getByRole("button", { name: "Move to trash" }).click();
  const confirm = page.getByRole("dialog", { name: "Move 1 item to the trash?" });
  await expect(confirm.getByText(/An owner can restore them for 30 days/)).toBeVisible();
  await confirm.getByRole("button", { name: "Move to trash" }).click();
  await expect(card(page, toad.taskUUID)).toBeHidden();
  await page.getByRole("link", { name: "Trash" }).click();
  await expect(page).toHaveURL("/gallery/trash");
  const trashed = page.getByTestId("trash-item").filter({ hasText: "a toad under a mushroom" });
  await expect(trashed).toBeVisible();
  await expect(trashed.getByText(/moved to the trash by Ada Lovelace/)).toBeVisible();
  await shots(page, "organize-trash");
  await trashed.getByRole("button", { name: "Restore" }).click();
  await expect(trashed).toBeHidden();
  await page.goto(OURS);
  await expect(card(page, toad.taskUUID)).toBeVisible();

  // Share the board, with comments, and open it without an account.
  await page.goto("/gallery/boards");
  await board.getByRole("button", { name: "Share…" }).click();
  const share = page.getByRole("dialog", { name: "Share this board" });
  await share.getByRole("switch", { name: /Guests can comment/ }).click();
  // The prompt stays private unless the person sharing asks for it.
  const showPrompt = share.getByRole("switch", { name: /Show the prompt and settings/ });
  await expect(showPrompt).not.toBeChecked();
  await showPrompt.click();
  await expect(showPrompt).toBeChecked();
  await shots(page, "organize-share-dialog");
  await share.getByRole("button", { name: "Create link" }).click();
  const url = await share.getByRole("textbox", { name: "Share link" }).inputValue();
  expect(url).toMatch(/\/s\/[\w-]{40,}$/);
  const token = url.split("/s/")[1] as string;
  await share.getByRole("button", { name: "Done" }).click();

  const guest = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  try {
    const guestPage = await guest.newPage();
    await guestPage.goto(url);
    await expect(guestPage.getByRole("heading", { level: 1 })).toHaveText(KEEPERS);
    await expect(guestPage.getByTestId("shared-card")).toHaveCount(2);
    await shots(guestPage, "organize-shared-board");
    // Only the board's items: its own media answers, a neighbour's id through the link is refused.
    expect((await guest.request.get(`/api/share/${token}/media/${fox.itemId}`)).status()).toBe(200);
    expect((await guest.request.get(`/api/share/${token}/media/${toad.itemId}`)).status()).toBe(404);
    expect((await guest.request.get(`/api/items?limit=5`)).status()).toBe(401);
    const api = await (await guest.request.get(`/api/share/${token}`)).text();
    expect(api).not.toContain("ada@studio.test");
    expect(api).not.toContain(toad.itemId);

    // The fox, large, with its prompt; a guest comment the team then sees.
    await guestPage.getByRole("img", { name: "a red fox in fresh snow" }).click();
    await expect(guestPage.getByTestId("item-prompt")).toHaveText("a red fox in fresh snow");
    await guestPage.getByLabel("Your name").fill("Robin");
    await guestPage.getByLabel("Comment", { exact: true }).fill("The light on the snow is lovely");
    await guestPage.getByRole("button", { name: "Post comment" }).click();
    await expect(guestPage.getByTestId("comment-thread")).toContainText("The light on the snow is lovely");
    await expect(guestPage.getByTestId("comment-thread")).toContainText("Guest");
    // A member's name is not a guest's to take.
    await guestPage.getByLabel("Your name").fill(OWNER.name);
    await guestPage.getByLabel("Comment", { exact: true }).fill("Approved, ship it");
    await guestPage.getByRole("button", { name: "Post comment" }).click();
    await expect(guestPage.getByText("That name belongs to a member of the team")).toBeVisible();
    await expect(guestPage.getByTestId("comment-thread")).toHaveCount(1);
    await shots(guestPage, "organize-shared-item");
    await guestPage.getByRole("button", { name: "Back to the board" }).click();
    await expect(guestPage.getByTestId("shared-card")).toHaveCount(2);

    await page.goto(OURS);
    await expect(card(page, fox.taskUUID).getByTestId("comment-count")).toHaveAttribute("title", "1 comment");

    // Revoked in Settings: the page and its media stop at once.
    await page.goto("/settings");
    const links = page.getByRole("list", { name: "Share links" });
    // Other specs share links too: this board's row is the one revoked.
    const row = links.getByRole("listitem").filter({ hasText: `Board: ${KEEPERS}` });
    await expect(row).toBeVisible();
    await page.getByRole("heading", { name: "Share links" }).scrollIntoViewIfNeeded();
    await shots(page, "organize-settings-share-links");
    // Revoking asks first: Cancel keeps the link live.
    await row.getByRole("button", { name: "Revoke" }).click();
    const confirm = page.getByRole("dialog", { name: "Revoke this share link?" });
    await expect(confirm).toContainText(`Board: ${KEEPERS}`);
    await shots(page, "organize-share-revoke-confirm");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    expect((await guestPage.reload())?.status()).toBe(200);
    await expect(guestPage.getByTestId("shared-card")).toHaveCount(2);
    await row.getByRole("button", { name: "Revoke" }).click();
    await confirm.getByRole("button", { name: "Revoke link" }).click();
    // The dialog closes once the link is revoked; while it is open the list is hidden from roles.
    await expect(confirm).toBeHidden();
    await expect(row).toHaveCount(0);
    // The page still says what happened, and answers 410 Gone.
    expect((await guestPage.reload())?.status()).toBe(410);
    await expect(guestPage.getByRole("heading", { level: 1 })).toHaveText(
      "This link has expired or was revoked",
    );
    await shots(guestPage, "organize-share-revoked");
    expect((await guest.request.get(`/api/share/${token}/media/${fox.itemId}`)).status()).toBe(404);
    // A link that never existed answers 404, with a page that says so.
    expect((await guestPage.goto(`/s/${"x".repeat(43)}`))?.status()).toBe(404);
    await expect(guestPage.getByRole("heading", { level: 1 })).toHaveText("There is no such link");
  } finally {
    await guest.close();
  }

  // The board goes; its items stay in the gallery.
  await page.goto("/gallery/boards");
  await board.getByRole("button", { name: `Delete the board ${KEEPERS}` }).click();
  await page.getByRole("button", { name: "Delete board" }).click();
  await expect(board).toBeHidden();
  await page.goto(OURS);
  await expect(card(page, fox.taskUUID)).toBeVisible();
});

test("the owner deletes for good from the trash, after confirming", async ({ page, baseURL }) => {
  const [item] = await makeItems(page, baseURL ?? "", ["a lighthouse in a storm"]);
  if (!item) throw new Error("an item expected");
  const trashed = await page.request.post("/api/items/bulk", {
    data: { itemIds: [item.itemId], action: "trash" },
    headers: { origin: baseURL ?? "" },
  });
  expect(trashed.status()).toBe(200);
  await page.goto("/gallery/trash");
  const row = page.getByTestId("trash-item").filter({ hasText: "a lighthouse in a storm" });
  await row.getByRole("button", { name: "Delete for good" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete for good?" });
  await dialog.getByRole("button", { name: "Delete for good" }).click();
  await expect(row).toBeHidden();
  expect((await page.request.get(`/api/tasks/${item.taskUUID}`)).status()).toBe(200);
  const restored = await page.request.post("/api/trash/restore", {
    data: { itemIds: [item.itemId] },
    headers: { origin: baseURL ?? "" },
  });
  expect(restored.status()).toBe(404);
});

test("a viewer sees no organize controls, and the API refuses them", async ({ page, browser, baseURL }) => {
  const origin = baseURL ?? "";
  const [item] = await makeItems(page, origin, ["a kite over the dunes"]);
  if (!item) throw new Error("an item expected");
  const viewer = await joinAsMember(
    browser,
    page.request,
    origin,
    { name: "Vera Viewer", email: "vera@studio.test", password: "only looking here" },
    "viewer",
  );
  try {
    const viewerPage = await viewer.newPage();
    await viewerPage.goto(OURS);
    await card(viewerPage, item.taskUUID)
      .getByRole("button", { name: /^Select/ })
      .click();
    const bar = viewerPage.getByRole("toolbar", { name: "Selected items" });
    await expect(bar.getByRole("button", { name: "Download zip" })).toBeVisible();
    for (const name of ["Add to board", "Tag", "Review state", "Move to trash"])
      await expect(bar.getByRole("button", { name })).toHaveCount(0);
    await expect(viewerPage.getByRole("link", { name: "Trash" })).toHaveCount(0);
    await viewerPage.goto("/gallery/boards");
    await expect(viewerPage.getByRole("heading", { level: 1 })).toHaveText("Boards");
    await expect(viewerPage.getByRole("button", { name: "New board" })).toHaveCount(0);
    await viewerPage.goto("/gallery/trash");
    await expect(viewerPage.getByText("Only owners open the trash")).toBeVisible();
    const post = (url: string, data: unknown) => viewer.request.post(url, { data, headers: { origin } });
    expect((await post("/api/boards", { name: "Nope" })).status()).toBe(403);
    expect((await post("/api/items/bulk", { itemIds: [item.itemId], action: "trash" })).status()).toBe(403);
    expect(
      (
        await post("/api/items/bulk", { itemIds: [item.itemId], action: "state", state: "approved" })
      ).status(),
    ).toBe(403);
    expect((await post("/api/share-links", { itemId: item.itemId })).status()).toBe(403);
    expect((await viewer.request.get("/api/trash")).status()).toBe(403);
    expect((await post("/api/items/zip", { itemIds: [item.itemId] })).status()).toBe(200);
  } finally {
    await viewer.close();
  }
});
