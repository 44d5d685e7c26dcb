import type { APIRequestContext, Page } from "@playwright/test";
import { imageTask, joinAsMember, sendTasks } from "./fixtures/accounts";
import { expect, test } from "./fixtures/reused-page";
import { TAKE_SCREENS } from "./fixtures/screens";
import { finishedTask } from "./fixtures/studio-api";
import { StudioShell } from "./pages/studio-shell";

/**
 * "Which run of this evaluation set is better, and do my teammates agree?": a set of two cases run
 * on two models; the owner starts a blind vote over both runs from the side by side, votes, a
 * reviewer votes through the round's link, the owner closes it; each run's column then shows the
 * votes it received beside its ratings, and the ranking names the runs.
 */

const REVIEWER = { name: "Rhea Reviewer", email: "rhea.setvotes@studio.test", password: "two good eyes" };

async function screens(page: Page, name: string, dialog = false) {
  // The sizes change for the pictures alone: without them the page stays as it is.
  if (!TAKE_SCREENS) return;
  const shell = new StudioShell(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await shell.screenshot(
    `eval-set-votes-${name}-1440x900`,
    dialog ? { x: 0, y: 0, width: 1440, height: 900 } : undefined,
  );
  await page.setViewportSize({ width: 1280, height: 720 });
  await shell.screenshot(
    `eval-set-votes-${name}-1280x720`,
    dialog ? { x: 0, y: 0, width: 1280, height: 720 } : undefined,
  );
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** A set of two cases, run on two models; resolves once both runs have their four results. */
async function setWithTwoRuns(request: APIRequestContext, origin: string, word: string) {
  const made = await request.post("/api/eval-sets", {
    headers: { origin },
    data: {
      name: `Harbours ${word}`,
      cases: [
        { prompt: `a harbour at dawn, ${word}`, seed: 31 },
        { prompt: `a harbour in rain, ${word}`, seed: 32 },
      ],
    },
  });
  expect(made.status()).toBe(201);
  const setId = ((await made.json()) as { data: { id: string } }).data.id;
  for (const model of ["runware:100@1", "runware:101@1"]) {
    const run = await request.post(`/api/eval-sets/${setId}/runs`, {
      headers: { origin },
      data: { model, width: 512, height: 512, steps: 4 },
    });
    expect(run.status()).toBe(201);
  }
  await expect(async () => {
    const res = await request.get(`/api/eval-sets/${setId}`);
    const view = ((await res.json()) as { data: { runs: { done: number }[] } }).data;
    expect(view.runs.map((r) => r.done)).toEqual([2, 2]);
  }).toPass({ timeout: 90_000 });
  return setId;
}

test("a blind vote between two runs of a set: two members vote, it closes, each run shows its votes", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const origin = baseURL ?? "";
  const word = `harbour${crypto
    .randomUUID()
    .slice(0, 6)
    .replace(/[^a-z]/g, "x")}`;
  const setId = await setWithTwoRuns(page.request, origin, word);

  await page.goto(`/experiments/sets/${setId}`);
  const table = page.getByRole("table", { name: "Runs side by side" });
  await expect(table.getByTestId("run-column")).toHaveCount(2);
  await expect(table.getByTestId("result-cell")).toHaveCount(4);
  await expect(table.getByTestId("run-votes")).toHaveText(Array(2).fill("No closed blind vote yet"));

  // One run ticked is not enough for a vote.
  const newer = page.getByRole("checkbox", { name: /Show FLUX\.1 \[dev\] · runware:101@1 .* side by side/ });
  await newer.uncheck();
  await expect(table.getByTestId("run-column")).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Blind vote…" })).toBeDisabled();
  await newer.check();
  await expect(table.getByTestId("run-column")).toHaveCount(2);

  // Blind vote… over the two runs shown side by side.
  await page.getByRole("button", { name: "Blind vote…" }).click();
  const start = page.getByRole("dialog", { name: "Start a blind vote between runs" });
  const inVote = start.getByRole("list", { name: "Runs in the vote" }).getByRole("listitem");
  await expect(inVote).toHaveCount(2);
  // In the order they were ticked: the older run, then the newer one ticked again.
  await expect(inVote.first()).toContainText("runware:100@1");
  await expect(inVote.nth(1)).toContainText("runware:101@1");
  await start.getByLabel("Question (optional)").fill(`Which model draws harbours? ${word}`);
  await screens(page, "start", true);
  await start.getByRole("button", { name: "Start the vote" }).click();

  // The ballot opens on a page of its own; nothing says which run.
  await expect(page).toHaveURL(/\/votes\/[0-9a-f-]{36}\/ballot$/);
  const voteId = page.url().split("/").at(-2) as string;
  const question = `Which model draws harbours? ${word}`;
  const ballot = page.getByRole("region", { name: "Ballot" });
  const progress = ballot.getByRole("status", { name: "Votes given" });
  await expect(progress).toHaveText("0 of 2");
  await expect(ballot).not.toContainText("runware");
  await expect(ballot).not.toContainText("harbour at dawn");
  await screens(page, "ballot", true);
  await ballot.getByRole("button", { name: "Left is better" }).click();
  await expect(progress).toHaveText("1 of 2");
  await ballot.getByRole("button", { name: "Right is better" }).click();
  await expect(progress).toHaveText("2 of 2");
  await page.goto(`/experiments/sets/${setId}`);
  const card = page.getByRole("listitem", { name: question });
  await expect(card.getByTestId("vote-counts")).toContainText("2 runs · 2 pairs · 2 votes from 1 voter");
  await expect(card).toContainText("The ranking stays hidden");

  // A reviewer opens the round's link and votes; a reviewer neither starts nor closes a vote.
  const reviewerContext = await joinAsMember(browser, page.request, origin, REVIEWER, "reviewer");
  try {
    const reviewer = await reviewerContext.newPage();
    await reviewer.goto(`/experiments/sets/${setId}?vote=${voteId}`);
    await expect(reviewer).toHaveURL(new RegExp(`/votes/${voteId}/ballot$`));
    const theirs = reviewer.getByRole("region", { name: "Ballot" });
    const theirProgress = theirs.getByRole("status", { name: "Votes given" });
    await expect(theirProgress).toHaveText("0 of 2");
    await theirs.getByRole("button", { name: "Left is better" }).click();
    await expect(theirProgress).toHaveText("1 of 2");
    await theirs.getByRole("button", { name: "Tie", exact: true }).click();
    await expect(theirProgress).toHaveText("2 of 2");
    await reviewer.goto(`/experiments/sets/${setId}`);
    const theirCard = reviewer.getByRole("listitem", { name: question });
    await expect(theirCard).toContainText("you voted on 2 of 2");
    await expect(theirCard.getByRole("button", { name: "Close voting" })).toHaveCount(0);
    await expect(reviewer.getByRole("button", { name: "Blind vote…" })).toHaveCount(0);
    const api = reviewerContext.request;
    expect((await api.post(`/api/votes/${voteId}/close`, { headers: { origin }, data: {} })).status()).toBe(
      403,
    );
    const refused = await api.post(`/api/eval-sets/${setId}/votes`, {
      headers: { origin },
      data: { runs: [voteId, voteId] },
    });
    expect(refused.status()).toBe(403);
  } finally {
    await reviewerContext.close();
  }

  // The owner's page counts the reviewer's votes, then the owner closes the vote.
  await expect(card.getByTestId("vote-counts")).toContainText("4 votes from 2 voters");
  await card.getByRole("link", { name: "Continue voting" }).click();
  await expect(page.getByRole("status", { name: "Votes given" })).toHaveText("2 of 2");
  await page.goto(`/experiments/sets/${setId}`);
  await card.getByRole("button", { name: "Close voting" }).click();
  await page
    .getByRole("dialog", { name: "Close this vote?" })
    .getByRole("button", { name: "Close the vote" })
    .click();
  const ranking = card.getByTestId("vote-ranking");
  await expect(ranking).toBeVisible();
  await expect(ranking).toContainText("Run 1 · runware:100@1");
  await expect(ranking).toContainText("Run 2 · runware:101@1");
  await expect(ranking).toContainText("4 votes from 2 voters on 2 pairs");

  // Each run's column shows the votes it received beside its rating: 4 votes, one a tie.
  const votes = table.getByTestId("run-votes");
  await expect(votes.first()).toContainText(/\d wins? · \d loss(es)? · 1 tie/);
  await expect(votes.nth(1)).toContainText(/\d wins? · \d loss(es)? · 1 tie/);
  await expect(votes.first()).toContainText("win chance in the latest vote");
  const counted = await votes.allTextContents();
  const total = counted
    .map((t) => [...t.matchAll(/(\d+) (?:wins?|loss(?:es)?)/g)].reduce((n, m) => n + Number(m[1]), 0))
    .reduce((a, b) => a + b, 0);
  expect(total).toBe(6);
  await expect(table.getByTestId("run-rating")).toHaveText(Array(2).fill("Not rated yet"));

  // Share: a link to the closed vote.
  await card.getByRole("button", { name: "Share" }).click();
  await card.getByRole("switch", { name: /Show the prompts and settings/ }).click();
  await card.getByRole("button", { name: "Create link" }).click();
  const link = card.getByRole("textbox", { name: "Link to this vote" });
  await expect(link).toHaveValue(/\/s\/[A-Za-z0-9_-]+$/);
  await page.getByRole("heading", { name: "Side by side" }).scrollIntoViewIfNeeded();
  await screens(page, "closed");

  // Someone signed out reads the ranking through the link, under the set's name.
  const guest = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  try {
    const guestPage = await guest.newPage();
    await guestPage.goto(await link.inputValue());
    await expect(guestPage.getByText(`Blind vote · Harbours ${word}`)).toBeVisible();
    await expect(guestPage.getByTestId("vote-ranking")).toContainText("runware:101@1");
  } finally {
    await guest.close();
  }
});

test("the video prompt links to prompt history", async ({ page }) => {
  await page.goto("/create/video");
  await page.getByRole("link", { name: "History" }).click();
  // A page change, bounded as navigations are (30 s), not as a change on the page (10 s): on the
  // busy two-core machine the new page's render and first scripts took longer than 10 s once.
  await page.waitForURL(/\/prompts$/);
  await expect(page.getByRole("heading", { name: "Prompt history" })).toBeVisible();
});

test("a blind vote between three picked results, from the compare page, on its own page", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const origin = baseURL ?? "";
  const stamp = Date.now().toString(36);
  const ids: string[] = [];
  for (const [i, prompt] of ["a tin robot", "a wooden robot", "a glass robot"].entries()) {
    const task = imageTask(`${prompt} ${stamp}`, { seed: 700 + i });
    const res = await sendTasks(page.request, origin, [task]);
    expect(res.status()).toBe(202);
    const view = await finishedTask(page.request, String(task.taskUUID), 60_000);
    ids.push(view.items[0]?.id as string);
  }

  await page.goto(`/gallery/compare?ids=${ids.join(",")}`);
  await page.getByRole("button", { name: "Blind vote…" }).click();
  const start = page.getByRole("dialog", { name: "Start a blind vote between these results" });
  await expect(start.getByRole("status")).toHaveText("3 results · 3 pairs for each voter");
  await screens(page, "compare-start", true);
  await start.getByRole("button", { name: "Start the vote" }).click();

  // The ballot opens on a page of its own.
  await expect(page).toHaveURL(/\/votes\/[0-9a-f-]{36}\/ballot$/);
  const voteId = page.url().split("/").at(-2) as string;
  const ballot = page.getByRole("region", { name: "Ballot" });
  const progress = ballot.getByRole("status", { name: "Votes given" });
  await expect(progress).toHaveText("0 of 3");
  await expect(ballot).not.toContainText("robot");
  for (const [i, key] of ["1", "2", "="].entries()) {
    await page.keyboard.press(key);
    await expect(progress).toHaveText(`${i + 1} of 3`);
  }
  await page.getByRole("link", { name: "The vote's page" }).click();
  await expect(page).toHaveURL(new RegExp(`/votes/${voteId}$`));
  const card = page.getByRole("listitem", { name: "Which result works best?" });
  await expect(card.getByTestId("vote-counts")).toContainText("3 results · 3 pairs · 3 votes from 1 voter");

  // A reviewer votes from the page's link.
  const reviewerContext = await joinAsMember(
    browser,
    page.request,
    origin,
    { name: "Rory Reviewer", email: `rory.picked.${stamp}@studio.test`, password: "two good eyes" },
    "reviewer",
  );
  try {
    const reviewer = await reviewerContext.newPage();
    await reviewer.goto(`/votes/${voteId}`);
    await reviewer
      .getByRole("listitem", { name: "Which result works best?" })
      .getByRole("link", { name: "Vote", exact: true })
      .click();
    const theirs = reviewer.getByRole("region", { name: "Ballot" });
    const theirProgress = theirs.getByRole("status", { name: "Votes given" });
    await expect(theirProgress).toHaveText("0 of 3");
    for (const [i, side] of ["Left is better", "Left is better", "Right is better"].entries()) {
      await theirs.getByRole("button", { name: side }).click();
      await expect(theirProgress).toHaveText(`${i + 1} of 3`);
    }
    const refused = await reviewerContext.request.post("/api/votes", {
      headers: { origin },
      data: { items: ids },
    });
    expect(refused.status()).toBe(403);
  } finally {
    await reviewerContext.close();
  }

  // The owner closes it: the ranking names the results by their prompts.
  await expect(card.getByTestId("vote-counts")).toContainText("6 votes from 2 voters");
  await card.getByRole("button", { name: "Close voting" }).click();
  await page
    .getByRole("dialog", { name: "Close this vote?" })
    .getByRole("button", { name: "Close the vote" })
    .click();
  const ranking = card.getByTestId("vote-ranking");
  await expect(ranking).toContainText(`Result 1 · a tin robot ${stamp}`);
  await expect(ranking).toContainText(`Result 3 · a glass robot ${stamp}`);
  await screens(page, "picked-closed");
});
