import { createHash } from "node:crypto";
import path from "node:path";
import { type APIRequestContext, type Locator, type Page, request } from "@playwright/test";
import { expect, test } from "./fixtures/reused-page";
import { saveScreen } from "./fixtures/screens";
import { SCREENS_DIR } from "./pages/studio-shell";

/**
 * "Did one script outvote us?": a vote shared for guests' votes gets one honest guest and three
 * more from one address who all push the wolf. The owner sees on the vote's card how many guests
 * voted and from how many addresses, discards two of the three, and watches the counts and the
 * ranking change.
 */

async function screens(page: Page, name: string, shown: Locator) {
  for (const [width, height] of [
    [1440, 900],
    [1280, 720],
  ] as const) {
    await page.setViewportSize({ width, height });
    await shown.evaluate((el) => el.scrollIntoView({ block: "center" }));
    await saveScreen(page, { path: path.join(SCREENS_DIR, `guest-voters-${name}-${width}x${height}.png`) });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

const digest = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

test("the owner sees a vote's guests by address and discards a script's votes", async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  const origin = baseURL ?? "";
  const word = `voters${crypto
    .randomUUID()
    .slice(0, 6)
    .replace(/[^a-z]/g, "x")}`;
  const prompts = [`a red fox, ${word}`, `a grey wolf, ${word}`, `an owl at night, ${word}`];
  const made = await page.request.post("/api/experiments", {
    headers: { origin },
    data: {
      name: `Guest voters ${word}`,
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
  const experimentId = ((await made.json()) as { data: { id: string } }).data.id;
  await page.goto(`/experiments/${experimentId}`);
  await expect(page.getByRole("status", { name: "Progress" })).toHaveText(/^3 of 3 done/, {
    timeout: 90_000,
  });

  // Which picture is which prompt, by its bytes: ballots show neither names nor ids.
  const view = (await (await page.request.get(`/api/experiments/${experimentId}`)).json()) as {
    data: { cells: { coords: number[]; items: { url: string }[] }[] };
  };
  const promptOf = new Map<string, number>();
  for (const cell of view.data.cells) {
    const url = cell.items[0]?.url ?? "";
    promptOf.set(digest(await (await page.request.get(url)).body()), cell.coords[0] as number);
  }
  /** Votes every pair of a ballot as someone who likes `prefer`'s prompts in that order. */
  async function voteAll(client: APIRequestContext, ballotPath: string, picksPath: string, prefer: number[]) {
    const ballot = (await (await client.get(ballotPath)).json()) as {
      data: { pairs: { id: string; left: { url: string }; right: { url: string } }[] };
    };
    for (const pair of ballot.data.pairs) {
      const side = async (url: string) =>
        promptOf.get(digest(await (await client.get(url)).body())) as number;
      const [l, r] = [await side(pair.left.url), await side(pair.right.url)];
      const pick = prefer.indexOf(l) < prefer.indexOf(r) ? "left" : "right";
      const sent = await client.post(picksPath, { headers: { origin }, data: { pairId: pair.id, pick } });
      expect(sent.status()).toBe(200);
    }
  }

  const opened = await page.request.post(`/api/experiments/${experimentId}/votes`, {
    headers: { origin },
    data: { axis: 0 },
  });
  expect(opened.status()).toBe(201);
  const voteId = ((await opened.json()) as { data: { id: string } }).data.id;
  const shared = await page.request.post("/api/share-links", {
    headers: { origin },
    data: { roundId: voteId, guestVotes: true },
  });
  expect(shared.status()).toBe(201);
  const token = ((await shared.json()) as { data: { url: string } }).data.url.split("/").at(-1) as string;

  const owl = [2, 0, 1];
  const wolf = [1, 0, 2];
  await voteAll(page.request, `/api/votes/${voteId}/ballot`, `/api/votes/${voteId}/picks`, owl);
  // Four browsers without an account, all from this machine's one address.
  for (const prefer of [owl, wolf, wolf, wolf]) {
    const guest = await request.newContext({ baseURL: origin, storageState: { cookies: [], origins: [] } });
    await voteAll(guest, `/api/share/${token}/ballot`, `/api/share/${token}/picks`, prefer);
    await guest.dispose();
  }
  const closed = await page.request.post(`/api/votes/${voteId}/close`, { headers: { origin } });
  expect(closed.status()).toBe(200);

  await page.goto(`/experiments/${experimentId}`);
  const card = page.getByRole("listitem", { name: "Which prompt works best?" });
  const panel = card.getByRole("region", { name: "Guest voters" });
  const counts = panel.getByTestId("guest-voter-counts");
  const ranking = card.getByRole("list", { name: "Ranking" });
  await expect(counts).toHaveText("4 guests voted from 1 network address · 12 votes");
  await expect(panel).toContainText("Several guests from one address may be one person, or a script.");
  await expect(card.getByText("15 votes from 5 voters on 3 pairs")).toBeVisible();
  await expect(ranking.getByRole("listitem").first()).toHaveAccessibleName(`1. ${prompts[1]}`);

  await panel.getByRole("button", { name: "Show guests" }).click();
  const rows = panel.getByRole("row");
  await expect(rows).toHaveCount(5);
  await expect(panel.getByRole("row", { name: "Guest 2" })).toContainText("Address A");
  await expect(panel.getByRole("row", { name: "Guest 2" })).toContainText("4 guests here");
  await screens(page, "panel", panel);

  // Discard the second guest: a confirmation first, then the votes leave every count.
  const second = panel.getByRole("row", { name: "Guest 2" });
  await second.getByRole("button", { name: "Discard votes" }).click();
  await expect(second).toContainText("Drop 3 votes from every ranking?");
  await second.getByRole("button", { name: "Keep" }).click();
  await expect(second.getByRole("button", { name: "Discard votes" })).toBeVisible();
  await second.getByRole("button", { name: "Discard votes" }).click();
  await screens(page, "confirm", panel);
  await second.getByRole("button", { name: "Discard", exact: true }).click();
  await expect(second).toContainText("Discarded by");
  await expect(counts).toHaveText("3 guests voted from 1 network address · 9 votes");
  await expect(card.getByText("12 votes from 4 voters on 3 pairs")).toBeVisible();

  const third = panel.getByRole("row", { name: "Guest 3" });
  await third.getByRole("button", { name: "Discard votes" }).click();
  await third.getByRole("button", { name: "Discard", exact: true }).click();
  await expect(counts).toHaveText("2 guests voted from 1 network address · 6 votes");
  await expect(panel).toContainText("2 guests discarded.");
  await expect(card.getByText("9 votes from 3 voters on 3 pairs")).toBeVisible();
  // The team's and the honest guest's favourite leads now.
  await expect(ranking.getByRole("listitem").first()).toHaveAccessibleName(`1. ${prompts[2]}`);
  await screens(page, "discarded", card);

  // What was discarded stays discarded after a reload.
  await page.reload();
  await expect(
    page.getByRole("region", { name: "Guest voters" }).getByTestId("guest-voter-counts"),
  ).toHaveText("2 guests voted from 1 network address · 6 votes");
});
