import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { imageTask, joinAsMember, memberIdOf, sendTasks } from "./fixtures/accounts";
import { expect, test } from "./fixtures/reused-page";
import { saveScreen } from "./fixtures/screens";
import { finishedTask } from "./fixtures/studio-api";

// A busy two-core machine takes seconds per page; the bounds are wide rather than retried.
test.describe.configure({ timeout: 300_000 });

const SCREENS = path.resolve(import.meta.dirname, "..", "test-results", "approvals-controls");
const SIZES = [
  [1440, 900],
  [1280, 720],
] as const;

/** Pictures made for this run, by their item ids. */
async function pictures(page: Page, baseURL: string, prompts: string[]): Promise<string[]> {
  const tasks = prompts.map((p) => imageTask(p));
  expect((await sendTasks(page.request, baseURL, tasks)).status()).toBe(202);
  const ids: string[] = [];
  for (const t of tasks)
    ids.push(...(await finishedTask(page.request, t.taskUUID, 60_000)).items.map((i) => i.id));
  return ids;
}

async function ask(
  request: APIRequestContext,
  baseURL: string,
  body: Record<string, unknown>,
): Promise<{ id: string; guestUrl: string | null }> {
  const made = await request.post("/api/approvals", { data: body, headers: { origin: baseURL } });
  expect(made.status()).toBe(201);
  const data = (
    (await made.json()) as {
      data: { approval: { id: string }; guestLinks: { url: string }[] };
    }
  ).data;
  return { id: data.approval.id, guestUrl: data.guestLinks[0]?.url ?? null };
}

test("each of the four decisions reads as it was given, and a stopped request starts a new round", async ({
  page,
  browser,
  baseURL,
}) => {
  const origin = baseURL ?? "";
  const [item] = await pictures(page, origin, ["a kite for the four decisions"]);
  const email = "hedy.decisions@studio.test";
  const editor = await joinAsMember(browser, page.request, origin, {
    name: "Hedy Decider",
    email,
    password: "frequency hopping spread spectrum",
  });
  const hedy = await memberIdOf(page.request, email);
  const outcomes = [
    ["Approve", "Approved", "Approved"],
    ["Approve with changes", "Approved with changes", "Approved"],
    ["Request changes", "Changes requested", "Changes requested"],
    ["Reject", "Rejected", "Rejected"],
  ] as const;
  const editorPage = await editor.newPage();
  for (const [button, decided, status] of outcomes) {
    const { id } = await ask(page.request, origin, {
      title: `Kite: ${button}`,
      itemIds: [item],
      stages: [{ name: "Art direction", reviewers: [{ userId: hedy }] }],
    });
    await editorPage.goto(`/approvals/${id}`);
    await expect(editorPage.getByTestId("approval-status")).toHaveText("In review — stage 1 of 1");
    await editorPage.getByLabel("Note for the requester").fill(`${button}, said Hedy`);
    await editorPage.getByRole("button", { name: button, exact: true }).click();
    await expect(editorPage.getByTestId("approval-status")).toHaveText(status);
    await expect(editorPage.getByTestId("stage-1").getByTestId("reviewer-decision")).toHaveText(decided);
    await expect(editorPage.getByRole("region", { name: "Your decision" })).toHaveCount(0);
    if (button === "Reject") {
      // The requester starts a new round: the stage decides again.
      await page.goto(`/approvals/${id}`);
      await page.getByRole("button", { name: "Start a new round" }).click();
      await expect(page.getByTestId("approval-status")).toHaveText("In review — stage 1 of 1");
      await expect(page.getByText("round 2")).toBeVisible();
      await editorPage.reload();
      await expect(editorPage.getByRole("button", { name: "Approve", exact: true })).toBeVisible();
    }
  }
  // The list's three views, each pressed.
  await page.goto("/approvals");
  const which = page.getByRole("radiogroup", { name: "Which requests" });
  await which.getByRole("radio", { name: "Mine requested" }).click();
  await expect(page.getByRole("link", { name: /Kite: Approve with changes/ })).toBeVisible();
  await which.getByRole("radio", { name: "All" }).click();
  await expect(page.getByRole("link", { name: /Kite: Request changes/ })).toBeVisible();
  await which.getByRole("radio", { name: "Mine to decide" }).click();
  await expect(page.getByRole("link", { name: /Kite:/ })).toHaveCount(0);
  await editorPage.goto("/approvals");
  await expect(editorPage.getByRole("link", { name: /Kite: Reject/ })).toBeVisible();
  await editorPage.getByRole("link", { name: /Kite: Reject/ }).click();
  await expect(editorPage.getByRole("heading", { name: "Kite: Reject" })).toBeVisible();
  await editor.close();
});

test("stages advance, a due date moves and goes overdue, a guest decides by link, a request is cancelled, and a share link holds the original", async ({
  page,
  browser,
  baseURL,
}) => {
  const origin = baseURL ?? "";
  const items = await pictures(page, origin, [
    "a harbour for the staged review",
    "a harbour at night, staged",
  ]);
  const email = "ida.stages@studio.test";
  const editor = await joinAsMember(browser, page.request, origin, {
    name: "Ida Stager",
    email,
    password: "a very long harbour password",
  });
  const ida = await memberIdOf(page.request, email);
  const { id, guestUrl } = await ask(page.request, origin, {
    title: "Harbour campaign",
    itemIds: items,
    holdDownloads: true,
    dueAt: new Date(Date.now() + 5 * 86_400_000).toISOString(),
    stages: [
      { name: "Internal", reviewers: [{ userId: ida }] },
      { name: "Client", reviewers: [{ guestName: "Cleo Client" }] },
    ],
  });
  expect(guestUrl).toMatch(/\/a\//);

  // A share link of the held item shows a still preview, never the original, until approved.
  const link = await page.request.post("/api/share-links", {
    data: { itemId: items[0] },
    headers: { origin },
  });
  expect(link.status()).toBe(201);
  const shareUrl = ((await link.json()) as { data: { url: string } }).data.url;
  const guestContext = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const shared = await guestContext.newPage();
  await shared.goto(new URL(shareUrl).pathname);
  await expect(shared.getByRole("note")).toHaveText(
    "Waiting for the team's approval: this is a preview. The full-size original shows here once it is approved.",
  );
  const sharedMedia = `/api/share/${new URL(shareUrl).pathname.split("/s/")[1]}/media/${items[0]}`;
  const original = await (await page.request.get(`/api/items/${items[0]}/download`)).body();
  const held = await guestContext.request.get(sharedMedia);
  expect(held.status()).toBe(200);
  expect((await held.body()).equals(original)).toBe(false);
  for (const [width, height] of SIZES) {
    await shared.setViewportSize({ width, height });
    await saveScreen(shared, { path: `${SCREENS}/share-held-${width}x${height}.png` });
  }
  // An editor, who prepares the work, still downloads the original.
  expect((await page.request.get(`/api/items/${items[0]}/download`)).status()).toBe(200);

  // The requester moves the due date into the past: the request and its cards say overdue.
  await page.goto(`/approvals/${id}`);
  await expect(page.getByTestId("approval-status")).toHaveText("In review — stage 1 of 2");
  await page.getByRole("button", { name: "Change due date" }).click();
  const yesterday = new Date(Date.now() - 2 * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, "0");
  await page
    .getByLabel("New due date")
    .fill(`${yesterday.getFullYear()}-${pad(yesterday.getMonth() + 1)}-${pad(yesterday.getDate())}`);
  await page.getByRole("button", { name: "Save date" }).click();
  await expect(page.getByTestId("approval-status")).toHaveText("Overdue — stage 1 of 2");
  await expect(page.getByText(/^Overdue by \d+ days? \(/)).toBeVisible();
  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    await saveScreen(page, { path: `${SCREENS}/overdue-${width}x${height}.png`, fullPage: true });
  }
  // This request's own card: other specs' requests are on the shared gallery too.
  await page.goto("/gallery");
  const card = page.locator(`[data-testid="gallery-item"][data-item-id="${items[0]}"]`);
  await expect(card.getByTestId("approval-badge")).toHaveText("Overdue");

  // Stage 1 approves: stage 2 (the guest) starts.
  const editorPage = await editor.newPage();
  await editorPage.goto(`/approvals/${id}`);
  await editorPage.getByRole("button", { name: "Approve", exact: true }).click();
  await expect(editorPage.getByTestId("approval-status")).toHaveText("Overdue — stage 2 of 2");

  // The guest decides through their link, with no account.
  const guestPage = await guestContext.newPage();
  await guestPage.goto(new URL(guestUrl as string).pathname);
  await expect(guestPage.getByTestId("approval-status")).toHaveText(/stage 2 of 2/);
  await guestPage.getByLabel("Note for the requester").fill("Looks right");
  await guestPage.getByRole("button", { name: "Approve", exact: true }).click();
  await expect(guestPage.getByTestId("your-decision")).toContainText("Approved");
  await expect(guestPage.getByTestId("approval-status")).toHaveText("Approved");
  for (const [width, height] of SIZES) {
    await guestPage.setViewportSize({ width, height });
    await saveScreen(guestPage, { path: `${SCREENS}/guest-${width}x${height}.png`, fullPage: true });
  }
  // Approved: the share link serves the original, and its note is gone.
  const freed = await guestContext.request.get(sharedMedia);
  expect((await freed.body()).equals(original)).toBe(true);
  await shared.reload();
  await expect(shared.getByRole("note")).toHaveCount(0);
  await guestContext.close();

  // Another request, cancelled by the requester.
  const other = await ask(page.request, origin, {
    title: "Harbour, second thoughts",
    itemIds: [items[1]],
    stages: [{ name: "Internal", reviewers: [{ userId: ida }] }],
  });
  await page.goto(`/approvals/${other.id}`);
  await page.getByRole("button", { name: "Cancel the request" }).click();
  await expect(page.getByTestId("approval-status")).toHaveText("Cancelled");
  await expect(page.getByRole("button", { name: "Cancel the request" })).toHaveCount(0);
  await editorPage.goto(`/approvals/${other.id}`);
  await expect(editorPage.getByRole("region", { name: "Your decision" })).toHaveCount(0);
  await editor.close();
});

test("the owner moves the daily digest to another hour and time zone; a member reads it and cannot", async ({
  page,
  browser,
  baseURL,
}) => {
  const origin = baseURL ?? "";
  await page.goto("/approvals");
  const digest = page.getByRole("region", { name: "Daily digest" });
  await expect(digest).toContainText("at 08:00 UTC time");
  await digest.getByRole("button", { name: "Change time" }).click();
  await digest.getByLabel("Hour").selectOption("17");
  await digest.getByLabel("Time zone").selectOption("Europe/Paris");
  await digest.getByRole("button", { name: "Save" }).click();
  await expect(digest).toContainText("at 17:00 Europe/Paris time");
  await digest.getByRole("button", { name: "Change time" }).click();
  await digest.getByLabel("Hour").selectOption("9");
  await digest.getByRole("button", { name: "Cancel" }).click();
  await expect(digest).toContainText("at 17:00 Europe/Paris time");
  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    await saveScreen(page, { path: `${SCREENS}/list-${width}x${height}.png`, fullPage: true });
  }
  // Bad input names its parameter; a member who is not an owner is refused.
  const bad = await page.request.put("/api/approvals/digest", {
    data: { hour: 25, timeZone: "Mars/Olympus" },
    headers: { origin },
  });
  expect(bad.status()).toBe(400);
  const errors = ((await bad.json()) as { errors: { parameter?: string }[] }).errors.map((e) => e.parameter);
  expect(errors).toEqual(expect.arrayContaining(["hour", "timeZone"]));
  const member = await joinAsMember(browser, page.request, origin, {
    name: "Jo Digest",
    email: "jo.digest@studio.test",
    password: "a reader of digests at five",
  });
  const memberPage = await member.newPage();
  await memberPage.goto("/approvals");
  const theirs = memberPage.getByRole("region", { name: "Daily digest" });
  await expect(theirs).toContainText("at 17:00 Europe/Paris time");
  await expect(theirs.getByRole("button", { name: "Change time" })).toHaveCount(0);
  expect(
    (
      await member.request.put("/api/approvals/digest", {
        data: { hour: 6, timeZone: "UTC" },
        headers: { origin },
      })
    ).status(),
  ).toBe(403);
  await member.close();
  // Back as it was, for the other tests of this studio.
  await page.request.put("/api/approvals/digest", {
    data: { hour: 8, timeZone: "UTC" },
    headers: { origin },
  });
});
