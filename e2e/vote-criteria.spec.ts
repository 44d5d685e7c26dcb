import path from "node:path";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { joinAsMember } from "./fixtures/accounts";
import { expect, test } from "./fixtures/reused-page";
import { saveScreen } from "./fixtures/screens";
import { SCREENS_DIR } from "./pages/studio-shell";

/**
 * "Which prompt follows the words, and which looks best?": the owner starts a blind vote over four
 * prompts with two criteria, ranking four at once; a reviewer orders the four on each criterion,
 * by click and by key. A second vote of pairs on the same criteria is shared with guests: a guest
 * answers one criterion "Tie" and the other "Both bad". Closed, each vote's ranking shows one
 * column and one tab per criterion, and "both bad" as a rejected rate apart from the scores.
 */
test.describe.configure({ mode: "serial" });

const REVIEWER = { name: "Ria Ranker", email: "ria.criteria@studio.test", password: "four at a glance" };

/** Both sizes, with `shown` scrolled into view (a dialog is shot as the screen shows it). */
async function screens(page: Page, name: string, shown?: Locator) {
  for (const [width, height] of [
    [1440, 900],
    [1280, 720],
  ] as const) {
    await page.setViewportSize({ width, height });
    await shown?.evaluate((el) => el.scrollIntoView({ block: "center" }));
    await saveScreen(page, { path: path.join(SCREENS_DIR, `vote-criteria-${name}-${width}x${height}.png`) });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

async function fourPrompts(request: APIRequestContext, origin: string, prompts: string[]): Promise<string> {
  const made = await request.post("/api/experiments", {
    headers: { origin },
    data: {
      name: "Four prompts",
      base: {
        taskType: "imageInference",
        positivePrompt: prompts[0],
        model: "runware:100@1",
        width: 512,
        height: 512,
      },
      axes: [{ kind: "prompts", prompts }],
    },
  });
  expect(made.status()).toBe(201);
  return ((await made.json()) as { data: { id: string } }).data.id;
}

test("votes by criterion and by fours: the owner starts one, a reviewer ranks, a guest ties and rejects; rankings per criterion", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const origin = baseURL ?? "";
  const word = `crit${crypto
    .randomUUID()
    .slice(0, 6)
    .replace(/[^a-z]/g, "x")}`;
  const prompts = [
    `a red fox in snow, ${word}`,
    `a grey wolf in snow, ${word}`,
    `an owl on a branch, ${word}`,
    `a lynx on a rock, ${word}`,
  ];
  const id = await fourPrompts(page.request, origin, prompts);
  await page.goto(`/experiments/${id}`);
  await expect(page.getByRole("status", { name: "Progress" })).toHaveText(/^4 of 4 done/, {
    timeout: 90_000,
  });

  // The owner's dialog: two criteria, one added and removed on the way, and four at once.
  // Opened on the short screen, as a laptop's person opens it: headless Chromium keeps a dialog's
  // `dvh` bound from the size it was opened at when the viewport is then made smaller.
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.getByRole("button", { name: "Blind vote…" }).click();
  const start = page.getByRole("dialog", { name: "Start a blind vote" });
  await start.getByLabel("Question (optional)").fill(`Fours ${word}`);
  for (let k = 0; k < 3; k++) await start.getByRole("button", { name: "Add a criterion" }).click();
  await expect(start.getByRole("button", { name: "Add a criterion" })).toHaveCount(0);
  await start.getByRole("button", { name: "Remove criterion 3" }).click();
  await start.getByRole("textbox", { name: "Criterion 1" }).fill("Prompt adherence");
  await start.getByRole("textbox", { name: "Criterion 2" }).fill("Aesthetics");
  const fours = start.getByRole("switch", { name: "Rank four at once" });
  await expect(fours).toBeEnabled();
  await fours.click();
  await expect(fours).toBeChecked();
  // Ranked four at once, each voter is asked sets of four, not pairs.
  await expect(start.getByRole("status")).toHaveText("1 set of four for each voter to rank");
  // On a short screen the dialog stays inside it, and Start stays in view while its fields scroll.
  for (const [width, height] of [
    [1280, 720],
    [1440, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    const box = await start.boundingBox();
    expect(box && box.y >= 0 && box.y + box.height <= height).toBe(true);
    await start.getByRole("textbox", { name: "Criterion 1" }).scrollIntoViewIfNeeded();
    await expect(start.getByRole("button", { name: "Start the vote" })).toBeInViewport({ ratio: 1 });
    await expect(start.getByRole("status")).toBeInViewport({ ratio: 1 });
  }
  await screens(page, "start");
  await start.getByRole("button", { name: "Start the vote" }).click();
  await expect(page).toHaveURL(/\/votes\/[0-9a-f-]{36}\/ballot$/, { timeout: 30_000 });
  const foursVote = page.url().split("/").at(-2) as string;

  // A reviewer orders the four: Prompt adherence by clicks, Aesthetics by keys.
  const reviewerContext = await joinAsMember(browser, page.request, origin, REVIEWER, "reviewer");
  const reviewer = await reviewerContext.newPage();
  await reviewer.goto(`/votes/${foursVote}/ballot`);
  const ballot = reviewer.getByRole("region", { name: "Ballot" });
  const progress = ballot.getByRole("status", { name: "Votes given" });
  await expect(progress).toHaveText("0 of 1");
  await expect(ballot.getByRole("img", { name: /^Candidate/ })).toHaveCount(4);
  for (const p of prompts) await expect(ballot).not.toContainText(p);
  await expect(ballot.getByRole("tab", { name: "Prompt adherence" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await ballot.getByRole("button", { name: "Picture 2" }).click();
  await ballot.getByRole("button", { name: "Picture 4" }).click();
  await expect(ballot.getByRole("button", { name: "Picture 2, ranked 1st" })).toBeVisible();
  await screens(reviewer, "ballot-four");
  await ballot.getByRole("button", { name: "Picture 1" }).click();
  await expect(ballot.getByRole("button", { name: "Picture 3, ranked 4th" })).toBeVisible();
  await ballot.getByRole("button", { name: "Save this order for Prompt adherence" }).click();
  await expect(ballot.getByRole("tab", { name: "Aesthetics" })).toHaveAttribute("aria-selected", "true");
  for (const key of ["3", "1", "2", "Enter"]) await reviewer.keyboard.press(key);
  await expect(progress).toHaveText("1 of 1");
  await expect(
    ballot.getByText(
      "You have ranked every set of four. You can still change an order until the vote is closed.",
    ),
  ).toBeVisible();
  await reviewerContext.close();

  // A second vote, of pairs on the same criteria, shared with guests.
  const pairsMade = await page.request.post(`/api/experiments/${id}/votes`, {
    headers: { origin },
    data: { axis: 0, name: `Pairs ${word}`, criteria: ["Prompt adherence", "Aesthetics"] },
  });
  expect(pairsMade.status()).toBe(201);
  const pairsVote = ((await pairsMade.json()) as { data: { id: string } }).data.id;
  const shared = await page.request.post("/api/share-links", {
    headers: { origin },
    data: { roundId: pairsVote, guestVotes: true },
  });
  expect(shared.status()).toBe(201);
  const link = ((await shared.json()) as { data: { url: string } }).data.url;
  const guestContext = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const guest = await guestContext.newPage();
  await guest.goto(link);
  const guestProgress = guest.getByRole("status", { name: "Votes given" });
  await expect(guestProgress).toHaveText("0 of 6");
  const adherence = guest.getByRole("listitem", { name: "Prompt adherence" });
  const aesthetics = guest.getByRole("listitem", { name: "Aesthetics" });
  await expect(adherence).toHaveAttribute("aria-current", "step");
  await adherence.getByRole("button", { name: "Tie" }).click();
  await expect(adherence.getByRole("button", { name: "Tie" })).toHaveAttribute("aria-pressed", "true");
  await expect(aesthetics).toHaveAttribute("aria-current", "step");
  await screens(guest, "ballot-pair-guest");
  await aesthetics.getByRole("button", { name: "Both bad" }).click();
  await expect(guestProgress).toHaveText("1 of 6");
  // The next pair by keys: left on adherence, right on aesthetics.
  await expect(adherence.getByRole("button", { name: "Tie" })).toHaveAttribute("aria-pressed", "false");
  await guest.keyboard.press("ArrowLeft");
  await expect(adherence.getByRole("button", { name: "Left" })).toHaveAttribute("aria-pressed", "true");
  await guest.keyboard.press("ArrowRight");
  await expect(guestProgress).toHaveText("2 of 6");
  // A criterion the vote does not ask is refused naming it, as is a ranking on a vote of pairs.
  const token = new URL(link, origin).pathname.split("/").at(-1) as string;
  const guestBallot = (await (await guestContext.request.get(`/api/share/${token}/ballot`)).json()) as {
    data: { pairs: { id: string }[] };
  };
  const refused = await guestContext.request.post(`/api/share/${token}/picks`, {
    headers: { origin },
    data: { pairId: guestBallot.data.pairs[0]?.id, pick: "left", criterion: 2 },
  });
  expect(refused.status()).toBe(422);
  expect(((await refused.json()) as { errors: { parameter?: string }[] }).errors[0]?.parameter).toBe(
    "criterion",
  );
  await guestContext.close();

  // Both closed: the rankings, one column and one tab per criterion.
  for (const vote of [foursVote, pairsVote])
    expect(
      (await page.request.post(`/api/votes/${vote}/close`, { headers: { origin }, data: {} })).status(),
    ).toBe(200);
  await page.goto(`/experiments/${id}`);
  const foursCard = page.getByRole("listitem", { name: `Fours ${word}` });
  await expect(foursCard.getByTestId("vote-counts")).toHaveText(
    /1 set of four · \d+ rankings? \(\d+ pairwise votes\) from \d+ voters?/,
  );
  await expect(foursCard.getByTestId("vote-counts")).not.toContainText(/\bpairs?\b/);
  const table = foursCard.getByRole("table", { name: "Places by criterion" });
  await expect(table.getByRole("columnheader", { name: "Prompt adherence" })).toBeVisible();
  await expect(table.getByRole("columnheader", { name: "Aesthetics" })).toBeVisible();
  await expect(table.getByRole("row")).toHaveCount(5);
  const tabs = foursCard.getByRole("tablist", { name: "Criterion" });
  await expect(tabs.getByRole("tab", { name: "Prompt adherence" })).toHaveAttribute("aria-selected", "true");
  await expect(foursCard.getByRole("list", { name: "Ranking" }).getByRole("listitem")).toHaveCount(4);
  await tabs.getByRole("tab", { name: "Aesthetics" }).click();
  await expect(tabs.getByRole("tab", { name: "Aesthetics" })).toHaveAttribute("aria-selected", "true");
  await expect(foursCard.getByTestId("vote-ranking")).toContainText(
    "1 ranking (6 pairwise votes) from 1 voter on 1 set of four",
  );
  await screens(page, "ranking", table);

  const pairsCard = page.getByRole("listitem", { name: `Pairs ${word}` });
  await pairsCard
    .getByRole("tablist", { name: "Criterion" })
    .getByRole("tab", { name: "Aesthetics" })
    .click();
  await expect(pairsCard.getByTestId("rejected-rate").first()).toContainText(/Rejected \d+%/);
  await expect(pairsCard.getByTestId("vote-ranking")).toContainText(
    "“Both bad” answers do not move this ranking",
  );
  await screens(page, "ranking-rejected", pairsCard.getByTestId("vote-ranking"));
});
