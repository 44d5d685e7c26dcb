import path from "node:path";
import type { Page } from "@playwright/test";
import { imageTask, joinAsMember, OWNER, sendTasks } from "./fixtures/accounts";
import { expect, test } from "./fixtures/reused-page";
import { saveScreen, TAKE_SCREENS } from "./fixtures/screens";
import { finishedTask } from "./fixtures/studio-api";

/**
 * A guest on a share link that takes comments reads what the dialog promises: their own comments
 * and the team's replies to them, never the team's own threads, members' names or @mentions, and
 * never another guest's thread. Every read a guest has (the page, its JSON, the comments) is asked.
 */

const SHOTS = path.resolve(import.meta.dirname, "..", "test-results", "guest-threads");

async function shots(page: Page, name: string) {
  // The sizes change for the pictures alone: without them the page stays as it is.
  if (!TAKE_SCREENS) return;
  await page.setViewportSize({ width: 1440, height: 900 });
  await saveScreen(page, { path: path.join(SHOTS, `${name}-1440.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
  await saveScreen(page, { path: path.join(SHOTS, `${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
}

test("a guest reads only their own thread and the team's replies in it", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const origin = baseURL ?? "";
  const word = `lantern${crypto
    .randomUUID()
    .slice(0, 6)
    .replace(/[^a-z]/g, "x")}`;
  const task = imageTask(`a paper lantern on a pier at night, ${word}`, { width: 256, height: 256 });
  expect((await sendTasks(page.request, origin, [task])).status()).toBe(202);
  const made = (await finishedTask(page.request, task.taskUUID)).items[0];
  if (!made) throw new Error("no result");

  // The team talks about it among themselves, naming a member.
  const grace = {
    name: `Grace ${word}`,
    email: `grace-${word}@studio.test`,
    password: "long enough password",
  };
  const graceContext = await joinAsMember(browser, page.request, origin, grace, "reviewer");
  await graceContext.close();
  const teamWords = `@${grace.name} the client's budget is 5k, keep it internal`;
  const said = await page.request.post(`/api/items/${made.id}/comments`, {
    data: { body: teamWords },
    headers: { origin },
  });
  expect(said.status()).toBe(201);

  // Shared with comments: the dialog says what a guest will read.
  await page.goto(`/gallery/item/${made.id}`);
  await expect(page.getByTestId("comment-thread")).toHaveCount(1);
  await page.getByRole("button", { name: "Share…" }).click();
  const dialog = page.getByRole("dialog", { name: "Share this item" });
  await expect(dialog).toContainText(
    "each guest sees just their own comments and the team's replies to them",
  );
  await dialog.getByRole("switch", { name: /Guests can comment/ }).click();
  await shots(page, "guest-thread-share-dialog");
  await dialog.getByRole("button", { name: "Create link" }).click();
  const url = await dialog.getByRole("textbox", { name: "Share link" }).inputValue();
  const token = url.split("/s/")[1] ?? "";
  await dialog.getByRole("button", { name: "Done" }).click();

  const hidden = [teamWords, "budget is 5k", grace.name, OWNER.name, OWNER.email];
  const guest = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const second = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  try {
    const guestPage = await guest.newPage();
    await guestPage.goto(url);
    const comments = guestPage.getByRole("region", { name: "Comments" });
    await expect(comments).toContainText("No comments yet.");
    await expect(comments).toContainText("Only the team reads what you write here");
    for (const text of hidden) await expect(guestPage.locator("body")).not.toContainText(text);

    // Every read a guest has answers none of the team's.
    const listed = await guest.request.get(`/api/share/${token}/comments?itemId=${made.id}`);
    expect(listed.status()).toBe(200);
    expect(((await listed.json()) as { data: { comments: unknown[] } }).data.comments).toEqual([]);
    for (const answer of [
      await (await guest.request.get(`/api/share/${token}`)).text(),
      await (await guest.request.get(`/s/${token}`)).text(),
      await (await guest.request.get(`/api/share/${token}/comments?itemId=${made.id}`)).text(),
    ])
      for (const text of hidden) expect(answer).not.toContain(text);
    expect((await guest.request.get(`/api/items/${made.id}/comments`)).status()).toBe(401);

    // The guest asks something.
    await comments.getByLabel("Your name").fill("Robin");
    await comments.getByLabel("Comment", { exact: true }).fill("Could the lantern glow a little warmer?");
    await comments.getByRole("button", { name: "Post comment" }).click();
    await expect(comments.getByTestId("comment-thread")).toContainText(
      "Could the lantern glow a little warmer?",
    );
    await expect(comments.getByTestId("comment-thread")).toContainText("Robin");

    // Another guest on the same link reads neither the team's thread nor Robin's.
    const secondPage = await second.newPage();
    await secondPage.goto(url);
    await expect(secondPage.getByRole("region", { name: "Comments" })).toContainText("No comments yet.");
    await expect(secondPage.locator("body")).not.toContainText("glow a little warmer");
    const secondList = await second.request.get(`/api/share/${token}/comments?itemId=${made.id}`);
    expect(await secondList.text()).not.toContain("glow a little warmer");

    // A member sees the guest's thread beside the team's, and replies in it, naming Grace.
    await page.reload();
    const thread = page.getByTestId("comment-thread").filter({ hasText: "glow a little warmer" });
    await expect(thread).toContainText("Robin (guest)");
    await expect(page.getByTestId("comment-thread")).toHaveCount(2);
    await thread.getByRole("button", { name: "Reply" }).click();
    await thread.getByRole("textbox", { name: "Reply" }).fill(`Yes: @${grace.name} will warm it up tomorrow`);
    const posted = page.waitForResponse(
      (r) => r.request().method() === "POST" && r.url().includes("/comments"),
    );
    await thread.getByRole("button", { name: "Reply", exact: true }).click();
    expect((await posted).status()).toBe(201);
    await expect(thread.getByTestId("comment-reply")).toContainText("will warm it up tomorrow");

    // The guest reads the reply, signed by the team, naming nobody.
    await guestPage.reload();
    const reply = comments.getByTestId("comment-reply");
    await expect(reply).toContainText("Yes: @team will warm it up tomorrow");
    await expect(reply).toContainText("Team");
    await expect(comments.getByTestId("comment-thread")).toHaveCount(1);
    for (const text of hidden) await expect(guestPage.locator("body")).not.toContainText(text);
    await shots(guestPage, "guest-thread");

    // The second guest still reads nothing.
    await secondPage.reload();
    await expect(secondPage.getByRole("region", { name: "Comments" })).toContainText("No comments yet.");
    await expect(secondPage.locator("body")).not.toContainText("warm it up");
    await shots(secondPage, "guest-thread-second-guest");
  } finally {
    await guest.close();
    await second.close();
  }
});
