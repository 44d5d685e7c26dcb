import type { Page } from "@playwright/test";
import { joinAsMember, OWNER } from "./fixtures/accounts";
import { expect, test } from "./fixtures/reused-page";
import { saveScreen, TAKE_SCREENS } from "./fixtures/screens";
import { finishedTask } from "./fixtures/studio-api";
import { CreatePage } from "./pages/create-page";
import { SCREENS_DIR } from "./pages/studio-shell";

/**
 * Spend as a person meets it: the cost of each result in the viewer, an estimate before Generate
 * and in Vary, budgets an owner sets (a member's refuses their next task with the budget named),
 * and Settings' chart of the month by member and by model.
 */
test.describe.configure({ mode: "serial", timeout: 120_000 });

const SHOTS = `${SCREENS_DIR}/spend`;
const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
] as const;
const PROMPT = `a copper kettle on a stove ${Date.now().toString(36)}`;
let model = "";

test.afterAll(async ({ request, baseURL }) => {
  // No budget is left behind for the other specs' tasks.
  await request.put("/api/spend/budgets", { data: { team: null }, headers: { origin: baseURL ?? "" } });
});

/** "$0.0042" as the studio writes a cost. */
const usd = (v: number) => (v > 0 && v < 0.01 ? `$${v.toFixed(4)}` : `$${v.toFixed(2)}`);

async function shoot(page: Page, name: string) {
  // The sizes change for the pictures alone: without them the page stays as it is.
  if (!TAKE_SCREENS) return;
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await saveScreen(page, { path: `${SHOTS}/${name}-${viewport.width}x${viewport.height}.png` });
  }
  await page.setViewportSize(VIEWPORTS[0]);
}

test("Create estimates a task, and the viewer shows what each result cost", async ({ page }) => {
  const create = new CreatePage(page);
  await create.open("text-to-image");
  await create.prompt.fill(PROMPT);
  await page.getByRole("spinbutton", { name: "Images" }).fill("2");
  const estimate = page.getByTestId("cost-estimate");
  await expect(estimate).toHaveText(
    /^About \$0\.\d+ for 2 images · Prices from the built-in engine's own table$/,
  );
  // Beside the cost, how long: a range measured on this studio's tasks, or none measured yet.
  await expect(page.getByTestId("time-estimate")).toHaveText(
    /^(About \d+(–\d+)? (s|min)( to \d+ (s|min))? · measured on \d+ recent tasks? of |No measurement yet of how long this takes · the first run will measure it)/,
  );
  await shoot(page, "create-estimate");
  await create.generate.click();
  const taskUUID = await create.expectResults(2);
  const task = await finishedTask(page.request, taskUUID);
  model = String(task.params.model);
  const [first] = task.items;
  if (!first) throw new Error("no result");
  const detail = (await (await page.request.get(`/api/items/${first.id}`)).json()) as {
    data: { item: { cost: number | null } };
  };
  const cost = detail.data.item.cost ?? 0;
  expect(cost).toBeGreaterThan(0);

  // The result dialog on Create says the cost as money, not a bare number.
  await page
    .getByRole("button", { name: /^Open result/ })
    .first()
    .click();
  const result = page.getByRole("dialog", { name: "Result" });
  const costRow = result.locator("dt", { hasText: /^Cost$/ }).locator("xpath=following-sibling::dd[1]");
  await expect(costRow).toHaveText(/^\$\d+\.\d{2,4}$/);
  await shoot(page, "result-cost");
  await page.keyboard.press("Escape");
  await expect(result).toBeHidden();

  // Measured now: Create gives a range of time beside its cost.
  await expect(page.getByTestId("time-estimate")).toHaveText(/^About \d+(–\d+)? (s|min)/);

  await page.goto(`/gallery/item/${first.id}`);
  await page.getByRole("tab", { name: "Details" }).click();
  const details = page.getByTestId("item-params");
  await expect(details.getByText("Cost", { exact: true })).toBeVisible();
  await expect(details.getByText(usd(cost), { exact: true })).toBeVisible();
  await shoot(page, "viewer-cost");
});

test("Vary shows what the grid would cost before it runs", async ({ page }) => {
  const create = new CreatePage(page);
  await create.open("text-to-image");
  await create.prompt.fill(PROMPT);
  await page.getByRole("button", { name: "Vary…" }).click();
  const dialog = page.getByRole("dialog", { name: "Vary this task" });
  await dialog.getByRole("button", { name: "Vary the seed" }).click();
  await dialog.getByLabel("How many seeds").fill("3");
  const estimate = dialog.getByTestId("cost-estimate");
  await expect(estimate).toHaveText(
    /^About \$0\.\d+ for 3 images · Prices from the built-in engine's own table$/,
  );
  // Nine cells of three images: a range of time from the task measured above, not one figure.
  await dialog.getByLabel("How many seeds").fill("9");
  await dialog.getByLabel("Images per cell").fill("3");
  await expect(estimate).toHaveText(/ for 27 images · /);
  const time = dialog.getByTestId("time-estimate");
  await expect(time).toHaveText(/^About \d+–\d+ s|^About \d+ (s|min) to \d+ (s|min)|^About \d+–\d+ min/);
  await expect(time).toContainText("measured on");
  await shoot(page, "vary-estimate");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
});

test("an owner's budgets: a member's refuses their next Create, naming the budget, until it is cleared", async ({
  page,
  browser,
  baseURL,
}) => {
  // The refusal is tried on a member of its own: a tiny team budget would refuse the other
  // specs' tasks too while it stood (the team's refusal is covered by the unit tests).
  const member = {
    name: `Bea Budget ${Date.now().toString(36)}`,
    email: `bea.budget.${Date.now().toString(36)}@studio.test`,
    password: "counting every cent",
  };
  const memberContext = await joinAsMember(browser, page.request, baseURL ?? "", member, "editor");
  await page.goto("/settings");
  const budgets = page.getByRole("region", { name: "Budgets" });
  const team = budgets.getByLabel("Team's monthly budget (USD)");
  // Settings reads every section at once: on a busy machine its budgets come a while later.
  await expect(team).toHaveValue("", { timeout: 30_000 });
  await expect(budgets.getByText(/spent this month, no budget/).first()).toBeVisible();

  // The owner's own budget: set, saved, shown, then cleared with its own button.
  const mine = budgets.getByLabel(`${OWNER.name}'s monthly budget (USD)`);
  await mine.fill("25");
  await budgets.getByRole("button", { name: "Save budgets" }).click();
  await expect(budgets.getByRole("status")).toHaveText("Saved. The next task is held to these budgets.");
  await expect(budgets.getByText(/ of \$25\.00 spent this month/)).toBeVisible();
  await budgets.scrollIntoViewIfNeeded();
  await shoot(page, "settings-budgets");
  await budgets.getByRole("button", { name: `Clear ${OWNER.name}'s monthly budget` }).click();
  await expect(mine).toHaveValue("");
  await expect(budgets.getByRole("button", { name: `Clear ${OWNER.name}'s monthly budget` })).toHaveCount(0);

  // Words are refused in words, and nothing is saved.
  await team.fill("lots");
  await budgets.getByRole("button", { name: "Save budgets" }).click();
  await expect(budgets.getByText(/Write a budget as an amount in US dollars/)).toBeVisible();

  // A team budget far above the month's spend: saved and shown, then cleared with its own button.
  await team.fill("5000");
  await budgets.getByRole("button", { name: "Save budgets" }).click();
  await expect(budgets.getByText(/ of \$5,000\.00 spent this month/)).toBeVisible();
  await budgets.getByRole("button", { name: "Clear Team's monthly budget" }).click();
  await expect(team).toHaveValue("");
  await expect(budgets.getByRole("button", { name: "Clear Team's monthly budget" })).toHaveCount(0);

  // The member's budget, smaller than one task costs.
  const theirs = budgets.getByLabel(`${member.name}'s monthly budget (USD)`);
  await theirs.fill("0.001");
  await budgets.getByRole("button", { name: "Save budgets" }).click();
  await expect(budgets.getByText(/ of \$0\.0010 spent this month/)).toBeVisible();

  const memberPage = await memberContext.newPage();
  const create = new CreatePage(memberPage);
  await create.open("text-to-image");
  await create.prompt.fill(PROMPT);
  let sent = 0;
  memberPage.on("response", (r) => {
    if (r.url().endsWith("/api/tasks") && r.request().method() === "POST" && r.status() === 202) sent++;
  });
  await create.generate.click();
  const refusal = memberPage.getByText(
    /^This task would pass your monthly budget of \$0\.0010 \(\$\d+\.\d+ spent this month, this task about \$0\.\d+\)\./,
  );
  await expect(refusal).toBeVisible();
  expect(sent).toBe(0);
  await shoot(memberPage, "create-refused");

  // The owner clears it; the member's next Create goes through.
  await page.reload();
  await budgets.getByRole("button", { name: `Clear ${member.name}'s monthly budget` }).click();
  await expect(theirs).toHaveValue("");
  await page.reload();
  await expect(
    page.getByRole("region", { name: "Budgets" }).getByLabel(`${member.name}'s monthly budget (USD)`),
  ).toHaveValue("");

  await memberPage.getByRole("spinbutton", { name: "Images" }).fill("1");
  await create.generate.click();
  await create.expectResults(1);
  expect(sent).toBe(1);
  await memberContext.close();
});

test("a sweep under a budget: Vary says how many cells fit, and those run while the rest are refused in its words", async ({
  page,
  browser,
  baseURL,
}) => {
  const member = {
    name: `Sid Sweep ${Date.now().toString(36)}`,
    email: `sid.sweep.${Date.now().toString(36)}@studio.test`,
    password: "counting every cell",
  };
  const memberContext = await joinAsMember(browser, page.request, baseURL ?? "", member, "editor");
  const memberPage = await memberContext.newPage();
  const create = new CreatePage(memberPage);
  await create.open("text-to-image");
  await create.prompt.fill(PROMPT);
  // One image a cell, as Vary sends them: the form's estimate for one is a cell's price.
  await memberPage.getByRole("spinbutton", { name: "Images" }).fill("1");
  const estimate = memberPage.getByTestId("cost-estimate");
  await expect(estimate).toHaveText(/^About \$\d+\.\d+ for 1 image/);
  const each = Number(/About \$(\d+\.\d+) for 1 image/.exec((await estimate.textContent()) ?? "")?.[1]);
  expect(each).toBeGreaterThan(0);

  // Room for three cells of five, and not four.
  await page.goto("/settings");
  const budgets = page.getByRole("region", { name: "Budgets" });
  await budgets.getByLabel(`${member.name}'s monthly budget (USD)`).fill((each * 3.5).toFixed(6));
  await budgets.getByRole("button", { name: "Save budgets" }).click();
  await expect(budgets.getByRole("status")).toHaveText("Saved. The next task is held to these budgets.");

  await memberPage.reload();
  await create.ready();
  await create.prompt.fill(PROMPT);
  await memberPage.getByRole("spinbutton", { name: "Images" }).fill("1");
  await expect(memberPage.getByTestId("budget-room")).toHaveText(/^\$0\.\d{4} left of your monthly budget$/);
  await memberPage.getByRole("button", { name: "Vary…" }).click();
  const dialog = memberPage.getByRole("dialog", { name: "Vary this task" });
  await dialog.getByRole("button", { name: "Vary the seed" }).click();
  await dialog.getByLabel("How many seeds").fill("5");
  await expect(dialog.getByTestId("budget-room")).toHaveText(
    /^\$0\.\d{4} left of your monthly budget: 3 of 5 cells fit, the other 2 would be refused$/,
  );
  await shoot(memberPage, "vary-budget");
  await dialog.getByRole("button", { name: "Run 5 cells" }).click();
  // A new page rendered by the server: on a loaded machine, as long as any navigation.
  await expect(memberPage).toHaveURL(/\/experiments\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  await expect(memberPage.getByRole("status", { name: "Progress" })).toHaveText(/^3 of 5 done · 2 failed$/, {
    timeout: 120_000,
  });
  const grid = memberPage.getByRole("table", { name: "Experiment grid" });
  await expect(grid.locator("[data-status=done]")).toHaveCount(3);
  const refused = grid.locator("[data-status=error]");
  await expect(refused).toHaveCount(2);
  await expect(refused.first()).toContainText("would pass your monthly budget");
  // Nothing is left waiting: the run ends.
  await expect(memberPage.getByTestId("experiment-status")).toHaveText("Finished");
  await shoot(memberPage, "sweep-budget-grid");

  await page.reload();
  await page
    .getByRole("region", { name: "Budgets" })
    .getByRole("button", { name: `Clear ${member.name}'s monthly budget` })
    .click();
  await memberContext.close();
});

test("Settings charts the month's spend by member and by model", async ({ page }) => {
  await page.goto("/settings");
  const spend = page.getByRole("region", { name: "Spend" });
  await expect(
    spend.getByText("Prices from the built-in engine's own table", { exact: false }),
  ).toBeVisible();
  await expect(spend.getByTestId("spend-total")).toHaveText(/^\$\d+\.\d+$/);
  await expect(spend.getByTestId("spend-total")).not.toHaveText("$0.00");
  const chart = spend.getByRole("img", { name: /^The team's spend by day in .+, stacked by member$/ });
  await expect(chart).toBeVisible();
  const legend = spend.getByTestId("spend-legend");
  await expect(legend.getByRole("rowheader", { name: OWNER.name })).toBeVisible();
  await spend.scrollIntoViewIfNeeded();
  await shoot(page, "settings-spend");

  await spend.getByRole("radio", { name: "By model" }).click();
  await expect(spend.getByRole("img", { name: /stacked by model$/ })).toBeVisible();
  await expect(legend.getByRole("rowheader", { name: model })).toBeVisible();

  await spend.getByText("Every day's figures").click();
  const days = spend.getByTestId("spend-days");
  await expect(days.getByRole("cell", { name: model }).first()).toBeVisible();
  await shoot(page, "settings-spend-by-model");

  const month = spend.getByTestId("spend-month");
  const now = await month.textContent();
  await expect(spend.getByRole("button", { name: "Next month" })).toBeDisabled();
  await spend.getByRole("button", { name: "Previous month" }).click();
  await expect(month).not.toHaveText(now ?? "");
  await expect(spend.getByText("Nothing was spent in this month.")).toBeVisible();
  await expect(spend.getByTestId("spend-total")).toHaveText("$0.00");
  // An empty month's scale: three marks of money, no two alike.
  await expect(spend.getByTestId("spend-axis-tick")).toHaveText(["$0.00", "$0.50", "$1.00"]);
  await shoot(page, "settings-spend-empty-month");
  await spend.getByRole("button", { name: "Next month" }).click();
  await expect(month).toHaveText(now ?? "");
});
