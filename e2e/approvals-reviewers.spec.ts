import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { imageTask, joinAsMember, memberIdOf, OWNER, sendTasks } from "./fixtures/accounts";
import { expect, test } from "./fixtures/reused-page";
import { saveScreen } from "./fixtures/screens";
import { finishedTask } from "./fixtures/studio-api";

// A busy two-core machine takes seconds per page; the bounds are wide rather than retried.
test.describe.configure({ timeout: 300_000 });

const SCREENS = path.resolve(import.meta.dirname, "..", "test-results", "approvals-reviewers");
const SIZES = [
  [1440, 900],
  [1280, 720],
] as const;

async function picture(page: Page, baseURL: string, prompt: string): Promise<string> {
  const task = imageTask(prompt);
  expect((await sendTasks(page.request, baseURL, [task])).status()).toBe(202);
  const [item] = (await finishedTask(page.request, task.taskUUID, 60_000)).items;
  return item?.id as string;
}

async function ask(
  request: APIRequestContext,
  baseURL: string,
  body: Record<string, unknown>,
): Promise<{ id: string; guestUrl: string | null; reviewers: { id: string; name: string }[] }> {
  const made = await request.post("/api/approvals", { data: body, headers: { origin: baseURL } });
  expect(made.status()).toBe(201);
  const data = (
    (await made.json()) as {
      data: {
        approval: { id: string; stages: { reviewers: { id: string; name: string }[] }[] };
        guestLinks: { url: string }[];
      };
    }
  ).data;
  return {
    id: data.approval.id,
    guestUrl: data.guestLinks[0]?.url ?? null,
    reviewers: data.approval.stages.flatMap((s) => s.reviewers),
  };
}

test("the requester removes the reviewer a stage waited on and it moves on, adds a member who then decides, and replaces a guest", async ({
  page,
  browser,
  baseURL,
}) => {
  const origin = baseURL ?? "";
  const item = await picture(page, origin, "a lighthouse for the reviewer changes");
  const adaEmail = "ada.reviewers@studio.test";
  const boEmail = "bo.reviewers@studio.test";
  const ada = await joinAsMember(browser, page.request, origin, {
    name: "Ada Reviewer",
    email: adaEmail,
    password: "a long lighthouse password",
  });
  const bo = await joinAsMember(browser, page.request, origin, {
    name: "Bo Reviewer",
    email: boEmail,
    password: "another lighthouse password",
  });
  const adaId = await memberIdOf(page.request, adaEmail);
  const boId = await memberIdOf(page.request, boEmail);
  const made = await ask(page.request, origin, {
    title: "Lighthouse poster",
    itemIds: [item],
    stages: [
      { name: "Team", reviewers: [{ userId: adaId }, { userId: boId }] },
      { name: "Client", reviewers: [{ guestName: "Cleo" }] },
    ],
  });
  const boReviewer = made.reviewers.find((r) => r.name === "Bo Reviewer")?.id as string;
  const approved = await ada.request.post(`/api/approvals/${made.id}/decision`, {
    data: { decision: "approve" },
    headers: { origin },
  });
  expect(approved.status()).toBe(200);

  // Neither another member nor someone without an account may change who decides.
  const byBo = await bo.request.delete(`/api/approvals/${made.id}/reviewers/${boReviewer}`, {
    headers: { origin },
  });
  expect(byBo.status()).toBe(403);
  const stranger = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const byStranger = await stranger.request.delete(`/api/approvals/${made.id}/reviewers/${boReviewer}`, {
    headers: { origin },
  });
  expect(byStranger.status()).toBe(401);

  await page.goto(`/approvals/${made.id}`);
  const team = page.getByTestId("stage-1");
  await expect(page.getByTestId("approval-status")).toHaveText("In review — stage 1 of 2");
  // Ada decided: she stays, and no control offers to remove her.
  await expect(page.getByRole("button", { name: "Remove Ada Reviewer" })).toHaveCount(0);
  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    await saveScreen(page, { path: `${SCREENS}/controls-${width}x${height}.png`, fullPage: true });
  }
  // The client's stage has not started: its reviewers can be changed already.
  await expect(page.getByRole("button", { name: "Remove Cleo" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Add a reviewer to stage 2" })).toBeVisible();
  // Removing asks first, naming who loses access and what becomes of the stage; Cancel changes nothing.
  await page.getByRole("button", { name: "Remove Bo Reviewer" }).click();
  const asked = page.getByRole("dialog", { name: "Remove Bo Reviewer from stage 1?" });
  await expect(asked).toContainText(
    "Bo Reviewer no longer decides in stage 1, and the request leaves their list to decide.",
  );
  await expect(asked).toContainText("Bo Reviewer has not decided in this round, so no decision is lost");
  await expect(asked).toContainText("Everyone else in stage 1 has decided, so the stage is settled at once");
  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    await saveScreen(page, { path: `${SCREENS}/remove-asked-${width}x${height}.png` });
  }
  await asked.getByRole("button", { name: "Cancel" }).click();
  await expect(asked).toHaveCount(0);
  await expect(page.getByTestId("approval-status")).toHaveText("In review — stage 1 of 2");
  await expect(team.getByText("Bo Reviewer")).toBeVisible();
  await page.getByRole("button", { name: "Remove Bo Reviewer" }).click();
  await asked.getByRole("button", { name: "Remove Bo Reviewer" }).click();
  await expect(asked).toHaveCount(0);
  // The stage waited only on Bo: it passes at once and the client's stage starts.
  await expect(page.getByTestId("approval-status")).toHaveText("In review — stage 2 of 2");
  await expect(team.getByTestId("reviewer")).toHaveCount(1);
  await expect(team.getByText("Bo Reviewer")).toHaveCount(0);
  await expect(team.getByTestId("reviewer-decision")).toHaveText("Approved");
  const boPage = await bo.newPage();
  await boPage.goto(`/approvals/${made.id}`);
  await expect(boPage.getByTestId("approval-status")).toHaveText("In review — stage 2 of 2");
  await expect(boPage.getByRole("region", { name: "Your decision" })).toHaveCount(0);

  // Ada joins the client's stage; her page then asks for her decision.
  const client = page.getByTestId("stage-2");
  await page.getByRole("button", { name: "Add a reviewer to stage 2" }).click();
  await page.getByLabel("Member", { exact: true }).selectOption({ label: "Ada Reviewer" });
  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    await saveScreen(page, { path: `${SCREENS}/add-form-${width}x${height}.png`, fullPage: true });
  }
  await page.getByRole("button", { name: "Add to stage 2" }).click();
  await expect(client.getByText("Ada Reviewer")).toBeVisible();
  const adaPage = await ada.newPage();
  await adaPage.goto(`/approvals/${made.id}`);
  await expect(adaPage.getByRole("button", { name: "Approve", exact: true })).toBeVisible();

  // Cleo is replaced by another guest: a new link shows once, and Cleo's link is withdrawn.
  await page.getByRole("button", { name: "Replace Cleo" }).click();
  await page.getByLabel("A guest, through a link").check();
  await page.getByLabel("Guest's name").fill("Dora");
  await page.getByLabel("Guest's email (optional)").fill("dora@example.com");
  await page.getByRole("button", { name: "Replace", exact: true }).click();
  const doraLink = page.getByRole("textbox", { name: "Dora’s link" });
  await expect(doraLink).toHaveValue(/\/a\/[A-Za-z0-9_-]{43}$/);
  await expect(client.getByText("Dora (guest)")).toBeVisible();
  await expect(client.getByText("dora@example.com")).toBeVisible();
  await expect(client.getByText("Cleo (guest)")).toHaveCount(0);
  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    await saveScreen(page, { path: `${SCREENS}/replaced-${width}x${height}.png`, fullPage: true });
  }
  const cleoPage = await stranger.newPage();
  await cleoPage.goto(new URL(made.guestUrl as string).pathname);
  await expect(cleoPage.getByRole("heading", { name: "This link was withdrawn" })).toBeVisible();
  await page.getByRole("button", { name: "Done" }).click();
  await expect(doraLink).toHaveCount(0);
  await stranger.close();
  await ada.close();
  await bo.close();
});

test("a guest's link is withdrawn, says so in another browser and decides nothing; a new link works and its decision stays", async ({
  page,
  browser,
  baseURL,
}) => {
  const origin = baseURL ?? "";
  const item = await picture(page, origin, "a windmill for the guest links");
  const made = await ask(page.request, origin, {
    title: "Windmill print",
    itemIds: [item],
    stages: [{ name: "Client", reviewers: [{ guestName: "Gale" }] }],
  });
  const oldToken = new URL(made.guestUrl as string).pathname.split("/a/")[1] as string;
  await page.goto(`/approvals/${made.id}`);
  const stage = page.getByTestId("stage-1");
  // Withdrawing asks first; Cancel leaves the link working.
  await page.getByRole("button", { name: "Withdraw Gale’s link" }).click();
  const asked = page.getByRole("dialog", { name: "Withdraw Gale’s link?" });
  await expect(asked).toContainText("Gale’s link stops working at once");
  await expect(asked).toContainText("make them a new link if they should still decide");
  await asked.getByRole("button", { name: "Cancel" }).click();
  await expect(asked).toHaveCount(0);
  await expect(stage.getByTestId("reviewer-link")).toHaveCount(0);
  await page.getByRole("button", { name: "Withdraw Gale’s link" }).click();
  await asked.getByRole("button", { name: "Withdraw link" }).click();
  await expect(stage.getByTestId("reviewer-link")).toHaveText("Link withdrawn");
  await expect(page.getByRole("button", { name: "Withdraw Gale’s link" })).toHaveCount(0);

  // In a browser with no account: the page says the link was withdrawn, and every guest call refuses.
  const guest = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const guestPage = await guest.newPage();
  const withdrawnPage = await guestPage.goto(`/a/${oldToken}`);
  expect(withdrawnPage?.status()).toBe(410);
  await expect(guestPage.getByRole("heading", { name: "This link was withdrawn" })).toBeVisible();
  await expect(guestPage.getByText(`ask ${OWNER.name} for a new link`)).toBeVisible();
  await expect(guestPage.getByText("Windmill print")).toHaveCount(0);
  await expect(guestPage.getByRole("button", { name: "Approve", exact: true })).toHaveCount(0);
  for (const [width, height] of SIZES) {
    await guestPage.setViewportSize({ width, height });
    await saveScreen(guestPage, { path: `${SCREENS}/withdrawn-${width}x${height}.png`, fullPage: true });
  }
  const refusal = { code: "linkWithdrawn", parameter: "token" };
  const decided = await guest.request.post(`/api/approval-links/${oldToken}/decision`, {
    data: { decision: "approve" },
    headers: { origin },
  });
  expect(decided.status()).toBe(410);
  expect(await decided.json()).toMatchObject({ errors: [refusal] });
  for (const url of [`/api/approval-links/${oldToken}`, `/api/approval-links/${oldToken}/media/${item}`]) {
    const read = await guest.request.get(url);
    expect([url, read.status()]).toEqual([url, 410]);
    expect(await read.json()).toMatchObject({ errors: [refusal] });
  }

  // A new link: shown once, it opens the request and decides; the old one stays dead.
  await page.getByRole("button", { name: "Make Gale a new link" }).click();
  const fresh = await page.getByRole("textbox", { name: "Gale’s link" }).inputValue();
  expect(fresh).not.toContain(oldToken);
  await expect(stage.getByTestId("reviewer-link")).toHaveCount(0);
  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    await saveScreen(page, { path: `${SCREENS}/new-link-${width}x${height}.png`, fullPage: true });
  }
  await guestPage.goto(new URL(fresh).pathname);
  await guestPage.getByRole("button", { name: "Approve", exact: true }).click();
  await expect(guestPage.getByTestId("your-decision")).toContainText("Approved");
  // The old link, replaced, says so and whom to ask, and nothing of the request; 410, as its calls.
  const replacedPage = await guestPage.goto(`/a/${oldToken}`);
  expect(replacedPage?.status()).toBe(410);
  await expect(
    guestPage.getByRole("heading", { name: "This link was replaced by a newer one" }),
  ).toBeVisible();
  await expect(guestPage.getByText(`Ask ${OWNER.name} to send you the new link.`)).toBeVisible();
  await expect(guestPage.getByText("Windmill print")).toHaveCount(0);
  for (const [width, height] of SIZES) {
    await guestPage.setViewportSize({ width, height });
    await saveScreen(guestPage, { path: `${SCREENS}/replaced-link-${width}x${height}.png`, fullPage: true });
  }
  const oldRead = await guest.request.get(`/api/approval-links/${oldToken}`);
  expect(oldRead.status()).toBe(410);
  expect(await oldRead.json()).toMatchObject({ errors: [{ code: "linkReplaced", parameter: "token" }] });
  // A link that never was names nobody: 404.
  const neverPage = await guestPage.goto(`/a/${"x".repeat(43)}`);
  expect(neverPage?.status()).toBe(404);
  await expect(
    guestPage.getByRole("heading", { name: "There is no review link at this address" }),
  ).toBeVisible();
  await expect(guestPage.getByText(OWNER.name)).toHaveCount(0);

  // Renewing the link again keeps the decision already given.
  await page.getByRole("button", { name: "Done" }).click();
  await page.reload();
  await expect(page.getByTestId("approval-status")).toHaveText("Approved");
  await page.getByRole("button", { name: "Make Gale a new link" }).click();
  const third = await page.getByRole("textbox", { name: "Gale’s link" }).inputValue();
  await guestPage.goto(new URL(third).pathname);
  await expect(guestPage.getByTestId("your-decision")).toContainText("Approved");
  await expect(stage.getByTestId("reviewer-decision")).toHaveText("Approved");
  // Decided, the request's reviewers stay as they are, and the page says so.
  await expect(page.getByTestId("reviewers-closed")).toHaveText(
    "This request is approved: who decides it can no longer be changed.",
  );
  await expect(page.getByRole("button", { name: /^Add a reviewer/ })).toHaveCount(0);
  await guest.close();
});
