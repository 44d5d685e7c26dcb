import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { joinAsMember } from "./fixtures/accounts";
import { expect, test } from "./fixtures/reused-page";
import { TAKE_SCREENS } from "./fixtures/screens";
import { shareLinkRow, shownAddressOf } from "./fixtures/share-rows";
import { StudioShell } from "./pages/studio-shell";

/**
 * "Which of these three prompts works best across the seeds, and do my teammates agree?", on the
 * experiment page: an editor starts a blind vote over the prompt axis; the owner and a reviewer
 * vote through every pair in their own browsers, by button and by key, never seeing a prompt; the
 * editor watches the counts rise live; the owner closes the vote; everyone sees the ranking with
 * its votes, intervals and agreement; the share link shows it to someone signed out, and stops
 * once revoked in Settings.
 */
test.describe.configure({ mode: "serial" });

const EDITOR = { name: "Edda Editor", email: "edda.votes@studio.test", password: "an even hand" };
const REVIEWER = { name: "Rui Reviewer", email: "rui.votes@studio.test", password: "a keen eye" };
const VIEWER = { name: "Vic Viewer", email: "vic.votes@studio.test", password: "just looking" };

/** Both sizes; a dialog is shot as the screen shows it (a full-page shot would stretch its backdrop). */
async function screens(page: Page, name: string, dialog = false) {
  // The sizes change for the pictures alone: without them the page stays as it is.
  if (!TAKE_SCREENS) return;
  const shell = new StudioShell(page);
  await shell.screenshot(
    `blind-vote-${name}-1440x900`,
    dialog ? { x: 0, y: 0, width: 1440, height: 900 } : undefined,
  );
  await page.setViewportSize({ width: 1280, height: 720 });
  await shell.screenshot(
    `blind-vote-${name}-1280x720`,
    dialog ? { x: 0, y: 0, width: 1280, height: 720 } : undefined,
  );
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** Posts an experiment of three prompts x two seeds and waits for its six cells. */
async function smallExperiment(
  request: APIRequestContext,
  origin: string,
  prompts: string[],
): Promise<string> {
  const made = await request.post("/api/experiments", {
    headers: { origin },
    data: {
      name: "Three prompts, two seeds",
      base: {
        taskType: "imageInference",
        positivePrompt: prompts[0],
        model: "runware:100@1",
        width: 512,
        height: 512,
      },
      axes: [
        { kind: "prompts", prompts },
        { kind: "seeds", seeds: [101, 202] },
      ],
    },
  });
  expect(made.status()).toBe(201);
  const id = ((await made.json()) as { data: { id: string } }).data.id;
  await expect(async () => {
    const res = await request.get(`/api/experiments/${id}`);
    const view = ((await res.json()) as { data: { progress: { done: number } } }).data;
    expect(view.progress.done).toBe(6);
  }).toPass({ timeout: 90_000 });
  return id;
}

async function expectNoPrompt(where: Locator, prompts: string[]) {
  for (const p of prompts) await expect(where).not.toContainText(p);
}

test("a blind vote over three prompts: two members vote, the owner closes it, all see the ranking; shared by link", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const origin = baseURL ?? "";
  const word = `ballot${crypto
    .randomUUID()
    .slice(0, 6)
    .replace(/[^a-z]/g, "x")}`;
  const prompts = [
    `a red fox in snow, ${word}`,
    `a grey wolf in snow, ${word}`,
    `an owl on a branch, ${word}`,
  ];

  // The editor builds the experiment and opens it.
  const editorContext = await joinAsMember(browser, page.request, origin, EDITOR, "editor");
  const editor = await editorContext.newPage();
  const id = await smallExperiment(editorContext.request, origin, prompts);
  await editor.goto(`/experiments/${id}`);
  // A page's first load on a busy machine: its grid and counts come after the shell.
  await expect(editor.getByRole("status", { name: "Progress" })).toHaveText(/^6 of 6 done/, {
    timeout: 30_000,
  });

  // Cancel closes the dialog and starts nothing.
  await editor.getByRole("button", { name: "Blind vote…" }).click();
  const start = editor.getByRole("dialog", { name: "Start a blind vote" });
  await start.getByRole("button", { name: "Cancel" }).click();
  await expect(start).toHaveCount(0);
  await expect(editor).not.toHaveURL(/[?&]vote=/);

  // Blind vote…: the prompt axis is picked, all three values ticked, 3 pairs x 2 seeds.
  await editor.getByRole("button", { name: "Blind vote…" }).click();
  await expect(start.getByLabel("Compare the values of")).toHaveValue("0");
  await expect(start.getByRole("checkbox")).toHaveCount(3);
  await expect(start.getByRole("status")).toHaveText("6 pairs for each voter");
  await start.getByRole("checkbox", { name: prompts[1] }).uncheck();
  await expect(start.getByRole("status")).toHaveText("2 pairs for each voter");
  await start.getByRole("checkbox", { name: prompts[1] }).check();
  await screens(editor, "start", true);
  await start.getByRole("button", { name: "Start the vote" }).click();

  // The new round's ballot opens on a page of its own, never over the labelled grid.
  await expect(editor).toHaveURL(/\/votes\/[0-9a-f-]{36}\/ballot$/);
  const voteId = editor.url().split("/").at(-2) as string;
  const editorBallot = editor.getByRole("region", { name: "Ballot" });
  await expect(editorBallot.getByRole("status", { name: "Votes given" })).toHaveText("0 of 6");
  await expect(editor.getByRole("dialog")).toHaveCount(0);
  // Partway through their ballot, the editor follows the vote on its own page, without the grid.
  await editor.getByRole("link", { name: "The vote's page" }).click();
  await expect(editor).toHaveURL(new RegExp(`/votes/${voteId}$`));
  const editorCard = editor.getByRole("listitem", { name: "Which prompt works best?" });
  await expect(editorCard.getByTestId("vote-counts")).toContainText("6 pairs · 0 votes from 0 voters");

  // The owner votes from the experiment page, by button and by key.
  await page.goto(`/experiments/${id}`);
  await page
    .getByRole("listitem", { name: "Which prompt works best?" })
    .getByRole("link", { name: "Vote", exact: true })
    .click();
  await expect(page).toHaveURL(new RegExp(`/votes/${voteId}/ballot$`));
  const ballot = page.getByRole("region", { name: "Ballot" });
  const progress = ballot.getByRole("status", { name: "Votes given" });
  await expect(progress).toHaveText("0 of 6");
  await expect(ballot.getByRole("img", { name: "Left candidate" })).toBeVisible();
  await expect(ballot.getByRole("img", { name: "Right candidate" })).toBeVisible();
  await expectNoPrompt(ballot, prompts);
  await screens(page, "ballot", true);
  await expect(page.getByRole("heading", { name: "Which prompt works best?" })).toBeVisible();
  await ballot.getByRole("button", { name: "Left is better" }).click();
  await expect(progress).toHaveText("1 of 6");
  await ballot.getByRole("button", { name: "Right is better" }).click();
  await expect(progress).toHaveText("2 of 6");
  await ballot.getByRole("button", { name: "Tie", exact: true }).click();
  await expect(progress).toHaveText("3 of 6");
  await page.keyboard.press("ArrowLeft");
  await expect(progress).toHaveText("4 of 6");
  await page.keyboard.press("ArrowRight");
  await expect(progress).toHaveText("5 of 6");
  await ballot.getByRole("button", { name: "Left image" }).click();
  await expect(progress).toHaveText("6 of 6");
  await expect(ballot.getByText("You have voted on every pair.")).toBeVisible();
  // A vote changes: back one pair, pick the other side; still one vote per pair.
  await ballot.getByRole("button", { name: "Previous pair" }).click();
  await expect(ballot.getByText("Pair 5 of 6")).toBeVisible();
  await ballot.getByRole("button", { name: "Right is better" }).click();
  await expect(ballot.getByRole("button", { name: "Right is better" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(progress).toHaveText("6 of 6");
  await ballot.getByRole("button", { name: "Next pair" }).click();
  await expect(ballot.getByText("Pair 6 of 6")).toBeVisible();
  await expectNoPrompt(ballot, prompts);
  await screens(page, "ballot-done", true);

  // The editor's open page counts the owner's votes without a reload.
  await expect(editorCard.getByTestId("vote-counts")).toContainText("6 votes from 1 voter");

  // The reviewer opens the round's link and votes with the keys alone; their ballot names nothing.
  const reviewerContext = await joinAsMember(browser, page.request, origin, REVIEWER, "reviewer");
  const raw = await reviewerContext.request.get(`/api/votes/${voteId}/ballot`);
  expect(raw.status()).toBe(200);
  const rawText = await raw.text();
  for (const p of prompts) expect(rawText).not.toContain(p);
  expect(rawText).not.toContain(word);
  // Its pictures are the round's own: no item id and no media address the gallery or the
  // experiment shows beside a prompt, and they open for a voter.
  // Their ballot is open now: the experiment is refused to them; the owner, done voting, reads it.
  expect((await reviewerContext.request.get(`/api/experiments/${id}`)).status()).toBe(403);
  const experimentText = await (await page.request.get(`/api/experiments/${id}`)).text();
  const shownIds = new Set(
    experimentText.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g),
  );
  shownIds.delete(id);
  expect(shownIds.size).toBeGreaterThan(0);
  for (const shown of shownIds) expect(rawText).not.toContain(shown);
  expect(rawText).not.toContain("/api/media/");
  const ballotUrls = [...rawText.matchAll(/"url":"([^"]+)"/g)].map((m) => m[1] as string);
  expect(ballotUrls).toHaveLength(12);
  for (const url of ballotUrls) {
    expect(url).toMatch(new RegExp(`^/api/votes/${voteId}/media/[A-Za-z0-9_-]{32}$`));
    expect(experimentText).not.toContain(url.split("/").at(-1));
  }
  const ballotUrl = ballotUrls[0] as string;
  const picture = await reviewerContext.request.get(ballotUrl);
  expect(picture.status()).toBe(200);
  expect(picture.headers()["content-type"]).toMatch(/^image\//);
  expect((await reviewerContext.request.get(ballotUrl.replace(voteId, crypto.randomUUID()))).status()).toBe(
    404,
  );
  expect((await reviewerContext.request.get(`/api/votes/${voteId}/media/${"A".repeat(32)}`)).status()).toBe(
    404,
  );
  const reviewer = await reviewerContext.newPage();
  // Their ballot is open (read above): the vote's old link over the grid shows them a way back to
  // it instead of the grid.
  await reviewer.goto(`/experiments/${id}?vote=${voteId}`);
  await expect(
    reviewer.getByRole("heading", { name: "You are voting blind on this experiment" }),
  ).toBeVisible();
  await expectNoPrompt(reviewer.locator("main"), prompts);
  await reviewer.getByRole("link", { name: "Back to your ballot" }).click();
  await expect(reviewer).toHaveURL(new RegExp(`/votes/${voteId}/ballot$`));
  const reviewerBallot = reviewer.getByRole("region", { name: "Ballot" });
  const reviewerProgress = reviewerBallot.getByRole("status", { name: "Votes given" });
  await expect(reviewerProgress).toHaveText("0 of 6");
  await expectNoPrompt(reviewerBallot, prompts);
  for (const [i, key] of ["1", "2", "=", "ArrowLeft", "1", "ArrowRight"].entries()) {
    await reviewer.keyboard.press(key);
    await expect(reviewerProgress).toHaveText(`${i + 1} of 6`);
  }
  // A reviewer votes but does not close; done voting, they see the grid again.
  await expect(reviewer.getByRole("button", { name: "Close voting" })).toHaveCount(0);
  await reviewer.goto(`/experiments/${id}`);
  const reviewerCard = reviewer.getByRole("listitem", { name: "Which prompt works best?" });
  await expect(reviewerCard).toContainText("you voted on 6 of 6", { timeout: 30_000 });
  await expect(reviewerCard.getByRole("button", { name: "Close voting" })).toHaveCount(0);
  await expect(reviewerCard).toContainText("The ranking stays hidden");

  // Roles and origins: a reviewer neither starts nor closes a vote; a viewer neither reads a
  // ballot nor votes; a vote from another origin is refused.
  const reviewerApi = reviewerContext.request;
  expect(
    (await reviewerApi.post(`/api/votes/${voteId}/close`, { headers: { origin }, data: {} })).status(),
  ).toBe(403);
  expect(
    (
      await reviewerApi.post(`/api/experiments/${id}/votes`, { headers: { origin }, data: { axis: 0 } })
    ).status(),
  ).toBe(403);
  const someone = (await (await reviewerApi.get(`/api/votes/${voteId}/ballot`)).json()) as {
    data: { pairs: { id: string }[] };
  };
  const pairId = someone.data.pairs[0]?.id as string;
  expect(
    (
      await reviewerApi.post(`/api/votes/${voteId}/picks`, {
        headers: { origin: "http://elsewhere.test" },
        data: { pairId, pick: "left" },
      })
    ).status(),
  ).toBe(403);
  const viewerContext = await joinAsMember(browser, page.request, origin, VIEWER, "viewer");
  expect((await viewerContext.request.get(`/api/votes/${voteId}/ballot`)).status()).toBe(403);
  expect((await viewerContext.request.get(ballotUrl)).status()).toBe(403);
  expect(
    (
      await viewerContext.request.post(`/api/votes/${voteId}/picks`, {
        headers: { origin },
        data: { pairId, pick: "left" },
      })
    ).status(),
  ).toBe(403);
  const open = (await (await viewerContext.request.get(`/api/votes/${voteId}/results`)).json()) as {
    data: { votes: number; ranking: unknown };
  };
  expect(open.data).toMatchObject({ votes: 12, ranking: null });
  // An address that names no vote is refused naming its parameter.
  const malformed = await viewerContext.request.get("/api/votes/not-a-vote/results");
  expect(malformed.status()).toBe(400);
  expect(((await malformed.json()) as { errors: { parameter?: string }[] }).errors[0]?.parameter).toBe("id");
  const unknown = await viewerContext.request.get(`/api/votes/${crypto.randomUUID()}/results`);
  expect(unknown.status()).toBe(404);
  expect(((await unknown.json()) as { errors: { code: string }[] }).errors[0]?.code).toBe("voteNotFound");
  await viewerContext.close();

  // The editor shares the round while it is open: a guest sees only that voting goes on.
  // Share asks first what guests may see; Cancel makes no link.
  const paramsSwitch = editorCard.getByRole("switch", { name: /Show the prompts and settings/ });
  await editorCard.getByRole("button", { name: "Share" }).click();
  await expect(paramsSwitch).not.toBeChecked();
  await editorCard.getByRole("button", { name: "Cancel" }).click();
  await expect(paramsSwitch).toHaveCount(0);
  await expect(editorCard.getByRole("textbox", { name: "Link to this vote" })).toHaveCount(0);
  await editorCard.getByRole("button", { name: "Share" }).click();
  await editorCard.scrollIntoViewIfNeeded();
  await screens(editor, "share-panel");
  await paramsSwitch.click();
  await expect(paramsSwitch).toBeChecked();
  await editorCard.getByRole("button", { name: "Create link" }).click();
  const link = await editorCard.getByRole("textbox", { name: "Link to this vote" }).inputValue();
  expect(link).toMatch(/\/s\/[A-Za-z0-9_-]{20,}$/);
  const guestContext = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const guest = await guestContext.newPage();
  await guest.goto(link);
  await expect(guest.getByText("Voting is in progress (12 votes so far)")).toBeVisible();
  await expectNoPrompt(guest.locator("main"), prompts);

  // The owner closes the vote, asked first; the ranking shows to everyone, live.
  await page.goto(`/experiments/${id}`);
  const ownerCard = page.getByRole("listitem", { name: "Which prompt works best?" });
  // The votes list reads after the grid: on a busy machine that takes a while.
  await expect(ownerCard.getByTestId("vote-counts")).toContainText("12 votes from 2 voters", {
    timeout: 30_000,
  });
  await ownerCard.getByRole("button", { name: "Close voting" }).click();
  const ask = page.getByRole("dialog", { name: "Close this vote?" });
  await expect(ask.getByRole("list", { name: "Still voting" })).toContainText(`${EDITOR.name}: 6 pairs left`);
  await ask.getByRole("button", { name: "Close the vote" }).click();
  await expect(ownerCard.getByText("Closed", { exact: true })).toBeVisible();
  for (const [who, card] of [
    [page, ownerCard],
    [reviewer, reviewerCard],
    [editor, editorCard],
  ] as const) {
    const ranking = card.getByRole("list", { name: "Ranking" });
    await expect(ranking.getByRole("listitem")).toHaveCount(3);
    for (const p of prompts) await expect(ranking).toContainText(p);
    await expect(card.getByTestId("vote-ranking")).toContainText("12 votes from 2 voters on 6 pairs");
    await expect(card.getByTestId("interval-bar")).toHaveCount(3);
    await expect(card.getByTestId("agreement")).toHaveText(
      /^Voters (agreed|partly agreed|often disagreed): /,
    );
    await expect(card.getByTestId("agreement-details")).toContainText(/Fleiss' kappa -?\d\.\d\d/);
    await expect(who.getByRole("link", { name: "Vote", exact: true })).toHaveCount(0);
  }
  await ownerCard.scrollIntoViewIfNeeded();
  await screens(page, "results");

  // The round's address now opens its ranking.
  await reviewer.goto(`/experiments/${id}?vote=${voteId}`);
  const closedView = reviewer.getByRole("dialog", { name: "Which prompt works best?" });
  await expect(closedView.getByRole("list", { name: "Ranking" }).getByRole("listitem")).toHaveCount(3, {
    timeout: 30_000,
  });
  await expect(closedView).toContainText("Closed: which is which is shown now.");
  await screens(reviewer, "results-panel", true);

  // Signed out, the share link shows the ranking.
  await guest.reload();
  const shared = guest.getByRole("list", { name: "Ranking" });
  await expect(shared.getByRole("listitem")).toHaveCount(3);
  for (const p of prompts) await expect(shared).toContainText(p);
  await expect(guest.getByTestId("agreement")).toHaveText(/^Voters (agreed|partly agreed|often disagreed): /);
  await screens(guest, "shared");
  expect((await guestContext.request.get(ballotUrl)).status()).toBe(401);

  // Revoked in Settings like any other link, it stops at once. Other specs share votes of the
  // same name: the row is told apart by the start of the link's address.
  await page.goto("/settings");
  const row = shareLinkRow(page, link);
  await expect(row).toHaveCount(1, { timeout: 30_000 });
  await expect(row).toContainText("Blind vote: Which prompt works best?");
  await page.getByRole("heading", { name: "Share links" }).scrollIntoViewIfNeeded();
  await screens(page, "settings-link");
  await row.getByRole("button", { name: "Revoke" }).click();
  const confirm = page.getByRole("dialog", { name: "Revoke this share link?" });
  await expect(confirm).toContainText(shownAddressOf(link));
  await confirm.getByRole("button", { name: "Revoke link" }).click();
  // The dialog closes once the studio has said the link is revoked; only then may the guest look.
  await expect(confirm).toBeHidden();
  await expect(row).toHaveCount(0);
  await guest.reload();
  await expect(guest.getByRole("heading", { name: "This link has expired or was revoked" })).toBeVisible();

  // Shared without the parameters, the ranking names its variants and nothing of their prompts.
  // That is the Share panel's default.
  await editorCard.getByRole("button", { name: "Share" }).click();
  await expect(paramsSwitch).not.toBeChecked();
  await editorCard.getByRole("button", { name: "Create link" }).click();
  const hidden = await editorCard.getByRole("textbox", { name: "Link to this vote" }).inputValue();
  expect(hidden).not.toBe(link);
  await guest.goto(hidden);
  const neutral = guest.getByRole("list", { name: "Ranking" });
  await expect(neutral.getByRole("listitem")).toHaveCount(3);
  for (const name of ["Variant A", "Variant B", "Variant C"]) await expect(neutral).toContainText(name);
  await expectNoPrompt(guest.locator("main"), prompts);
  await expect(guest.locator("main")).not.toContainText(word);
  await expect(guest.locator("main")).not.toContainText("Three prompts, two seeds");
  await screens(guest, "shared-without-parameters");

  await guestContext.close();
  await reviewerContext.close();
  await editorContext.close();
});
