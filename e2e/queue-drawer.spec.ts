import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { DEFAULT_STUDIO_LIMITS } from "@/lib/studio/limits/limits";
import { imageTask, joinAsMember, OWNER, sendTasks } from "./fixtures/accounts";
import { expect, test } from "./fixtures/reused-page";
import { saveScreen } from "./fixtures/screens";

/**
 * The queue drawer as two people see it: the owner's team view hears a member's waiting tasks as
 * they arrive and as they leave (cancelled, or sent in their turn), each pause says who paused what
 * and what happens next, and a task cancelled while it waited reads as cancelled, not failed.
 */
test.describe.configure({ mode: "serial", timeout: 180_000 });

const SCREENS = path.resolve(import.meta.dirname, "..", "test-results", "queue-drawer");
const SIZES = [
  [1440, 900],
  [1280, 720],
] as const;

test.afterAll(async ({ request, baseURL }) => {
  // Nothing of this spec holds the queue for the specs after it.
  const origin = { origin: baseURL ?? "" };
  await request.post("/api/queue/resume", { data: { scope: "team" }, headers: origin });
  await request.post("/api/queue/resume", { data: { scope: "mine" }, headers: origin });
  await request.put("/api/limits", { data: DEFAULT_STUDIO_LIMITS, headers: origin });
});

async function openDrawer(page: Page) {
  await page.goto("/create/text-to-image");
  await page.getByTestId("queue-button").click();
  const drawer = page.getByRole("dialog", { name: "Queue" });
  const panel = drawer.getByTestId("waiting-panel");
  await expect(panel).toBeVisible();
  return { drawer, panel };
}

/**
 * The waiting list draws only the entries in sight, and new ones join its end: as a person does,
 * scroll it to its end until `rows` are there, `count` of them.
 */
async function atEndOfWaiting(panel: Locator, rows: Locator, count: number) {
  await expect(async () => {
    await panel.getByTestId("waiting-frame").evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await expect(rows).toHaveCount(count, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
}

async function screens(page: Page, name: string) {
  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    await saveScreen(page, { path: `${SCREENS}/${name}-${width}x${height}.png` });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test("a pause says who paused what and what happens next; the owner's team view hears a member's tasks live", async ({
  page,
  browser,
  baseURL,
}) => {
  const origin = baseURL ?? "";
  await page.setViewportSize({ width: 1440, height: 900 });
  const owner = await openDrawer(page);
  await owner.panel.getByLabel("Whose tasks").selectOption("team");
  await owner.panel.getByRole("button", { name: "Pause the team" }).click();
  await expect(owner.panel.getByTestId("team-paused")).toHaveText(
    "You paused the whole team's queue. Nothing goes to the service until you resume it; new tasks wait here.",
  );

  const member = await joinAsMember(browser, page.request, origin, {
    name: "Lin Sender",
    email: "lin.sender@studio.test",
    password: "tasks sent while paused",
  });
  const memberPage = await member.newPage();
  await memberPage.setViewportSize({ width: 1440, height: 900 });
  const theirs = await openDrawer(memberPage);
  await expect(theirs.panel.getByTestId("team-paused")).toHaveText(
    `${OWNER.name} paused the whole team's queue. Nothing goes to the service until an owner resumes it; new tasks wait here.`,
  );
  await theirs.panel.getByRole("button", { name: "Pause", exact: true }).click();
  await expect(theirs.panel.getByTestId("mine-paused")).toHaveText(
    "You paused your own queue too: your tasks keep waiting after the team resumes, until you resume yours.",
  );
  await screens(memberPage, "member-paused");

  // The member sends two tasks: the owner's open team view shows them, told by the stream.
  const stamp = Date.now().toString(36);
  const tasks = ["heron", "egret"].map((w) =>
    imageTask(`${stamp} a ${w} in the reeds`, { width: 256, height: 256 }),
  );
  expect((await sendTasks(member.request, origin, tasks)).status()).toBe(202);
  const rows = owner.panel.getByTestId("waiting-row").filter({ hasText: stamp });
  await atEndOfWaiting(owner.panel, rows, 2);
  await expect(rows.first()).toContainText("Lin Sender");
  await screens(page, "owner-team-paused");

  // The owner resumes the team: the member's own pause still holds their tasks, and says so.
  await owner.panel.getByRole("button", { name: "Resume the team" }).click();
  await expect(owner.panel.getByTestId("team-paused")).toHaveCount(0);
  await expect(theirs.panel.getByTestId("team-paused")).toHaveCount(0);
  await expect(theirs.panel.getByTestId("mine-paused")).toHaveText(
    "You paused your queue. Your tasks wait here until you resume it; your teammates' tasks still go out.",
  );
  await screens(memberPage, "member-mine-paused");

  // The member cancels both: their rows read cancelled, with their own mark, never failed.
  const cancelled = await member.request.post("/api/queue/cancel", {
    data: { allMine: true },
    headers: { origin },
  });
  expect(cancelled.status()).toBe(200);
  await expect(rows).toHaveCount(0);
  const ended = theirs.drawer.getByTestId("queue-row").filter({ hasText: stamp });
  await expect(ended).toHaveCount(2);
  for (const row of await ended.all()) {
    await expect(row).toHaveAttribute("data-status", "cancelled");
    await expect(row).toContainText("Image · cancelled");
    await expect(row.getByLabel("Cancelled")).toBeVisible();
    await expect(row.getByLabel("Failed")).toHaveCount(0);
    await expect(row.getByRole("button", { name: "Send again" })).toBeVisible();
  }
  await screens(memberPage, "member-cancelled");
  await theirs.panel.getByRole("button", { name: "Resume", exact: true }).click();
  await expect(theirs.panel.getByTestId("mine-paused")).toHaveCount(0);
  await member.close();
});

test("the owner's team view drops a member's waiting task as it is cancelled or sent, without a reload", async ({
  page,
  browser,
  baseURL,
}) => {
  const origin = baseURL ?? "";
  // One task at work per member: the member's second task waits until the first is done.
  const limits = await page.request.put("/api/limits", {
    data: { ...DEFAULT_STUDIO_LIMITS, activePerMember: 1 },
    headers: { origin },
  });
  expect(limits.status()).toBe(200);
  await page.setViewportSize({ width: 1440, height: 900 });
  const owner = await openDrawer(page);
  await owner.panel.getByLabel("Whose tasks").selectOption("team");

  const member = await joinAsMember(browser, page.request, origin, {
    name: "Ode Waits",
    email: "ode.waits@studio.test",
    password: "tasks that leave the queue",
  });
  const memberPage = await member.newPage();
  await memberPage.setViewportSize({ width: 1440, height: 900 });
  const theirs = await openDrawer(memberPage);
  await theirs.panel.getByRole("button", { name: "Pause", exact: true }).click();
  await expect(theirs.panel.getByTestId("mine-paused")).toBeVisible();

  const stamp = Date.now().toString(36);
  const words = ["ibis", "stork", "crane"];
  const tasks = words.map((w) => imageTask(`${stamp} a ${w} at dawn`, { width: 256, height: 256 }));
  expect((await sendTasks(member.request, origin, tasks)).status()).toBe(202);
  const rows = owner.panel.getByTestId("waiting-row").filter({ hasText: stamp });
  const row = (word: string) => rows.filter({ hasText: word });
  await atEndOfWaiting(owner.panel, rows, 3);

  // The member cancels one from their own drawer: the owner's view drops it.
  const theirRow = theirs.panel.getByTestId("waiting-row").filter({ hasText: `${stamp} a crane` });
  await theirRow.getByRole("checkbox").check();
  await theirs.panel.getByRole("button", { name: "Cancel chosen" }).click();
  await expect(theirs.panel.getByTestId("waiting-note")).toHaveText("Cancelled 1 task.");
  await expect(row("crane")).toHaveCount(0);
  await atEndOfWaiting(owner.panel, rows, 2);
  await screens(page, "owner-team-after-cancel");

  // The member resumes: the first goes at once, the second when the first is done. Each leaves
  // the owner's view as it is sent, long before the view's slow fallback read.
  await theirs.panel.getByRole("button", { name: "Resume", exact: true }).click();
  await expect(theirs.panel.getByTestId("mine-paused")).toHaveCount(0);
  await expect(row("ibis")).toHaveCount(0);
  await expect(row("stork")).toHaveCount(0);
  await expect(theirs.panel.getByTestId("waiting-row").filter({ hasText: stamp })).toHaveCount(0);
  await screens(page, "owner-team-after-sent");
  await member.close();
});
