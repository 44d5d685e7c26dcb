import type { Locator, Page } from "@playwright/test";
import { DEFAULT_STUDIO_LIMITS } from "@/lib/studio/limits/limits";
import { imageTask, joinAsMember, sendTasks } from "./fixtures/accounts";
import { expect, test } from "./fixtures/reused-page";
import { StudioShell } from "./pages/studio-shell";

/**
 * Steering the waiting queue from the drawer: a member pauses, sends four tasks, reorders them by
 * dragging and by keys, raises one's priority, replaces a word in two prompts, cancels one, and
 * resumes; the three left run in the order the drawer showed. One task at work per member, so
 * the order is the order they ran.
 */
test.describe.configure({ mode: "serial", timeout: 120_000 });

/** The studio's own defaults, which each test puts back. */
const DEFAULTS = DEFAULT_STUDIO_LIMITS;

test.afterAll(async ({ request, baseURL }) => {
  await request.put("/api/limits", { data: DEFAULTS, headers: { origin: baseURL ?? "" } });
});

async function screens(page: Page, name: string) {
  const shell = new StudioShell(page);
  await shell.screenshot(`queue-steering-${name}-1440x900`);
  await page.setViewportSize({ width: 1280, height: 720 });
  await shell.screenshot(`queue-steering-${name}-1280x720`);
  await page.setViewportSize({ width: 1440, height: 900 });
}

const rowOf = (drawer: Locator, word: string) => drawer.getByTestId("waiting-row").filter({ hasText: word });

test("a member pauses, reorders, prioritises, edits and cancels waiting tasks, then sees them run in that order", async ({
  browser,
  request,
  baseURL,
}) => {
  const origin = baseURL ?? "";
  const limits = await request.put("/api/limits", {
    data: { ...DEFAULTS, activePerMember: 1 },
    headers: { origin },
  });
  expect(limits.status()).toBe(200);
  const context = await joinAsMember(browser, request, origin, {
    name: "Pia Steers",
    email: "pia.steers@studio.test",
    password: "a queue that listens",
  });
  const page = await context.newPage();
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/create/text-to-image");
  await page.getByTestId("queue-button").click();
  const drawer = page.getByRole("dialog", { name: "Queue" });
  const panel = drawer.getByTestId("waiting-panel");
  await expect(panel).toBeVisible();

  await panel.getByRole("button", { name: "Pause", exact: true }).click();
  await expect(panel.getByTestId("mine-paused")).toHaveText(
    "You paused your queue. Your tasks wait here until you resume it; your teammates' tasks still go out.",
  );

  const stamp = Date.now().toString(36);
  const words = ["alder", "birch", "cedar", "dogwood"] as const;
  const tasks = words.map((w) =>
    imageTask(`${stamp} a fox under the ${w} tree`, { width: 256, height: 256 }),
  );
  expect((await sendTasks(context.request, origin, tasks)).status()).toBe(202);
  const prompts = panel.getByTestId("waiting-prompt");
  const order = (...expected: string[]) =>
    expect(prompts).toHaveText(expected.map((w) => new RegExp(`${w} tree`)));
  await order("alder", "birch", "cedar", "dogwood");
  await expect(panel.getByTestId("waiting-row").first()).toHaveAttribute("data-paused", "true");

  // Dragged onto the first row, the last takes its place.
  await rowOf(panel, "dogwood").dragTo(rowOf(panel, "alder"));
  await order("dogwood", "alder", "birch", "cedar");

  // Alt+Up on a focused row moves it up one.
  await rowOf(panel, "cedar").focus();
  await page.keyboard.press("Alt+ArrowUp");
  await order("dogwood", "alder", "cedar", "birch");
  // And the button does the same the other way.
  await rowOf(panel, "alder").getByRole("button", { name: "Move down" }).click();
  await order("dogwood", "cedar", "alder", "birch");
  await rowOf(panel, "alder").getByRole("button", { name: "Move to top" }).click();
  await order("alder", "dogwood", "cedar", "birch");

  // High priority goes before everything normal.
  await rowOf(panel, "birch").getByRole("checkbox").check();
  await expect(panel.getByTestId("chosen-count")).toHaveText("1 chosen");
  await panel.getByLabel("Priority", { exact: true }).selectOption("high");
  await order("birch", "alder", "dogwood", "cedar");
  await expect(rowOf(panel, "birch")).toContainText("High priority");
  await panel.getByRole("button", { name: "Clear" }).click();

  // A word replaced in two prompts, counted before it is.
  await rowOf(panel, "alder").getByRole("checkbox").check();
  await rowOf(panel, "cedar").getByRole("checkbox").check();
  await panel.getByLabel("Find in prompts").fill("fox");
  await panel.getByLabel("Replace with").fill("wolf");
  await expect(panel.getByTestId("replace-preview")).toHaveText("2 matches in 2 tasks.");
  await screens(page, "editing");
  await panel.getByRole("button", { name: "Replace", exact: true }).click();
  await expect(panel.getByTestId("replace-preview")).toHaveText("Replaced in 2 tasks.");
  await expect(rowOf(panel, "alder")).toContainText("a wolf under the alder tree");
  await expect(rowOf(panel, "cedar")).toContainText("a wolf under the cedar tree");
  await expect(rowOf(panel, "birch")).toContainText("a fox under the birch tree");
  // A bound the contract holds is named in words.
  await panel.getByLabel("Parameter").selectOption("steps");
  await panel.getByLabel("New value").fill("100000");
  await panel.getByRole("button", { name: "Set", exact: true }).click();
  await expect(panel.getByRole("alert")).toContainText("Steps:");
  await panel.getByRole("button", { name: "Clear" }).click();

  // One cancelled.
  await rowOf(panel, "dogwood").getByRole("checkbox").check();
  await panel.getByRole("button", { name: "Cancel chosen" }).click();
  await expect(panel.getByTestId("waiting-note")).toHaveText("Cancelled 1 task.");
  await order("birch", "alder", "cedar");
  await screens(page, "paused");

  await panel.getByRole("button", { name: "Resume", exact: true }).click();
  await expect(panel.getByTestId("waiting-row")).toHaveCount(0, { timeout: 60_000 });

  // They were sent in the order shown: none before the one above it. Tasks handed over together
  // share one moment. (When each result was kept is no measure: the next task goes as soon as
  // the one before has finished at the service, and its result can be kept before the slower
  // one before it.)
  const byWord = new Map<string, string>(words.map((w, i) => [w, tasks[i]?.taskUUID ?? ""]));
  const sentAt = async (word: string) => {
    let sent = "";
    await expect(async () => {
      const res = await context.request.get(`/api/tasks/${byWord.get(word)}`);
      const { data } = (await res.json()) as {
        data: { status: string; sentAt?: string | null };
      };
      expect(data.status).toBe("success");
      sent = data.sentAt ?? "";
      expect(sent).not.toBe("");
    }).toPass({ timeout: 60_000 });
    return Date.parse(sent);
  };
  const [birch, alder, cedar] = [await sentAt("birch"), await sentAt("alder"), await sentAt("cedar")];
  expect(birch).toBeLessThanOrEqual(alder);
  expect(alder).toBeLessThanOrEqual(cedar);
  const cancelled = await context.request.get(`/api/tasks/${byWord.get("dogwood")}`);
  expect(((await cancelled.json()) as { data: { status: string } }).data.status).toBe("error");
  const edited = await context.request.get(`/api/tasks/${byWord.get("alder")}`);
  expect(
    ((await edited.json()) as { data: { params: { positivePrompt: string } } }).data.params.positivePrompt,
  ).toBe(`${stamp} a wolf under the alder tree`);
  await screens(page, "resumed");
  await context.close();
});

test("an owner pauses the whole team's queue, a member cancels all theirs, and moves one up by its button", async ({
  browser,
  request,
  baseURL,
  page,
}) => {
  const origin = baseURL ?? "";
  const context = await joinAsMember(browser, request, origin, {
    name: "Rui Cancels",
    email: "rui.cancels@studio.test",
    password: "a queue that empties",
  });
  const member = await context.newPage();
  await member.goto("/create/text-to-image");
  await member.getByTestId("queue-button").click();
  const panel = member.getByRole("dialog", { name: "Queue" }).getByTestId("waiting-panel");
  await panel.getByRole("button", { name: "Pause", exact: true }).click();
  const stamp = Date.now().toString(36);
  const tasks = ["first", "second"].map((w) => imageTask(`${stamp} the ${w} lantern`));
  expect((await sendTasks(context.request, origin, tasks)).status()).toBe(202);
  await expect(panel.getByTestId("waiting-prompt")).toHaveText([/first lantern/, /second lantern/]);
  await rowOf(panel, "second").getByRole("button", { name: "Move up" }).click();
  await expect(panel.getByTestId("waiting-prompt")).toHaveText([/second lantern/, /first lantern/]);

  // The owner sees the team's queue, pauses it, and the member's drawer says so live.
  await page.goto("/create/text-to-image");
  await page.getByTestId("queue-button").click();
  const owners = page.getByRole("dialog", { name: "Queue" }).getByTestId("waiting-panel");
  await owners.getByLabel("Whose tasks").selectOption("team");
  await expect(rowOf(owners, "second lantern")).toContainText("Rui Cancels");
  await owners.getByRole("button", { name: "Pause the team" }).click();
  await expect(panel.getByTestId("team-paused")).toHaveText(
    "Ada Lovelace paused the whole team's queue. Nothing goes to the service until an owner resumes it; new tasks wait here.",
  );
  await owners.getByRole("button", { name: "Resume the team" }).click();
  await expect(panel.getByTestId("mine-paused")).toBeVisible();

  await panel.getByRole("button", { name: "Cancel all mine" }).click();
  await expect(panel.getByTestId("waiting-note")).toHaveText("Cancelled 2 tasks.");
  await expect(panel.getByTestId("waiting-row")).toHaveCount(0);
  await context.close();
});
