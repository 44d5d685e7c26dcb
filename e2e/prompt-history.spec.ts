import { type Page, request as playwrightRequest } from "@playwright/test";
import { imageTask, joinAsMember, memberIdOf, sendTasks } from "./fixtures/accounts";
import { expect, test } from "./fixtures/reused-page";
import { TAKE_SCREENS } from "./fixtures/screens";
import { memberWithRole } from "./fixtures/studio-api";
import { CreatePage } from "./pages/create-page";
import { StudioShell } from "./pages/studio-shell";

/**
 * Prompt history: three prompts that are edits of each other, sent from the studio, read back as
 * one chain of versions with their word diffs and results; two compared; one sent back to Create;
 * the three varied as an experiment.
 */

async function screens(page: Page, name: string) {
  // The sizes change for the pictures alone: without them the page stays as it is.
  if (!TAKE_SCREENS) return;
  const shell = new StudioShell(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await shell.screenshot(`prompts-${name}-1440x900`);
  await page.setViewportSize({ width: 1280, height: 720 });
  await shell.screenshot(`prompts-${name}-1280x720`);
  await page.setViewportSize({ width: 1440, height: 900 });
}

test("three edits of a prompt are one chain: diff two, use one in Create, vary them as an experiment", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // A word no other spec sends narrows the shared history to this test's prompts. Its last five
  // letters of the clock are enough to tell the runs of one studio apart, and keep "a red" and the
  // word well inside a column's line whatever the letters are: the first prompt fits its column's
  // two lines whole (below), where eight letters made it a pixel too wide one time in forty.
  const word = `quillfox${Date.now().toString(36).slice(-5)}`;
  const prompts = [
    `a red ${word} in a snowy forest`,
    `a red ${word} in a snowy pine forest`,
    `a red ${word} in a snowy pine forest, watercolor`,
  ];
  for (const prompt of prompts) {
    const sent = await sendTasks(page.request, baseURL ?? "", [imageTask(prompt)]);
    expect(sent.ok()).toBe(true);
  }

  await page.goto("/experiments");
  await page.getByRole("link", { name: "Prompt history" }).click();
  await expect(page).toHaveURL(/\/prompts$/);
  await page.getByRole("searchbox", { name: "Search prompts" }).fill(word);
  const chains = page.getByTestId("prompt-chain");
  await expect(chains).toHaveCount(1);
  const versions = chains.first().getByTestId("prompt-version");
  await expect(versions).toHaveCount(3);
  await expect(chains.first()).toContainText("3 versions");
  // Each version shows what it added to the one before.
  await expect(versions.nth(1).locator("ins")).toHaveText(/pine/);
  await expect(versions.nth(2).locator("ins")).toHaveText(/watercolor/);
  // And the results it made, linked to the viewer.
  await expect(versions.nth(0).getByRole("link", { name: "Result of version 1" })).toHaveAttribute(
    "href",
    /\/gallery\/item\//,
    { timeout: 30_000 },
  );
  await expect(versions.nth(2).getByRole("img", { name: "Result of version 3" })).toBeVisible({
    timeout: 30_000,
  });
  // The model by the name the rest of the studio gives it, not its id alone.
  await expect(versions.nth(0).getByTestId("model-label")).toHaveText("FLUX.1 [schnell] · runware:100@1");
  await screens(page, "history");

  // Two chosen: the diff of the first and the last.
  await versions.nth(0).getByRole("checkbox").check();
  await versions.nth(2).getByRole("checkbox").check();
  await expect(page.getByRole("toolbar", { name: "Selected prompts" })).toContainText("2 selected");
  await page.getByRole("button", { name: "Compare the two" }).click();
  const diff = page.getByRole("dialog", { name: "What changed between the two prompts" });
  await expect(diff.getByTestId("pair-diff").locator("ins")).toHaveText(["pine ", ", watercolor"]);
  await expect(diff.getByRole("region", { name: "Older prompt" })).toContainText(prompts[0] as string);
  await screens(page, "diff");
  await page.keyboard.press("Escape");
  await expect(diff).toBeHidden();

  // Use in Create: the prompt lands in the text-to-image form.
  const use = versions.nth(2).getByRole("link", { name: "Use version 3 in Create" });
  await expect(use).toHaveAttribute("href", /\/create\/text-to-image\?recall=/);
  await use.click();
  // The form drops the one-time `recall` from the address once it has read it.
  await expect(page).toHaveURL(/\/create\/text-to-image/);
  const create = new CreatePage(page);
  await expect(create.prompt).toHaveValue(prompts[2] as string);
  // And the Create page's prompt field leads back to the history.
  await page.getByRole("link", { name: "History" }).click();
  await expect(page).toHaveURL(/\/prompts$/);

  // Vary the three as an experiment: a prompt axis with those prompts.
  await page.getByRole("searchbox", { name: "Search prompts" }).fill(word);
  await expect(versions).toHaveCount(3);
  for (let i = 0; i < 3; i++) await versions.nth(i).getByRole("checkbox").check();
  await page.getByRole("button", { name: "Vary as experiment" }).click();
  const vary = page.getByRole("dialog", { name: "Vary this task" });
  await expect(vary.getByLabel("Prompts, one a line")).toHaveValue(prompts.join("\n"));
  await expect(vary.getByRole("status")).toContainText("3 cells, 3 images");
  await screens(page, "vary");
  await vary.getByRole("button", { name: "Run 3 cells" }).click();
  // A new page rendered by the server: on a loaded machine, as long as any navigation.
  await expect(page).toHaveURL(/\/experiments\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  const grid = page.getByRole("table", { name: "Experiment grid" });
  // One column per chosen prompt: its header shows the words it differs in, the whole prompt on hover.
  await expect(grid.getByRole("columnheader", { name: /Pin a red quillfox/ })).toHaveCount(3);
  const labels = grid.getByTestId("axis-label");
  await expect(labels).toHaveText([prompts[0] as string, "…pine…", "…pine forest, watercolor"]);
  for (const [i, prompt] of prompts.entries()) await expect(labels.nth(i)).toHaveAttribute("title", prompt);
});

test("a teammate's prompts show under Everyone's and under their name, not under mine", async ({
  page,
  baseURL,
}) => {
  const origin = baseURL ?? "";
  const word = `tealheron${Date.now().toString(36)}`;
  const mate = await memberWithRole(
    page.request,
    () => playwrightRequest.newContext({ baseURL: origin, storageState: { cookies: [], origins: [] } }),
    origin,
    "editor",
    `${word}@studio.test`,
  );
  try {
    const sent = await sendTasks(mate, origin, [imageTask(`a ${word} standing in a misty marsh`)]);
    expect(sent.ok()).toBe(true);
  } finally {
    await mate.dispose();
  }
  await page.goto("/prompts");
  const whose = page.getByRole("combobox", { name: "Whose prompts" });
  await expect(whose).toHaveValue("me");
  await page.getByRole("searchbox", { name: "Search prompts" }).fill(word);
  await expect(page.getByRole("heading", { name: "No prompt matches" })).toBeVisible();
  await screens(page, "empty-search");
  await whose.selectOption("all");
  const chain = page.getByTestId("prompt-chain");
  await expect(chain).toHaveCount(1);
  await expect(chain).toContainText(`a ${word} standing in a misty marsh`);
  await expect(chain).toContainText("by A editor");
  // Under the teammate's own name too.
  const mateId = await memberIdOf(page.request, `${word}@studio.test`);
  await whose.selectOption(mateId);
  await expect(chain).toHaveCount(1);
  await expect(chain).toContainText(`a ${word} standing in a misty marsh`);
});

test("the address holds the search: a link with ?q= opens it filtered, and typing updates the address", async ({
  page,
  baseURL,
}) => {
  const word = `amberwren${Date.now().toString(36)}`;
  const other = `slatemoth${Date.now().toString(36)}`;
  for (const prompt of [`an ${word} on a fence post`, `a ${other} by a lamp`]) {
    expect((await sendTasks(page.request, baseURL ?? "", [imageTask(prompt)])).ok()).toBe(true);
  }
  await page.goto(`/prompts?q=${word}`);
  const search = page.getByRole("searchbox", { name: "Search prompts" });
  await expect(search).toHaveValue(word);
  const chains = page.getByTestId("prompt-chain");
  await expect(chains).toHaveCount(1);
  await expect(chains).toContainText(`an ${word} on a fence post`);

  // Typing another search writes it into the address, which a reload (or a teammate) opens again.
  await search.fill(other);
  await expect(page).toHaveURL(new RegExp(`/prompts\\?q=${other}$`));
  await expect(chains).toHaveCount(1);
  await expect(chains).toContainText(`a ${other} by a lamp`);
  await page.getByRole("combobox", { name: "Whose prompts" }).selectOption("all");
  await expect(page).toHaveURL(new RegExp(`/prompts\\?q=${other}&member=all$`));
  await page.reload();
  await expect(search).toHaveValue(other);
  await expect(page.getByRole("combobox", { name: "Whose prompts" })).toHaveValue("all");
  await expect(chains).toHaveCount(1);
  await expect(chains).toContainText(`a ${other} by a lamp`);

  // Emptied, the address is the bare page again.
  await search.fill("");
  await expect(page).toHaveURL(/\/prompts\?member=all$/);

  // A link pressed right after typing is followed, and Back returns to the search typed.
  await search.fill(word);
  await page.getByRole("navigation").getByRole("link", { name: "Gallery" }).first().click();
  await expect(page).toHaveURL(/\/gallery$/);
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/prompts\\?q=${word}&member=all$`));
  await expect(search).toHaveValue(word);
  await expect(chains).toHaveCount(1);
});

test("a task cancelled while it waited is shown in the history as cancelled, not failed", async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const origin = baseURL ?? "";
  // A member of their own: the engine holds "(held)" tasks for as long as the studio runs, so
  // their four at work keep the fifth waiting, and no other spec waits behind them.
  const context = await joinAsMember(browser, request, origin, {
    name: "Cass Cancels",
    email: "cass.cancels@studio.test",
    password: "a task never sent",
  });
  const word = `cancelwren${Date.now().toString(36)}`;
  const held = Array.from({ length: 4 }, (_, i) => imageTask(`a quiet harbour (held) ${word} No. ${i}`));
  expect((await sendTasks(context.request, origin, held)).status()).toBe(202);
  const waiting = imageTask(`a lone wren on a fence post ${word}`);
  expect((await sendTasks(context.request, origin, [waiting])).status()).toBe(202);
  const cancel = await context.request.post("/api/queue/cancel", {
    data: { taskUUIDs: [waiting.taskUUID] },
    headers: { origin },
  });
  expect(await cancel.text()).toContain('"cancelled":1');

  const page = await context.newPage();
  await page.goto("/prompts");
  await page.getByRole("searchbox", { name: "Search prompts" }).fill(word);
  const version = page.getByTestId("prompt-version").filter({ hasText: "a lone wren on a fence post" });
  await expect(version).toHaveCount(1);
  await expect(version).toContainText("cancelled");
  await expect(version).not.toContainText("failed");
  await screens(page, "cancelled");
});
