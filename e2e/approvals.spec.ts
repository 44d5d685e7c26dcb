import path from "node:path";
import { imageTask, joinAsMember, sendTasks } from "./fixtures/accounts";
import { expect, test } from "./fixtures/reused-page";
import { saveScreen } from "./fixtures/screens";
import { finishedTask } from "./fixtures/studio-api";

// A busy two-core machine takes seconds per page; the bounds are wide rather than retried.
test.describe.configure({ timeout: 240_000 });

const SCREENS = path.resolve(import.meta.dirname, "..", "test-results", "approvals");
const SIZES = [
  [1440, 900],
  [1280, 720],
] as const;

test("a board goes through two stages: the editor approves, the guest asks for changes, and the cards say so", async ({
  page,
  browser,
  baseURL,
}) => {
  const origin = { origin: baseURL ?? "" };
  // Two pictures on a board of their own.
  const tasks = [
    imageTask("a lighthouse for the approval, dawn"),
    imageTask("a lighthouse for the approval, dusk"),
  ];
  expect((await sendTasks(page.request, baseURL ?? "", tasks)).status()).toBe(202);
  const itemIds: string[] = [];
  for (const t of tasks)
    itemIds.push(...(await finishedTask(page.request, t.taskUUID, 60_000)).items.map((i) => i.id));
  const made = await page.request.post("/api/boards", {
    data: { name: "Lighthouse approvals" },
    headers: origin,
  });
  expect(made.status()).toBe(201);
  const boardId = ((await made.json()) as { data: { board: { id: string } } }).data.board.id;
  const added = await page.request.post(`/api/boards/${boardId}/items`, {
    data: { itemIds },
    headers: origin,
  });
  expect(added.status()).toBe(200);
  const editor = await joinAsMember(browser, page.request, baseURL ?? "", {
    name: "Grace Approver",
    email: "grace.approvals@studio.test",
    password: "compiler of the first order",
  });

  // The owner asks for approval from the board: the editor first, then a guest by link.
  await page.goto(`/gallery?board=${boardId}`);
  await page.getByRole("button", { name: "Request approval" }).click();
  const dialog = page.getByRole("dialog", { name: "Request approval" });
  await dialog.getByLabel("Title").fill("Lighthouse campaign");
  await dialog.getByTestId("stage-1").getByText("Grace Approver").click();
  await dialog.getByLabel("Stage 2 guest name").fill("Cleo Client");
  await dialog.getByTestId("stage-2").getByRole("button", { name: "Add guest" }).click();
  await expect(dialog.getByText("Cleo Client")).toBeVisible();
  await dialog.getByRole("button", { name: "Send for approval" }).click();
  const sent = page.getByRole("dialog", { name: "Approval requested" });
  // The main studio of the tests sends no mail: the link is the requester's to send.
  await expect(sent).toContainText("Send their link to each guest not emailed");
  const guestUrl = await sent.getByLabel("Cleo Client’s link").inputValue();
  expect(guestUrl).toMatch(/\/a\/[A-Za-z0-9_-]+$/);
  await sent.getByRole("link", { name: "Open the request" }).click();
  await expect(page.getByRole("heading", { name: "Lighthouse campaign" })).toBeVisible();
  await expect(page.getByTestId("approval-status")).toHaveText("In review — stage 1 of 2");
  const requestUrl = new URL(page.url()).pathname;

  // The editor decides in their stage.
  const editorPage = await editor.newPage();
  await editorPage.goto(requestUrl);
  await editorPage.getByLabel("Note for the requester").fill("Lovely light");
  await editorPage.getByRole("button", { name: "Approve", exact: true }).click();
  await expect(editorPage.getByTestId("approval-status")).toHaveText("In review — stage 2 of 2");
  await expect(editorPage.getByTestId("stage-1").getByTestId("reviewer-decision")).toHaveText("Approved");
  // The owner's open page hears of it through the stream.
  await expect(page.getByTestId("approval-status")).toHaveText("In review — stage 2 of 2");

  // The guest, with no account, opens their link in a browser of their own and asks for changes.
  const guest = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  try {
    const guestPage = await guest.newPage();
    await guestPage.goto(guestUrl);
    await expect(guestPage.getByTestId("approval-status")).toHaveText("In review — stage 2 of 2");
    await expect(guestPage.getByRole("list", { name: "Items to review" }).getByRole("listitem")).toHaveCount(
      2,
    );
    await guestPage.getByLabel("Note for the requester").fill("Warmer sky, please");
    await guestPage.getByRole("button", { name: "Request changes" }).click();
    await expect(guestPage.getByTestId("your-decision")).toContainText("Changes requested");
    await expect(guestPage.getByTestId("approval-status")).toHaveText("Changes requested");
    // The guest sees nothing else of the team.
    expect((await guest.request.get("/api/boards")).status()).toBe(401);
  } finally {
    await guest.close();
  }

  // The owner's request page and the board's cards say so.
  await expect(page.getByTestId("approval-status")).toHaveText("Changes requested");
  await expect(page.getByTestId("stage-2").getByText("Cleo Client (guest)")).toBeVisible();
  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    await saveScreen(page, { path: `${SCREENS}/request-${width}x${height}.png`, fullPage: true });
  }
  await page.goto(`/gallery?board=${boardId}`);
  const cards = page.getByTestId("gallery-item");
  await expect(cards).toHaveCount(2);
  for (const card of await cards.all())
    await expect(card.getByTestId("approval-badge")).toHaveText("Changes requested");
  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    await saveScreen(cards.first(), { path: `${SCREENS}/card-${width}x${height}.png` });
    await saveScreen(page, { path: `${SCREENS}/board-${width}x${height}.png` });
  }
  await editor.close();
});
