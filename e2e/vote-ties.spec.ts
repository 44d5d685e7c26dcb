import path from "node:path";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { joinAsMember } from "./fixtures/accounts";
import { expect, test } from "./fixtures/reused-page";
import { saveScreen } from "./fixtures/screens";
import { SCREENS_DIR } from "./pages/studio-shell";

/**
 * "These two are as good", and "none of these is good", in a vote that ranks four at once on two
 * criteria: a reviewer puts two pictures at one place by mouse and two by keys; a guest through the
 * vote's link puts two at one place and rejects the set on the other criterion. Closed, the ranking
 * counts the ties and shows the rejected set apart, per result.
 */
test.describe.configure({ mode: "serial" });

const REVIEWER = { name: "Tia Tier", email: "tia.ties@studio.test", password: "as good as that" };

async function screens(page: Page, name: string, shown?: Locator) {
  for (const [width, height] of [
    [1440, 900],
    [1280, 720],
  ] as const) {
    await page.setViewportSize({ width, height });
    await shown?.evaluate((el) => el.scrollIntoView({ block: "center" }));
    await saveScreen(page, { path: path.join(SCREENS_DIR, `vote-ties-${name}-${width}x${height}.png`) });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

async function fourPrompts(request: APIRequestContext, origin: string, prompts: string[]): Promise<string> {
  const made = await request.post("/api/experiments", {
    headers: { origin },
    data: {
      name: "Four prompts, ties",
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

test("a member and a guest put two at one place, a guest rejects a set; the ranking shows both", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const origin = baseURL ?? "";
  const word = `ties${crypto
    .randomUUID()
    .slice(0, 6)
    .replace(/[^a-z]/g, "x")}`;
  const prompts = ["a heron", "a crane", "a stork", "an egret"].map((p) => `${p} in reeds, ${word}`);
  const id = await fourPrompts(page.request, origin, prompts);
  await page.goto(`/experiments/${id}`);
  await expect(page.getByRole("status", { name: "Progress" })).toHaveText(/^4 of 4 done/, {
    timeout: 90_000,
  });
  const made = await page.request.post(`/api/experiments/${id}/votes`, {
    headers: { origin },
    data: { axis: 0, name: `Sets ${word}`, criteria: ["Prompt adherence", "Aesthetics"], format: "fours" },
  });
  expect(made.status()).toBe(201);
  const vote = ((await made.json()) as { data: { id: string } }).data.id;

  // The reviewer: two at first place by mouse on adherence, the last two level by keys on aesthetics.
  const reviewerContext = await joinAsMember(browser, page.request, origin, REVIEWER, "reviewer");
  const reviewer = await reviewerContext.newPage();
  await reviewer.goto(`/votes/${vote}/ballot`);
  const ballot = reviewer.getByRole("region", { name: "Ballot" });
  const progress = ballot.getByRole("status", { name: "Votes given" });
  await expect(progress).toHaveText("0 of 1");
  // The intro says what a set asks, not "pick the better of each pair".
  const intro = reviewer.getByText(/^Order the pictures of each set from best to worst/);
  await expect(intro).toContainText("“As good as” puts two at one place");
  await expect(intro).toContainText("“None of these is good” turns the whole set down");
  await expect(intro).toContainText("until you have ranked every set");
  await screens(reviewer, "ballot-intro");
  await ballot.getByRole("button", { name: "Picture 2" }).click();
  await ballot.getByRole("button", { name: "Picture 4" }).click();
  await ballot.getByRole("button", { name: "As good as Picture 2" }).click();
  await expect(ballot.getByRole("button", { name: "Picture 2, ranked 1st, tied" })).toBeVisible();
  await expect(ballot.getByRole("button", { name: "Picture 4, ranked 1st, tied" })).toBeVisible();
  await expect(ballot.getByText("Picture 4 · 1st, tied")).toBeVisible();
  await ballot.getByRole("button", { name: "Picture 1" }).click();
  await expect(ballot.getByRole("button", { name: "Picture 1, ranked 3rd" })).toBeVisible();
  await expect(ballot.getByRole("button", { name: "Picture 3, ranked 4th" })).toBeVisible();
  // The whole control in view at both sizes: pictures, "As good as", and the three buttons.
  for (const [width, height] of [
    [1440, 900],
    [1280, 720],
  ] as const) {
    await reviewer.setViewportSize({ width, height });
    await ballot
      .getByRole("button", { name: "Save this order for Prompt adherence" })
      .scrollIntoViewIfNeeded();
    await expect(ballot.getByRole("button", { name: "None of these is good" })).toBeInViewport({ ratio: 1 });
    await expect(ballot.getByRole("button", { name: "As good as Picture 2" })).toBeInViewport({ ratio: 1 });
  }
  await screens(reviewer, "ballot-member", ballot);
  await ballot.getByRole("button", { name: "Save this order for Prompt adherence" }).click();
  await expect(ballot.getByRole("tab", { name: "Aesthetics" })).toHaveAttribute("aria-selected", "true");
  for (const key of ["3", "1", "2", "="]) await reviewer.keyboard.press(key);
  await expect(ballot.getByRole("button", { name: "Picture 4, ranked 3rd, tied" })).toBeVisible();
  await reviewer.keyboard.press("Enter");
  await expect(progress).toHaveText("1 of 1");
  await reviewerContext.close();

  // A guest through the vote's link: a tie on adherence, the set rejected on aesthetics.
  const shared = await page.request.post("/api/share-links", {
    headers: { origin },
    data: { roundId: vote, guestVotes: true },
  });
  expect(shared.status()).toBe(201);
  const link = ((await shared.json()) as { data: { url: string } }).data.url;
  const guestContext = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const guest = await guestContext.newPage();
  await guest.goto(link);
  const guestProgress = guest.getByRole("status", { name: "Votes given" });
  await expect(guestProgress).toHaveText("0 of 1");
  await expect(guest.getByText(/^Order the pictures of each set from best to worst/)).toContainText(
    "“None of these is good”",
  );
  await expect(guest.getByText(/better of each pair/)).toHaveCount(0);
  for (const key of ["1", "3", "="]) await guest.keyboard.press(key);
  await expect(guest.getByRole("button", { name: "Picture 3, ranked 1st, tied" })).toBeVisible();
  await guest.getByRole("button", { name: "Picture 4" }).click();
  await guest.getByRole("button", { name: "Save this order for Prompt adherence" }).click();
  await expect(guest.getByRole("tab", { name: "Aesthetics" })).toHaveAttribute("aria-selected", "true");
  await screens(guest, "ballot-guest", guest.getByRole("list", { name: "Pictures to rank" }));
  await guest.getByRole("button", { name: "None of these is good" }).click();
  await expect(guestProgress).toHaveText("1 of 1");
  await guest.getByRole("tab", { name: "Aesthetics" }).click();
  await expect(guest.getByText("You said none of these is good for Aesthetics.")).toBeVisible();
  await expect(guest.getByRole("button", { name: "None of these is good" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await screens(guest, "ballot-guest-rejected", guest.getByRole("list", { name: "Pictures to rank" }));

  // Bad answers are refused naming what is wrong; nothing changes.
  const token = new URL(link, origin).pathname.split("/").at(-1) as string;
  const dealt = (await (await guestContext.request.get(`/api/share/${token}/ballot`)).json()) as {
    data: { fours: { id: string; slots: { id: string }[] }[] };
  };
  const set = dealt.data.fours[0];
  const shown = set?.slots.map((s) => s.id) ?? [];
  const refused = async (data: Record<string, unknown>) => {
    const res = await guestContext.request.post(`/api/share/${token}/ranks`, { headers: { origin }, data });
    expect(res.status()).toBeGreaterThanOrEqual(400);
    expect(res.status()).toBeLessThan(500);
    return ((await res.json()) as { errors: { parameter?: string }[] }).errors[0]?.parameter;
  };
  expect(await refused({ fourId: set?.id, order: shown, ties: [[]] })).toBe("ties");
  expect(await refused({ fourId: set?.id, order: shown, ties: [[shown[0], shown[0]]] })).toBe("ties");
  expect(await refused({ fourId: set?.id, order: [...shown.slice(0, 3), shown[0]] })).toBe("order");
  expect(await refused({ fourId: crypto.randomUUID(), order: shown, ties: [shown.slice(0, 2)] })).toBe(
    "fourId",
  );
  await guestContext.close();

  // Closed: the ties count as even, the rejected set shows per result.
  expect(
    (await page.request.post(`/api/votes/${vote}/close`, { headers: { origin }, data: {} })).status(),
  ).toBe(200);
  await page.goto(`/experiments/${id}`);
  const card = page.getByRole("listitem", { name: `Sets ${word}` });
  // The list counts the guest's rejected set apart too: four answers on two criteria, one of them "none".
  await expect(card.getByTestId("vote-counts")).toContainText(
    "1 set of four · 3 rankings, 1 set rejected (24 pairwise votes) from 2 voters",
  );
  await screens(page, "list", card.getByTestId("vote-counts"));
  const table = card.getByRole("table", { name: "Places by criterion" });
  await expect(table.getByRole("row").filter({ hasText: "rejected in 1 set" })).toHaveCount(4);
  await expect(card.getByTestId("vote-ranking")).toContainText(/\d+ even/);
  const tabs = card.getByRole("tablist", { name: "Criterion" });
  await tabs.getByRole("tab", { name: "Aesthetics" }).click();
  await expect(card.getByTestId("rejected-sets")).toHaveCount(4);
  await expect(card.getByTestId("vote-ranking")).toContainText(
    "1 ranking, 1 set rejected (12 pairwise votes)",
  );
  await expect(card.getByTestId("rejected-sets").first()).toHaveText(
    /^Rejected in 1 set \(50% of its answers\)$/,
  );
  await screens(page, "ranking", card.getByTestId("vote-ranking"));
});
