import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import { joinAsMember, OWNER } from "./fixtures/accounts";
import { freePort, ROOT } from "./fixtures/processes";
import { TAKE_SCREENS } from "./fixtures/screens";
import { killTree, type StudioProcess, startStudio } from "./fixtures/studio-process";
import { StudioShell } from "./pages/studio-shell";

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/**
 * "Stop when we know": the owner votes on three prompts the same way every time on their ballot's
 * own page, the ballot asking the least certain pair next, until the vote says it is settled at
 * 95% and on what that rests (in words, never who leads); a viewer sees it settled too but may not
 * close it; the owner presses Close now, is asked first, closes, and sees the ranking, their
 * favourite on top. The claim counts every member who may still vote, so the spec runs on a studio
 * of its own whose owner is its only voter (the viewer may not vote): on the shared studio, the
 * members other specs add would rightly hold the claim back until they voted.
 */
test.describe.configure({ mode: "serial" });

const dataDir = path.join(ROOT, "data", `e2e-settled-${process.pid}`);
let studio: StudioProcess | undefined;

test.afterAll(async () => {
  await killTree(studio);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const VIEWER = { name: "Sol Settled", email: "sol.settled@studio.test", password: "a patient eye" };

/** Both sizes; a dialog as the screen shows it (a full-page shot would stretch its backdrop). */
async function screens(page: Page, name: string, dialog = true) {
  // The sizes change for the pictures alone: without them the page stays as it is.
  if (!TAKE_SCREENS) return;
  const shell = new StudioShell(page);
  await shell.screenshot(
    `vote-settled-${name}-1440x900`,
    dialog ? { x: 0, y: 0, width: 1440, height: 900 } : undefined,
  );
  await page.setViewportSize({ width: 1280, height: 720 });
  await shell.screenshot(
    `vote-settled-${name}-1280x720`,
    dialog ? { x: 0, y: 0, width: 1280, height: 720 } : undefined,
  );
  await page.setViewportSize({ width: 1440, height: 900 });
}

const digest = async (request: APIRequestContext, url: string) => {
  const res = await request.get(url);
  expect(res.status()).toBe(200);
  return createHash("sha256")
    .update(await res.body())
    .digest("hex");
};

/** An experiment of three prompts x two seeds, done; and each of its pictures' prompt, by its bytes. */
async function promptsByPicture(request: APIRequestContext, origin: string, prompts: string[]) {
  const made = await request.post("/api/experiments", {
    headers: { origin },
    data: {
      name: "Settle three prompts",
      base: {
        taskType: "imageInference",
        positivePrompt: prompts[0],
        model: "runware:100@1",
        width: 512,
        height: 512,
      },
      axes: [
        { kind: "prompts", prompts },
        { kind: "seeds", seeds: [303, 404] },
      ],
    },
  });
  expect(made.status()).toBe(201);
  const id = ((await made.json()) as { data: { id: string } }).data.id;
  type Cell = { coords: number[]; items: { url: string }[] };
  let cells: Cell[] = [];
  await expect(async () => {
    const view = (await (await request.get(`/api/experiments/${id}`)).json()) as {
      data: { progress: { done: number }; cells: Cell[] };
    };
    expect(view.data.progress.done).toBe(6);
    cells = view.data.cells;
  }).toPass({ timeout: 90_000 });
  const byPicture = new Map<string, number>();
  for (const cell of cells)
    for (const item of cell.items) byPicture.set(await digest(request, item.url), cell.coords[0] as number);
  // Every picture tells its prompt apart.
  expect(byPicture.size).toBe(6);
  return { id, byPicture };
}

async function promptShown(request: APIRequestContext, img: Locator, byPicture: Map<string, number>) {
  const src = (await img.getAttribute("src")) ?? "";
  const prompt = byPicture.get(await digest(request, src));
  expect(prompt).toBeDefined();
  return prompt as number;
}

test("voting the same way until the order is settled, then Close now shows the ranking", async ({
  browser,
}) => {
  test.setTimeout(420_000);
  fs.rmSync(dataDir, { recursive: true, force: true });
  studio = await startStudio(dataDir, await freePort());
  const { origin } = studio;
  const ownerContext = await browser.newContext({
    baseURL: origin,
    storageState: { cookies: [], origins: [] },
    viewport: { width: 1440, height: 900 },
  });
  const setup = await ownerContext.request.post("/api/setup", { data: OWNER, headers: { origin } });
  expect(setup.status(), await setup.text()).toBe(200);
  const page = await ownerContext.newPage();
  const word = `settle${crypto
    .randomUUID()
    .slice(0, 6)
    .replace(/[^a-z]/g, "x")}`;
  const prompts = [
    `a red fox in snow, ${word}`,
    `a grey wolf in snow, ${word}`,
    `an owl on a branch, ${word}`,
  ];
  // The owl, then the fox, then the wolf: every time.
  const prefer = [2, 0, 1];
  const { id, byPicture } = await promptsByPicture(page.request, origin, prompts);

  await page.goto(`/experiments/${id}`);
  await page.getByRole("button", { name: "Blind vote…" }).click();
  await page
    .getByRole("dialog", { name: "Start a blind vote" })
    .getByRole("button", { name: "Start the vote" })
    .click();
  // The new vote's ballot opens on a page of its own.
  await expect(page).toHaveURL(/\/votes\/[0-9a-f-]{36}\/ballot$/);
  const voteId = page.url().split("/").at(-2) as string;
  const ballot = page.getByRole("region", { name: "Ballot" });
  const progress = ballot.getByRole("status", { name: "Votes given" });
  const settled = ballot.getByRole("status", { name: "Settled" });
  await expect(progress).toHaveText("0 of 6");
  await expect(settled).toHaveCount(0);
  await screens(page, "ballot");

  let given = 0;
  while ((await settled.count()) === 0) {
    expect(given).toBeLessThan(6);
    const left = await promptShown(
      page.request,
      ballot.getByRole("img", { name: "Left candidate" }),
      byPicture,
    );
    const right = await promptShown(
      page.request,
      ballot.getByRole("img", { name: "Right candidate" }),
      byPicture,
    );
    const better = prefer.indexOf(left) < prefer.indexOf(right) ? "Left" : "Right";
    await ballot.getByRole("button", { name: `${better} is better` }).click();
    given += 1;
    await expect(progress).toHaveText(`${given} of 6`);
  }
  const claim =
    /^Settled at 95%: the votes still to come are very unlikely to change (which one is on top|the order)\.$/;
  await expect(settled).toHaveText(claim);
  // On what it rests: the owner's own pairs, played out; and what that means for them.
  const basis = ballot.getByTestId("settled-basis");
  if (given < 6) {
    await expect(basis).toHaveText(
      new RegExp(
        `^In \\d+ of 100 simulated endings, the ${plural(6 - given, "pair")} still to be voted on \\(by 1 teammate partway through\\) did not change`,
      ),
    );
    await expect(ballot.getByText(/among the votes played out; you can still vote on/)).toBeVisible();
  } else
    await expect(basis).toHaveText(
      "Everyone who may vote has voted on every pair, so no vote is still to come.",
    );
  await expect(ballot.getByText(/nothing useful/i)).toHaveCount(0);
  // Settled, not who leads: no prompt shows while the vote is open.
  for (const p of prompts) await expect(page.locator("main")).not.toContainText(p);
  await expect(ballot.getByRole("list", { name: "Ranking" })).toHaveCount(0);
  await screens(page, "settled");

  // The experiment's page says it too; a viewer reads it there but has no Close now.
  const viewerContext = await joinAsMember(browser, page.request, origin, VIEWER, "viewer");
  const viewer = await viewerContext.newPage();
  await viewer.goto(`/experiments/${id}`);
  const viewerCard = viewer.getByRole("listitem", { name: "Which prompt works best?" });
  // The votes list reads after the grid: on a busy machine that takes a while.
  await expect(viewerCard).toBeVisible({ timeout: 30_000 });
  await expect(viewerCard.getByRole("status", { name: "Settled" })).toHaveText(claim);
  await expect(viewerCard.getByRole("button", { name: "Close now" })).toHaveCount(0);
  await expect(viewerCard.getByRole("link", { name: "Vote", exact: true })).toHaveCount(0);
  await screens(viewer, "card", false);
  for (const p of prompts) await expect(viewerCard).not.toContainText(p);
  await viewerContext.close();

  // Close now asks first, then the vote closes: said once, and its ranking shows, the owl on top.
  await ballot.getByRole("button", { name: "Close now" }).click();
  const ask = page.getByRole("dialog", { name: "Close this vote?" });
  await expect(ask).toBeVisible();
  await ask.getByRole("button", { name: "Close the vote" }).click();
  await expect(ballot.getByRole("status", { name: "Vote closed" })).toHaveCount(1);
  const ranking = ballot.getByRole("list", { name: "Ranking" });
  await expect(ranking.getByRole("listitem")).toHaveCount(3);
  await expect(ranking.getByRole("listitem").first()).toContainText(prompts[2] as string);
  await expect(settled).toHaveCount(0);
  const closed = (await (await page.request.get(`/api/votes/${voteId}/results`)).json()) as {
    data: { status: string; votes: number };
  };
  expect(closed.data).toMatchObject({ status: "closed", votes: given });
  await screens(page, "closed");
  await ownerContext.close();
});
