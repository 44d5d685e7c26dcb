import { expect, type Page, test } from "@playwright/test";
import { DEFAULT_STUDIO_LIMITS } from "@/lib/studio/limits/limits";
import { imageTask, joinAsMember, sendTasks } from "./fixtures/accounts";
import { StudioShell } from "./pages/studio-shell";

/**
 * An experiment's cells not yet sent are one entry of the queue. A member starts a sweep of 42
 * cells against the engine that holds every "(held)" task, so one cell stays at work and the rest
 * wait: the drawer shows one row for them. They move it below a task, pause it (the experiment's
 * page says paused), replace a word in every waiting cell's prompt (the page shows it), resume it
 * and cancel it (the page shows the cells cancelled). The owner watches the team's queue in a
 * drawer of their own: each change reaches it live, with no reload and before its slow poll.
 */
test.describe.configure({ mode: "serial", timeout: 300_000 });

/** The studio's own defaults, which each test puts back. */
const DEFAULTS = DEFAULT_STUDIO_LIMITS;

test.afterAll(async ({ request, baseURL }) => {
  await request.put("/api/limits", { data: DEFAULTS, headers: { origin: baseURL ?? "" } });
});

async function screens(page: Page, name: string) {
  const shell = new StudioShell(page);
  await shell.screenshot(`queue-experiment-${name}-1440x900`);
  await page.setViewportSize({ width: 1280, height: 720 });
  await shell.screenshot(`queue-experiment-${name}-1280x720`);
  await page.setViewportSize({ width: 1440, height: 900 });
}

// Faster than the drawer's fallback read (30 s): what shows within it came live.
const LIVE = { timeout: 10_000 };

test("an experiment waits as one row: moved, paused, edited, resumed and cancelled as one, live in a teammate's drawer", async ({
  browser,
  request,
  baseURL,
  page,
}) => {
  const origin = baseURL ?? "";
  const limits = await request.put("/api/limits", {
    data: { ...DEFAULTS, activePerMember: 1 },
    headers: { origin },
  });
  expect(limits.status()).toBe(200);
  const context = await joinAsMember(browser, request, origin, {
    name: "Quinn Sweeps",
    email: "quinn.sweeps@studio.test",
    password: "a sweep that waits",
  });
  const quinn = await context.newPage();
  await quinn.setViewportSize({ width: 1440, height: 900 });
  await quinn.goto("/create/text-to-image");
  await quinn.getByTestId("queue-button").click();
  const panel = quinn.getByRole("dialog", { name: "Queue" }).getByTestId("waiting-panel");
  await expect(panel).toBeVisible();

  // The owner watches the team's queue.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/create/text-to-image");
  await page.getByTestId("queue-button").click();
  const owners = page.getByRole("dialog", { name: "Queue" }).getByTestId("waiting-panel");
  await owners.getByLabel("Whose tasks").selectOption("team");

  const stamp = Date.now().toString(36);
  const name = `Lighting sweep ${stamp}`;
  const made = await context.request.post("/api/experiments", {
    headers: { origin },
    data: {
      name,
      base: {
        taskType: "imageInference",
        positivePrompt: `a lighthouse at dusk, warm light (held) ${stamp}`,
        model: "runware:100@1",
        width: 256,
        height: 256,
      },
      axes: [
        { kind: "values", path: "CFGScale", values: [2, 3, 4, 5, 6, 7] },
        { kind: "values", path: "steps", values: [10, 12, 14, 16, 18, 20, 22] },
      ],
      concurrency: 4,
    },
  });
  expect(made.status()).toBe(201);
  const { id } = ((await made.json()) as { data: { id: string } }).data;
  // One cell at the engine (held there), 41 waiting: one row, not 41.
  const row = panel.getByTestId("waiting-experiment");
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId("experiment-entry-title")).toHaveText(
    `Experiment ‘${name}’ — 41 cells waiting`,
  );
  await expect(row.getByRole("link", { name: `‘${name}’` })).toHaveAttribute("href", `/experiments/${id}`);
  const ownersRow = owners.getByTestId("waiting-experiment").filter({ hasText: name });
  await expect(ownersRow).toContainText("Quinn Sweeps", LIVE);

  // A task sent after it waits below it; the experiment moves down past it by its button.
  const lantern = imageTask(`${stamp} a lantern (held)`, { width: 256, height: 256 });
  expect((await sendTasks(context.request, origin, [lantern])).status()).toBe(202);
  const entries = panel.getByTestId("waiting-list").locator("[role=group]");
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toHaveAttribute("data-experiment", id);
  await row.getByRole("button", { name: "Move down" }).click();
  await expect(entries.nth(0)).toHaveAttribute("data-task", lantern.taskUUID);
  await expect(entries.nth(1)).toHaveAttribute("data-experiment", id);
  // The owner's drawer shows the new order without a reload.
  const ownersEntries = owners.getByTestId("waiting-list").locator("[role=group]");
  const ownersOrder = async () =>
    ownersEntries.evaluateAll((els) =>
      els.map((e) => e.getAttribute("data-experiment") ?? e.getAttribute("data-task")),
    );
  await expect
    .poll(async () => (await ownersOrder()).filter((x) => x === id || x === lantern.taskUUID), LIVE)
    .toEqual([lantern.taskUUID, id]);

  // Paused as one: the row, the teammate's drawer and the experiment's page say so.
  await row.getByRole("button", { name: "Pause", exact: true }).click();
  await expect(row).toHaveAttribute("data-paused", "true");
  await expect(row).toContainText("Paused");
  await expect(ownersRow).toHaveAttribute("data-paused", "true", LIVE);
  await screens(quinn, "drawer");
  const experimentPage = await context.newPage();
  await experimentPage.setViewportSize({ width: 1440, height: 900 });
  await experimentPage.goto(`/experiments/${id}`);
  await expect(experimentPage.getByTestId("experiment-status")).toHaveText("Paused");

  // Every waiting cell's prompt edited at once, counted before it is.
  await row.getByRole("checkbox").check();
  await expect(panel.getByTestId("chosen-count")).toHaveText("1 chosen");
  await panel.getByLabel("Find in prompts").fill("lighthouse");
  await panel.getByLabel("Replace with").fill("harbour");
  await expect(panel.getByTestId("replace-preview")).toHaveText("41 matches in 41 cells.");
  await screens(quinn, "editing");
  await panel.getByRole("button", { name: "Replace", exact: true }).click();
  await expect(panel.getByTestId("replace-preview")).toHaveText("Replaced in 41 cells.");
  const waitingCell = experimentPage.locator("[data-cell][data-status=pending]").first();
  await expect(waitingCell).toHaveAttribute("title", `a harbour at dusk, warm light (held) ${stamp}`);
  await expect(
    experimentPage.locator("[data-cell][data-status=pending]", { hasText: "lighthouse" }),
  ).toHaveCount(0);
  await panel.getByRole("button", { name: "Clear" }).click();

  // Resumed: the page and the teammate see it run again.
  await row.getByRole("button", { name: "Resume", exact: true }).click();
  await expect(row).toHaveAttribute("data-paused", "false");
  await expect(ownersRow).toHaveAttribute("data-paused", "false", LIVE);
  await expect(experimentPage.getByTestId("experiment-status")).toHaveText("Running");

  // Cancelled as one: no row left, and its page shows the cells that never went as cancelled.
  await row.getByRole("button", { name: `Cancel the experiment ‘${name}’` }).click();
  await expect(panel.getByTestId("waiting-note")).toHaveText("Cancelled 41 cells.");
  await expect(panel.getByTestId("waiting-experiment")).toHaveCount(0);
  await expect(ownersRow).toHaveCount(0, LIVE);
  await expect(experimentPage.getByTestId("experiment-status")).toHaveText("Cancelled");
  await expect(experimentPage.locator("[data-cell][data-status=cancelled]").first()).toContainText(
    "Cancelled",
  );
  await expect(async () => {
    const { data: view } = (await (await context.request.get(`/api/experiments/${id}`)).json()) as {
      data: { cells: { status: string; errors: { code: string }[] }[] };
    };
    expect(view.cells.filter((c) => c.errors[0]?.code === "cancelled")).toHaveLength(41);
    // The one at the service when it was cancelled is left to finish.
    expect(view.cells.filter((c) => c.status === "sent")).toHaveLength(1);
  }).toPass({ timeout: 15_000 });
  await new StudioShell(experimentPage).screenshot("queue-experiment-page-1440x900");

  // The task left waits on its own; "Pause chosen" holds it by itself.
  const lanternRow = panel.getByTestId("waiting-row").filter({ hasText: "a lantern" });
  await lanternRow.getByRole("checkbox").check();
  await panel.getByRole("button", { name: "Pause chosen" }).click();
  await expect(lanternRow).toHaveAttribute("data-paused", "true");
  await expect(panel.getByTestId("mine-paused")).toHaveCount(0);
  await expect(owners.getByTestId("waiting-row").filter({ hasText: "a lantern" })).toHaveAttribute(
    "data-paused",
    "true",
    LIVE,
  );
  await panel.getByRole("button", { name: "Resume chosen" }).click();
  await expect(lanternRow).toHaveAttribute("data-paused", "false");
  await panel.getByRole("button", { name: "Cancel chosen" }).click();
  await expect(panel.getByTestId("waiting-row")).toHaveCount(0);
  await context.close();
});
