import { createHash } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures/reused-page";
import { TAKE_SCREENS } from "./fixtures/screens";
import { StudioShell } from "./pages/studio-shell";

/**
 * "Did switching the model make things better or worse, and where?": a set of three cases run on
 * two models; blind votes prefer the newer run's first case, split the third and barely touch the
 * second; ratings rate the first. From the newer run, "Compare with baseline" opens the cases sorted
 * worst first, with the summary and the model change in words; a vote closed elsewhere moves the
 * view while it is open; the sort control reorders the rows.
 */

async function screens(page: Page, name: string) {
  // The sizes change for the pictures alone: without them the page stays as it is.
  if (!TAKE_SCREENS) return;
  const shell = new StudioShell(page);
  for (const [width, height] of [
    [1440, 900],
    [1280, 720],
  ] as const) {
    await page.setViewportSize({ width, height });
    await shell.screenshot(`eval-regression-${name}-${width}x${height}`, { x: 0, y: 0, width, height });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

type Json = { data: unknown };
const dataOf = async <T>(res: { json(): Promise<unknown>; status(): number }, status = 200): Promise<T> => {
  expect(res.status()).toBe(status);
  return ((await res.json()) as Json).data as T;
};
const sha = async (request: APIRequestContext, url: string) =>
  createHash("sha256")
    .update(await (await request.get(url)).body())
    .digest("hex");

interface Ballot {
  pairs: { id: string; left: { url: string }; right: { url: string } }[];
}

/**
 * One blind vote over the two runs, voted through the API as the owner: `choose` picks, for the case
 * a pair shows (found by the bytes of its two pictures), the run it prefers, a tie, or no vote.
 */
async function voteOnce(
  request: APIRequestContext,
  origin: string,
  setId: string,
  runs: [string, string],
  resultOf: Map<string, { index: number; run: number }>,
  choose: (index: number) => 0 | 1 | "tie" | null,
  close = true,
) {
  const headers = { origin };
  const { id } = await dataOf<{ id: string }>(
    await request.post(`/api/eval-sets/${setId}/votes`, { headers, data: { runs } }),
    201,
  );
  const ballot = await dataOf<Ballot>(await request.get(`/api/votes/${id}/ballot`));
  for (const pair of ballot.pairs) {
    const left = resultOf.get(await sha(request, pair.left.url));
    if (!left) throw new Error("a ballot picture matches no result");
    const wanted = choose(left.index);
    if (wanted === null) continue;
    const pick = wanted === "tie" ? "tie" : wanted === left.run ? "left" : "right";
    await dataOf(await request.post(`/api/votes/${id}/picks`, { headers, data: { pairId: pair.id, pick } }));
  }
  if (close) await dataOf(await request.post(`/api/votes/${id}/close`, { headers, data: {} }));
  return id;
}

test("a run against its baseline: sorted cases, the summary, what changed, live and re-sorted", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const origin = baseURL ?? "";
  const request = page.request;
  const word = `lamp${Date.now().toString(36)}`;
  const prompts = [`a brass lamp, ${word}`, `a clay jug, ${word}`, `a wool scarf, ${word}`];
  const made = await dataOf<{ id: string }>(
    await request.post("/api/eval-sets", {
      headers: { origin },
      data: { name: `Objects ${word}`, cases: prompts.map((prompt, i) => ({ prompt, seed: 50 + i })) },
    }),
    201,
  );
  const setId = made.id;
  const runs: string[] = [];
  // The embedded engine draws a prompt and seed alike on every model: the size tells them apart.
  for (const [model, width] of [
    ["runware:100@1", 512],
    ["runware:101@1", 640],
  ] as const) {
    const { run } = await dataOf<{ run: { id: string } }>(
      await request.post(`/api/eval-sets/${setId}/runs`, {
        headers: { origin },
        data: { model, width, height: 512, steps: 4 },
      }),
      201,
    );
    runs.push(run.id);
  }
  await expect(async () => {
    const view = await dataOf<{ runs: { done: number }[] }>(await request.get(`/api/eval-sets/${setId}`));
    expect(view.runs.map((r) => r.done)).toEqual([3, 3]);
  }).toPass({ timeout: 120_000 });
  const [baseline, newer] = runs as [string, string];

  // Which stored picture is which case of which run: ballots show the same bytes under blind names.
  const compared = await dataOf<{ runs: { results: { item: { id: string } | null }[] }[] }>(
    await request.get(`/api/eval-sets/${setId}/compare?runs=${baseline},${newer}`),
  );
  const resultOf = new Map<string, { index: number; run: number }>();
  const itemOf: string[][] = [[], []];
  for (const [run, r] of compared.runs.entries()) {
    for (const [index, c] of r.results.entries()) {
      const id = c.item?.id ?? "";
      (itemOf[run] as string[])[index] = id;
      resultOf.set(await sha(request, `/api/items/${id}/download`), { index, run });
    }
  }
  expect(resultOf.size).toBe(6);

  // The first case rated: 2 stars before, 5 after.
  for (const [run, value] of [
    [0, 2],
    [1, 5],
  ] as const) {
    await dataOf(
      await request.put(`/api/items/${itemOf[run]?.[0]}/rating`, { headers: { origin }, data: { value } }),
    );
  }
  // Eight closed votes: the lamp always goes to the newer run, the scarf is a tie, the jug gets one
  // vote for the baseline.
  const choose = (round: number) => (index: number) =>
    index === 0 ? 1 : index === 2 ? "tie" : round === 0 ? 0 : null;
  for (let round = 0; round < 8; round++)
    await voteOnce(request, origin, setId, [baseline, newer], resultOf, choose(round));
  // A ninth, voted but still open.
  const ninth = await voteOnce(request, origin, setId, [baseline, newer], resultOf, choose(8), false);

  // From the set's page: the older run is the baseline; the newer one opens the comparison.
  await page.goto(`/experiments/sets/${setId}`);
  const runList = page.getByRole("list", { name: "Runs" });
  await expect(runList.getByTestId("baseline-mark")).toHaveText("Baseline (oldest finished run)");
  await page.getByRole("link", { name: "Compare Run 2 with the baseline" }).click();
  await expect(page).toHaveURL(
    new RegExp(`/experiments/sets/${setId}/compare\\?run=${newer}&baseline=${baseline}$`),
  );
  await expect(page.getByRole("heading", { name: "Run 2 against Run 1" })).toBeVisible();
  const changed = page.getByRole("list", { name: "Settings that differ" }).getByRole("listitem");
  await expect(changed).toHaveText(["Model: FLUX.1 [schnell] → FLUX.1 [dev]", "Size: 512×512 → 640×512"]);

  const summary = page.getByTestId("regression-summary");
  const rows = page.getByTestId("regression-row");
  const table = page.getByRole("table", { name: "Cases against the baseline" });
  await expect(rows).toHaveCount(3);
  await expect(table.getByTestId("result-media")).toHaveCount(6);
  // Eight votes all one way are not yet enough to leave out an even chance.
  await expect(summary).toHaveText("0 better, 0 worse, 2 unchanged, 1 without enough votes of 3 cases");

  // The ninth vote closes elsewhere: the open view moves without a reload.
  await dataOf(await request.post(`/api/votes/${ninth}/close`, { headers: { origin }, data: {} }));
  await expect(summary).toHaveText("1 better, 0 worse, 1 unchanged, 1 without enough votes of 3 cases");

  // Worst first: the jug (one vote for the baseline), the scarf (ties), then the lamp.
  const order = async () => (await rows.locator("th").allTextContents()).map((t) => t.split(",")[0]);
  await expect(rows.getByTestId("verdict")).toHaveText(["Not enough votes", "Same", "Better"]);
  expect(await order()).toEqual(["2.a clay jug", "3.a wool scarf", "1.a brass lamp"]);
  const lamp = rows.filter({ hasText: "a brass lamp" });
  await expect(lamp.getByTestId("preference")).toContainText("Preferred in 9 of 9 votes");
  await expect(lamp.getByTestId("rating-change")).toHaveText("Rating +3.0 (2.0 → 5.0)");
  await screens(page, "worst-first");

  await page.getByRole("radio", { name: "Best first" }).click();
  await expect(rows.getByTestId("verdict")).toHaveText(["Better", "Same", "Not enough votes"]);
  await page.getByRole("radio", { name: "Case order" }).click();
  expect(await order()).toEqual(["1.a brass lamp", "2.a clay jug", "3.a wool scarf"]);
  await screens(page, "case-order");

  // Back on the set: the newer run made the baseline; against the run before it, as before.
  await page.getByRole("link", { name: "Back to the set" }).click();
  await page.getByRole("button", { name: "Make Run 2 the baseline" }).click();
  await expect(runList.getByTestId("baseline-mark")).toHaveText("Baseline");
  await runList.scrollIntoViewIfNeeded();
  await screens(page, "set-runs");
  await page.getByRole("link", { name: "Compare Run 2 with the run before, Run 1" }).click();
  await expect(page).toHaveURL(new RegExp(`compare\\?run=${newer}&baseline=${baseline}$`));
  await expect(page.getByText("measured case by case against another run")).toBeVisible();
  await expect(summary).toHaveText("1 better, 0 worse, 1 unchanged, 1 without enough votes of 3 cases");
  // The older run now reads against the new baseline: worse.
  await page.getByRole("link", { name: "Back to the set" }).click();
  await page.getByRole("link", { name: "Compare Run 1 with the baseline" }).click();
  await expect(page.getByRole("heading", { name: "Run 1 against Run 2" })).toBeVisible();
  await expect(summary).toHaveText("0 better, 1 worse, 1 unchanged, 1 without enough votes of 3 cases");
  await expect(rows.first().getByTestId("verdict")).toHaveText("Worse");
});
