import path from "node:path";
import type { Browser, BrowserContext, Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures/reused-page";
import { saveScreen } from "./fixtures/screens";
import { shareLinkRow } from "./fixtures/share-rows";
import { SCREENS_DIR } from "./pages/studio-shell";

/**
 * "Do people outside the team pick the same prompt we do?", arena style: the owner opens a blind
 * vote over three prompts, votes in it, and shares it for voting; two guests without an account
 * each get their own ballot in their own browser and vote on every pair, never seeing a prompt,
 * a count or a ranking; the owner closes the vote and reads the ranking from everyone's votes,
 * the team's and the guests'; the guests' link now shows the ranking too.
 */
test.describe.configure({ mode: "serial" });

/** Both sizes, as the screen shows them with `shown` scrolled into view. */
async function screens(page: Page, name: string, shown?: Locator) {
  for (const [width, height] of [
    [1440, 900],
    [1280, 720],
  ] as const) {
    await page.setViewportSize({ width, height });
    // Its end at the screen's foot: the sticky top bar covers nothing of it.
    await shown?.evaluate((el) => el.scrollIntoView({ block: "end" }));
    await saveScreen(page, { path: path.join(SCREENS_DIR, `guest-vote-${name}-${width}x${height}.png`) });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

async function expectNoPrompt(where: Locator, prompts: string[]) {
  for (const p of prompts) await expect(where).not.toContainText(p);
}

/** A browser with no session: a guest's. */
async function guestBrowser(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  return { context, page: await context.newPage() };
}

test("guests vote blind through a shared link; the ranking shows everyone's, the team's and the guests' votes", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const origin = baseURL ?? "";
  const word = `guest${crypto
    .randomUUID()
    .slice(0, 6)
    .replace(/[^a-z]/g, "x")}`;
  const prompts = [
    `a red fox in snow, ${word}`,
    `a grey wolf in snow, ${word}`,
    `an owl on a branch, ${word}`,
  ];

  // Three prompts, one result each: three pairs for each voter.
  const made = await page.request.post("/api/experiments", {
    headers: { origin },
    data: {
      name: `Guests' pick ${word}`,
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
  const id = ((await made.json()) as { data: { id: string } }).data.id;
  await page.goto(`/experiments/${id}`);
  await expect(page.getByRole("status", { name: "Progress" })).toHaveText(/^3 of 3 done/, {
    timeout: 90_000,
  });

  // The owner opens the vote and votes on its three pairs.
  await page.getByRole("button", { name: "Blind vote…" }).click();
  const start = page.getByRole("dialog", { name: "Start a blind vote" });
  await expect(start.getByRole("status")).toHaveText("3 pairs for each voter");
  await start.getByRole("button", { name: "Start the vote" }).click();
  await expect(page).toHaveURL(/\/votes\/[0-9a-f-]{36}\/ballot$/);
  const ownerBallot = page.getByRole("region", { name: "Ballot" });
  const ownerProgress = ownerBallot.getByRole("status", { name: "Votes given" });
  await expect(ownerProgress).toHaveText("0 of 3");
  for (const [i, button] of ["Left is better", "Right is better", "Left is better"].entries()) {
    await ownerBallot.getByRole("button", { name: button }).click();
    await expect(ownerProgress).toHaveText(`${i + 1} of 3`);
  }
  // Every pair voted on: the experiment's grid shows again.
  await page.goto(`/experiments/${id}`);
  const card = page.getByRole("listitem", { name: "Which prompt works best?" });
  await expect(card.getByTestId("vote-counts")).toContainText("3 votes from 1 voter");

  // Share → "Guests can vote": the link takes guests' votes. Cancel first makes none.
  const guestsSwitch = card.getByRole("switch", { name: /Guests can vote/ });
  await card.getByRole("button", { name: "Share" }).click();
  await expect(guestsSwitch).not.toBeChecked();
  await card.getByRole("button", { name: "Cancel" }).click();
  await expect(guestsSwitch).toHaveCount(0);
  await card.getByRole("button", { name: "Share" }).click();
  await guestsSwitch.click();
  await expect(guestsSwitch).toBeChecked();
  await expect(card.getByRole("switch", { name: /Show the prompts and settings/ })).not.toBeChecked();
  await screens(page, "share-panel", card);
  await card.getByRole("button", { name: "Create link" }).click();
  const linkField = card.getByRole("textbox", { name: "Link to this vote" });
  const link = await linkField.inputValue();
  expect(link).toMatch(/\/s\/[A-Za-z0-9_-]{20,}$/);
  await expect(card.getByText("People without an account vote through it")).toBeVisible();
  const token = link.split("/").at(-1) as string;

  // The first guest: a ballot of three pairs, nothing that names a side, no count, no ranking.
  const first = await guestBrowser(browser);
  await first.page.goto(link);
  const main = first.page.locator("main");
  await expect(first.page.getByRole("heading", { name: "Which prompt works best?" })).toBeVisible();
  const progress = first.page.getByRole("status", { name: "Votes given" });
  await expect(progress).toHaveText("0 of 3");
  await expect(first.page.getByRole("img", { name: "Left candidate" })).toBeVisible();
  await expect(first.page.getByRole("img", { name: "Right candidate" })).toBeVisible();
  await expect(first.page.getByRole("list", { name: "Ranking" })).toHaveCount(0);
  await expect(main).not.toContainText(/votes? so far/);
  await expectNoPrompt(main, prompts);
  await screens(first.page, "ballot");

  // The ballot lives in an httpOnly, SameSite=Lax cookie sent to this link's API only.
  const [cookie] = (await first.context.cookies()).filter((c) => c.name === "guest_ballot");
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: `/api/share/${token}` });
  // Its answer carries pictures under the link's own addresses, and no prompt, label or id.
  const raw = await first.context.request.get(`/api/share/${token}/ballot`);
  expect(raw.status()).toBe(200);
  const rawText = await raw.text();
  for (const p of prompts) expect(rawText).not.toContain(p);
  expect(rawText).not.toContain(id);
  expect(rawText).not.toMatch(/"(experimentId|evalSetId|label|runId|variant)"/);
  for (const [, url] of rawText.matchAll(/"url":"([^"]+)"/g))
    expect(url).toMatch(new RegExp(`^/api/share/${token}/ballot-media/[A-Za-z0-9_-]{32}$`));

  // Every pair, by button and by picture; a pick changes when stepping back.
  await first.page.getByRole("button", { name: "Left is better" }).click();
  await expect(progress).toHaveText("1 of 3");
  await first.page.getByRole("button", { name: "Tie", exact: true }).click();
  await expect(progress).toHaveText("2 of 3");
  await first.page.getByRole("button", { name: "Right image" }).click();
  await expect(progress).toHaveText("3 of 3");
  await expect(first.page.getByText("You have voted on every pair.")).toBeVisible();
  await first.page.getByRole("button", { name: "Previous pair" }).click();
  await expect(first.page.getByText("Pair 2 of 3")).toBeVisible();
  await first.page.getByRole("button", { name: "Right is better" }).click();
  await expect(first.page.getByRole("button", { name: "Right is better" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await first.page.getByRole("button", { name: "Next pair" }).click();
  await expect(first.page.getByText("Pair 3 of 3")).toBeVisible();
  await expect(progress).toHaveText("3 of 3");
  // The same browser comes back to the same ballot and its picks.
  await first.page.reload();
  await expect(progress).toHaveText("3 of 3");
  await expect(first.page.getByRole("list", { name: "Ranking" })).toHaveCount(0);

  // A pick from another site is refused, in the contract's shape.
  const pairs = ((await raw.json()) as { data: { pairs: { id: string }[] } }).data.pairs;
  const foreign = await first.context.request.post(`/api/share/${token}/picks`, {
    headers: { origin: "http://elsewhere.test" },
    data: { pairId: pairs[0]?.id, pick: "left" },
  });
  expect(foreign.status()).toBe(403);
  expect(((await foreign.json()) as { errors: { code: string }[] }).errors[0]?.code).toBeTruthy();

  // A second browser is a new ballot; it votes with the keys.
  const second = await guestBrowser(browser);
  await second.page.goto(link);
  const secondProgress = second.page.getByRole("status", { name: "Votes given" });
  await expect(secondProgress).toHaveText("0 of 3");
  for (const [i, key] of ["1", "ArrowRight", "="].entries()) {
    await second.page.keyboard.press(key);
    await expect(secondProgress).toHaveText(`${i + 1} of 3`);
  }
  await expect(second.page.getByText("You have voted on every pair.")).toBeVisible();
  await expectNoPrompt(second.page.locator("main"), prompts);

  // The team sees the counts, the team's and the guests', and still no ranking.
  await page.reload();
  await expect(card.getByTestId("vote-counts")).toContainText("9 votes from 3 voters (1 teammate, 2 guests)");
  await expect(card.getByText("The ranking stays hidden")).toBeVisible();

  // Settings lists the link as one guests vote through.
  await page.goto("/settings");
  // Other specs open votes of the same name on the shared studio: the start of the address tells
  // this one's row.
  const row = shareLinkRow(page, link);
  await expect(row).toHaveCount(1, { timeout: 30_000 });
  await expect(row).toContainText("Blind vote: Which prompt works best?");
  await expect(row).toContainText("Guests vote");

  // The owner closes the vote, asked first: one guest is partway through, counted, not named.
  // The second guest's page stays open meanwhile.
  const third = await guestBrowser(browser);
  await third.page.goto(link);
  await third.page.getByRole("button", { name: "Left is better" }).click();
  await expect(third.page.getByRole("status", { name: "Votes given" })).toHaveText("1 of 3");
  await page.goto(`/experiments/${id}`);
  await card.getByRole("button", { name: "Close voting" }).click();
  const ask = page.getByRole("dialog", { name: "Close this vote?" });
  await expect(ask.getByRole("list", { name: "Still voting" })).toContainText(
    "1 guest partway through a ballot",
  );
  await ask.getByRole("button", { name: "Close the vote" }).click();
  await expect(card.getByText("Closed", { exact: true })).toBeVisible();
  // The open guest ballot learns it without a pick: said once, then the ranking. A guest has no
  // live stream: the ballot asks again every ten seconds, then the page is drawn again on the
  // server, each a wait of its own on a loaded machine.
  const closedNotice = third.page.getByRole("status", { name: "Vote closed" });
  await expect(closedNotice).toHaveCount(1, { timeout: 60_000 });
  await expect(third.page.getByRole("list", { name: "Ranking" }).getByRole("listitem")).toHaveCount(3, {
    timeout: 60_000,
  });
  await expect(closedNotice).toHaveCount(1);
  await expect(third.page.getByRole("img", { name: "Left candidate" })).toHaveCount(0);
  await screens(third.page, "closed-live");
  await third.context.close();
  const tabs = card.getByRole("tablist", { name: "Whose votes" });
  const everyone = tabs.getByRole("tab", { name: "Everyone 4 voters" });
  const team = tabs.getByRole("tab", { name: "Team 1 voter" });
  const guests = tabs.getByRole("tab", { name: "Guests 3 voters" });
  await expect(everyone).toHaveAttribute("aria-selected", "true");
  const ranking = card.getByRole("list", { name: "Ranking" });
  await expect(ranking.getByRole("listitem")).toHaveCount(3);
  for (const p of prompts) await expect(ranking).toContainText(p);
  await expect(card.getByTestId("vote-ranking")).toContainText("10 votes from 4 voters on 3 pairs");
  await screens(page, "ranking-everyone", card);
  await team.click();
  await expect(team).toHaveAttribute("aria-selected", "true");
  await expect(card.getByTestId("vote-ranking")).toContainText("3 votes from 1 voter on 3 pairs");
  await expect(ranking.getByRole("listitem")).toHaveCount(3);
  await guests.click();
  await expect(guests).toHaveAttribute("aria-selected", "true");
  await expect(card.getByTestId("vote-ranking")).toContainText("7 votes from 3 voters on 3 pairs");
  await expect(ranking.getByRole("listitem")).toHaveCount(3);
  await screens(page, "ranking-guests", card);
  await everyone.click();
  await expect(card.getByTestId("vote-ranking")).toContainText("10 votes from 4 voters on 3 pairs");

  // The guests' link now shows the ranking, its variants under neutral names; picks stop.
  await first.page.reload();
  const shared = first.page.getByRole("list", { name: "Ranking" });
  await expect(shared.getByRole("listitem")).toHaveCount(3);
  for (const name of ["Variant A", "Variant B", "Variant C"]) await expect(shared).toContainText(name);
  await expect(first.page.getByRole("status", { name: "Votes given" })).toHaveCount(0);
  await expectNoPrompt(first.page.locator("main"), prompts);
  await first.page.getByRole("tab", { name: "Guests 3 voters" }).click();
  await expect(first.page.getByTestId("vote-ranking")).toContainText("7 votes from 3 voters");
  await screens(first.page, "shared-ranking");
  const late = await first.context.request.post(`/api/share/${token}/picks`, {
    headers: { origin },
    data: { pairId: pairs[0]?.id, pick: "left" },
  });
  expect(late.status()).toBe(409);
  expect(((await late.json()) as { errors: { code: string }[] }).errors[0]?.code).toBe("voteClosed");

  await first.context.close();
  await second.context.close();
});
