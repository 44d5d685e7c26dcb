import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { startSmtp, textBody } from "../lib/server/notifications/smtp-sink";
import { imageTask, OWNER, sendTasks } from "./fixtures/accounts";
import { freePort, ROOT } from "./fixtures/processes";
import { saveScreen } from "./fixtures/screens";
import { finishedTask } from "./fixtures/studio-api";
import { killTree, type StudioProcess, startStudio } from "./fixtures/studio-process";

/**
 * A guest reviewer added with an email address gets their link by the studio's mail. The studio
 * of this spec is its own, sending to an SMTP server the spec runs and reads.
 */

const dataDir = path.join(ROOT, "data", `e2e-guest-mail-${process.pid}`);
const SCREENS = path.resolve(import.meta.dirname, "..", "test-results", "approvals-guest-mail");
let studio: StudioProcess | undefined;
let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined;

test.afterAll(async () => {
  await killTree(studio);
  await smtp?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test("a guest named with an email address, when the request is made or later, is sent their link, and the page says so", async ({
  browser,
}) => {
  test.setTimeout(420_000);
  fs.rmSync(dataDir, { recursive: true, force: true });
  smtp = await startSmtp();
  studio = await startStudio(dataDir, await freePort(), { SMTP_URL: smtp.url });
  const { origin } = studio;
  const owner = await browser.newContext({
    baseURL: origin,
    storageState: { cookies: [], origins: [] },
    viewport: { width: 1440, height: 900 },
  });
  const setup = await owner.request.post("/api/setup", { data: OWNER, headers: { origin } });
  expect(setup.status(), await setup.text()).toBe(200);
  const page = await owner.newPage();
  const task = imageTask("a harbour at dawn for the guest's email");
  expect((await sendTasks(page.request, origin, [task])).status()).toBe(202);
  const [item] = (await finishedTask(page.request, task.taskUUID, 60_000)).items;
  const board = await page.request.post("/api/boards", { data: { name: "Harbour" }, headers: { origin } });
  expect(board.status()).toBe(201);
  const boardId = ((await board.json()) as { data: { board: { id: string } } }).data.board.id;
  const onBoard = await page.request.post(`/api/boards/${boardId}/items`, {
    data: { itemIds: [item?.id] },
    headers: { origin },
  });
  expect(onBoard.status()).toBe(200);

  // The request is made with a guest and their address: the link goes to them, and the dialog says so.
  await page.goto(`/gallery?board=${boardId}`);
  await page.getByRole("button", { name: "Request approval" }).click();
  const dialog = page.getByRole("dialog", { name: "Request approval" });
  await dialog.getByLabel("Title").fill("Harbour print");
  await dialog.getByRole("button", { name: "Remove stage 2" }).click();
  await dialog.getByLabel("Stage 1 guest name").fill("Gale");
  await dialog.getByLabel("Stage 1 guest email (optional)").fill("gale@example.com");
  await dialog.getByTestId("stage-1").getByRole("button", { name: "Add guest" }).click();
  await expect(dialog.getByText("(guest · gale@example.com)")).toBeVisible();
  await saveScreen(page, { path: `${SCREENS}/request-1440x900.png` });
  await dialog.getByRole("button", { name: "Send for approval" }).click();
  const requested = page.getByRole("dialog", { name: "Approval requested" });
  await expect(requested).toContainText("Gale’s link — sent by email to gale@example.com");
  await expect(requested).toContainText("The guest was sent their link by email");
  const galeUrl = await requested.getByLabel("Gale’s link").inputValue();
  await saveScreen(page, { path: `${SCREENS}/requested-1440x900.png` });
  const toGale = smtp.received.filter((m) => m.to.includes("gale@example.com"));
  expect(toGale).toHaveLength(1);
  expect(textBody(toGale[0]?.raw ?? "")).toContain(`Open it: ${galeUrl}`);
  await requested.getByRole("link", { name: "Open the request" }).click();
  await expect(page.getByRole("heading", { name: "Harbour print" })).toBeVisible();
  const id = new URL(page.url()).pathname.split("/approvals/")[1] as string;

  await page.goto(`/approvals/${id}`);
  await page.getByRole("button", { name: "Add a reviewer to stage 1" }).click();
  await page.getByLabel("A guest, through a link").check();
  await page.getByLabel("Guest's name").fill("Dora");
  await page.getByLabel("Guest's email (optional)").fill("dora@example.com");
  await page.getByRole("button", { name: "Add to stage 1" }).click();
  const shown = page.getByRole("region", { name: "New guest link" });
  await expect(shown).toContainText("sent by email to dora@example.com");
  const url = await shown.getByRole("textbox", { name: "Dora’s link" }).inputValue();
  for (const [width, height] of [
    [1440, 900],
    [1280, 720],
  ] as const) {
    await page.setViewportSize({ width, height });
    await saveScreen(page, { path: `${SCREENS}/sent-${width}x${height}.png`, fullPage: true });
  }

  // The email reached Dora with that very link, which opens her review.
  const sent = smtp.received.filter((m) => m.to.includes("dora@example.com"));
  expect(sent).toHaveLength(1);
  expect(textBody(sent[0]?.raw ?? "")).toContain(`Open it: ${url}`);
  const guest = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const guestPage = await guest.newPage();
  await guestPage.goto(url);
  await expect(guestPage.getByText("Shared with you for review · Dora")).toBeVisible();
  await expect(guestPage.getByRole("button", { name: "Approve", exact: true })).toBeVisible();
  await guest.close();
  await owner.close();
});
