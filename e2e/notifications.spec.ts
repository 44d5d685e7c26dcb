import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { imageTask, joinAsMember, OWNER, sendTasks } from "./fixtures/accounts";
import { expect, test } from "./fixtures/reused-page";
import { saveScreen } from "./fixtures/screens";
import { finishedTask } from "./fixtures/studio-api";
import { SCREENS_DIR } from "./pages/studio-shell";

/**
 * The notification inbox between two members: the owner assigns the member's image to them, moves
 * it to another review state and replies in the member's thread; the member's bell counts each as
 * it happens, the inbox says each in words, opening one goes to it and marks it read, "Mark all
 * read" clears the count, and a kind turned off in Settings stops arriving.
 */

const SHOTS = `${SCREENS_DIR}/notifications`;
const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
];

/** Screenshots at both sizes: of `focus` scrolled into view, or of the whole page. */
async function shots(page: Page, name: string, focus?: Locator) {
  const before = page.viewportSize();
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    if (focus) await focus.evaluate((el) => el.scrollIntoView({ block: "center" }));
    await saveScreen(page, {
      path: `${SHOTS}/${name}-${viewport.width}x${viewport.height}.png`,
      fullPage: !focus,
    });
  }
  if (before) await page.setViewportSize(before);
}

/** Turns one kind's inbox switch in Settings > Notifications, and waits for it to be saved. */
async function switchInbox(page: Page, kind: string, on: boolean) {
  const toggle = page.getByRole("switch", { name: `${kind} in my inbox` });
  await expect(toggle).toBeEnabled();
  const saved = page.waitForResponse(
    (r) => r.url().endsWith("/api/inbox/settings") && r.request().method() === "PUT",
  );
  await toggle.click();
  expect((await saved).status()).toBe(200);
  await expect(toggle).toHaveAttribute("aria-checked", String(on));
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
}

/**
 * What is in the member's inbox before anyone acts on their image (votes opened by specs running
 * beside this one), marked read; answers how many entries that is.
 */
async function readForeignEntries(request: APIRequestContext, origin: string): Promise<number> {
  const inbox = await request.get("/api/inbox?limit=100");
  expect(inbox.status()).toBe(200);
  const entries = ((await inbox.json()) as { data: { entries: { kind: string }[] } }).data.entries;
  expect(entries.every((e) => e.kind === "vote" || e.kind === "experiment")).toBe(true);
  if (entries.length > 0) {
    const read = await request.post("/api/inbox/read", { data: { all: true }, headers: { origin } });
    expect(read.status()).toBe(200);
  }
  return entries.length;
}

/** The inbox's next refresh of its first page, held until `release`; `asked` settles once it is sent. */
async function holdNextRefresh(page: Page): Promise<{ asked: Promise<void>; release(): void }> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let sent = () => {};
  const asked = new Promise<void>((resolve) => {
    sent = resolve;
  });
  await page.route(
    (url) => url.pathname === "/api/inbox" && !url.searchParams.has("cursor"),
    async (route) => {
      sent();
      await held;
      await route.continue();
    },
    { times: 1 },
  );
  return { asked, release };
}

test("the owner's actions on a member's image reach the member's inbox live, as the member chose", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const origin = baseURL ?? "";
  const suffix = Date.now().toString(36);
  const name = `Nora ${suffix}`;
  const context = await joinAsMember(
    browser,
    page.request,
    origin,
    { name, email: `nora-${suffix}@studio.test`, password: "notify me please" },
    "editor",
  );
  const member = await context.newPage();

  // The member makes an image and starts a thread on it.
  const task = imageTask(`a paper boat on a pond ${suffix}`);
  expect((await sendTasks(context.request, origin, [task])).status()).toBe(202);
  const made = (await finishedTask(context.request, task.taskUUID)).items[0];
  if (!made) throw new Error("no result");
  const thread = await context.request.post(`/api/items/${made.id}/comments`, {
    data: { body: "Is the sail too small?" },
    headers: { origin },
  });
  expect(thread.status()).toBe(201);

  // Settings: votes and experiments stay out of this member's inbox (other tests open votes).
  // Without a mail server, email cannot be switched on.
  await member.goto("/settings#notifications");
  const panel = member.getByRole("region", { name: "Notifications" });
  await expect(panel).toContainText("Email is not available");
  await expect(panel.getByRole("switch", { name: "Mentions by email" })).toBeDisabled();
  await expect(panel.getByRole("switch", { name: "Mentions in my inbox" })).toHaveAttribute(
    "aria-checked",
    "true",
  );
  await switchInbox(member, "Blind votes", false);
  await switchInbox(member, "Experiments", false);
  await shots(member, "settings", panel);

  // A vote another spec opened while this member was joining reaches them before the switch was
  // turned: it is marked read here, and every count of entries below adds these.
  const foreign = await readForeignEntries(context.request, origin);

  // The member watches; the owner acts on the image in the viewer.
  await member.goto("/gallery");
  await expect(member.locator("[data-stream-state=live]")).toBeAttached();
  const count = member.getByTestId("inbox-count");
  await expect(count).toHaveCount(0);
  await page.goto(`/gallery/item/${made.id}`);
  await expect(page.locator("[data-stream-state=live]")).toBeAttached();

  await page.getByLabel("Assigned to").selectOption({ label: name });
  await expect(count).toHaveText("1");
  await page.getByRole("radio", { name: "In review" }).click();
  await expect(count).toHaveText("2");
  const ownerThread = page.getByTestId("comment-thread");
  await ownerThread.getByRole("button", { name: "Reply" }).click();
  await ownerThread.getByRole("textbox", { name: "Reply" }).fill("A little, yes");
  await ownerThread.getByRole("button", { name: "Reply", exact: true }).click();
  await expect(count).toHaveText("3");
  await expect(member.getByTestId("inbox-bell")).toHaveAccessibleName("Inbox, 3 unread");

  // The inbox says each in words, newest first.
  await member.getByTestId("inbox-bell").click();
  await expect(member.getByRole("heading", { level: 1 })).toHaveText("Inbox");
  const entries = member.getByTestId("inbox-entry");
  const boat = `“a paper boat on a pond ${suffix}”`;
  const onBoat = entries.filter({ hasText: boat });
  await expect(onBoat).toHaveText([
    new RegExp(`${OWNER.name} replied in your thread on ${boat}.*A little, yes`),
    new RegExp(`${OWNER.name} moved your image ${boat} to In review`),
    new RegExp(`${OWNER.name} assigned ${boat} to you`),
  ]);
  await expect(entries).toHaveCount(3 + foreign);
  await expect(member.getByText("3 unread.")).toBeVisible();
  await expect(entries.first().locator("img")).toBeVisible();
  await shots(member, "inbox");

  // Filters: one kind, then everything; unread only.
  await member.getByLabel("Show", { exact: true }).selectOption({ label: "Assignments" });
  await expect(entries).toHaveCount(1);
  await expect(entries).toContainText("assigned");
  await member.getByLabel("Show", { exact: true }).selectOption({ label: "Everything" });
  await expect(entries).toHaveCount(3 + foreign);

  // Opening one goes to the image and marks it read.
  await entries.filter({ hasText: "assigned" }).click();
  await expect(member).toHaveURL(new RegExp(`/gallery/item/${made.id}$`));
  await expect(count).toHaveText("2");
  await member.getByTestId("inbox-bell").click();
  await expect(entries.filter({ hasText: "assigned" })).toHaveAttribute("data-read", "true");
  await member.getByRole("switch", { name: "Unread only" }).click();
  await expect(entries).toHaveCount(2);
  await expect(entries.filter({ hasText: "assigned" })).toHaveCount(0);
  await member.getByRole("switch", { name: "Unread only" }).click();
  await expect(entries).toHaveCount(3 + foreign);

  // The reply opens on its comment.
  await entries.filter({ hasText: "replied" }).click();
  await expect(member).toHaveURL(new RegExp(`/gallery/item/${made.id}#comment-`));
  await expect(count).toHaveText("1");
  await member.goBack();

  // Mark all read clears the count.
  await member.getByRole("button", { name: "Mark all read" }).click();
  await expect(member.getByText("All read.")).toBeVisible();
  await expect(count).toHaveCount(0);
  await expect(member.getByRole("button", { name: "Mark all read" })).toBeDisabled();

  // Review states turned off: a state change no longer arrives; a reply still does.
  await member.goto("/settings#notifications");
  await switchInbox(member, "Review states", false);
  await member.goto("/inbox");
  await expect(member.locator("[data-stream-state=live]")).toBeAttached();
  await page.getByRole("radio", { name: "Approved" }).click();
  await expect(page.getByRole("radio", { name: "Approved" })).toHaveAttribute("data-state", "on");
  await ownerThread.getByRole("button", { name: "Reply" }).click();
  await ownerThread.getByRole("textbox", { name: "Reply" }).fill("Approved anyway");
  await ownerThread.getByRole("button", { name: "Reply", exact: true }).click();
  await expect(count).toHaveText("1");
  await expect(entries.first()).toContainText("Approved anyway");
  await expect(entries.filter({ hasText: "to Approved" })).toHaveCount(0);
  await expect(entries).toHaveCount(4 + foreign);

  // Many mentions: the inbox shows the newest thirty, and older ones on request.
  for (let n = 1; n <= 30; n++) {
    const res = await page.request.post(`/api/items/${made.id}/comments`, {
      data: { body: `@${name} note ${n}` },
      headers: { origin },
    });
    expect(res.status()).toBe(201);
  }
  await expect(count).toHaveText("31");
  await expect(entries.first()).toContainText(`${OWNER.name} mentioned you on ${boat}`);
  await expect(entries).toHaveCount(30);

  // One more arrives as older ones are asked for: the list's refresh is slow to answer, and
  // "Show older" waits for it rather than dropping it.
  const refresh = await holdNextRefresh(member);
  const last = await page.request.post(`/api/items/${made.id}/comments`, {
    data: { body: `@${name} note 31` },
    headers: { origin },
  });
  expect(last.status()).toBe(201);
  await refresh.asked;
  await expect(count).toHaveText("32");
  await member.getByRole("button", { name: "Show older notifications" }).click();
  refresh.release();
  await expect(entries).toHaveCount(35 + foreign);
  await expect(entries.first()).toContainText("note 31");
  await expect(onBoat.last()).toContainText("assigned");

  await context.close();
});
