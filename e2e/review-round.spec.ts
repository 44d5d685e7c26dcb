import { imageTask, joinAsMember, sendTasks } from "./fixtures/accounts";
import { expect, test } from "./fixtures/reused-page";
import { finishedTask } from "./fixtures/studio-api";
import { CreatePage } from "./pages/create-page";

/**
 * A whole review round, as a team runs it: the editor generates on a Create page; a reviewer with
 * the gallery open sees the result arrive, finds it by a prompt word, rates it and approves it;
 * the editor sees each change without a reload, finds it again with a filter whose address
 * reproduces the view, compares it with an earlier take, and shares it with someone without an
 * account, who sees that item and nothing else.
 */

const REVIEWER = { name: "Remy Reviewer", email: "remy@studio.test", password: "a fair judge" };

test("generate, find, rate, decide, compare and share: a review round end to end", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const origin = baseURL ?? "";
  // One word no other spec uses, so the search finds this round's results only.
  const word = `quill${crypto
    .randomUUID()
    .slice(0, 6)
    .replace(/[^a-z]/g, "x")}`;

  // An earlier take, made before the round started.
  const earlier = imageTask(`a paper crane on a desk, ${word}, morning light`, { width: 512, height: 512 });
  expect((await sendTasks(page.request, origin, [earlier])).status()).toBe(202);
  const earlierItem = (await finishedTask(page.request, earlier.taskUUID)).items[0];
  if (!earlierItem) throw new Error("no earlier result");

  // The reviewer has the gallery open, searching for the round's word.
  const reviewerContext = await joinAsMember(browser, page.request, origin, REVIEWER, "reviewer");
  const reviewer = await reviewerContext.newPage();
  await reviewer.goto("/gallery");
  await reviewer.getByRole("searchbox", { name: "Search prompts" }).fill(word);
  await expect(reviewer).toHaveURL(new RegExp(`[?&]q=${word}`));
  await expect(reviewer.locator("[data-stream-state=live]")).toBeAttached();
  await expect(reviewer.getByTestId("gallery-item")).toHaveCount(1);

  // The editor generates on the text-to-image page.
  const create = new CreatePage(page);
  await create.open("text-to-image");
  await create.prompt.fill(`a paper crane on a desk, ${word}, evening light`);
  await page.getByRole("spinbutton", { name: "Images" }).fill("1");
  await create.generate.click();
  const taskUUID = await create.expectResults(1);
  const made = (await finishedTask(page.request, taskUUID)).items[0];
  if (!made) throw new Error("no result");

  // It arrives in the reviewer's open gallery without a reload, and opens in the viewer.
  const arrived = reviewer.locator(`[data-testid=gallery-item][data-item-id="${made.id}"]`);
  await expect(arrived).toBeVisible();
  await expect(reviewer.getByTestId("gallery-item")).toHaveCount(2);
  await arrived.focus();
  await reviewer.keyboard.press("Enter");
  await expect(reviewer).toHaveURL(new RegExp(`/gallery/item/${made.id}`));

  // The editor watches the same item.
  await page.goto(`/gallery/item/${made.id}`);
  await expect(page.locator("[data-stream-state=live]")).toBeAttached();
  await expect(page.getByTestId("team-rating")).toHaveText("Not rated yet");

  // The reviewer rates it 5 and approves it; the editor's page follows.
  await reviewer.getByRole("radio", { name: "5 stars" }).click();
  await reviewer.getByRole("radio", { name: "Approved" }).click();
  await expect(page.getByTestId("team-rating")).toHaveText("5.0 from 1 rating");
  await expect(page.getByRole("radio", { name: "Approved" })).toHaveAttribute("data-state", "on");

  // The editor finds the approved ones of the round with a filter; the address reproduces the view.
  await page.goto(`/gallery?q=${word}`);
  await expect(page.getByTestId("gallery-item")).toHaveCount(2);
  await page.getByRole("button", { name: /^Filters/ }).click();
  await page.getByRole("combobox", { name: "Review state" }).selectOption({ label: "Approved" });
  await expect(page).toHaveURL(/state=approved/);
  await expect(page.getByTestId("gallery-item")).toHaveCount(1);
  await expect(page.locator(`[data-testid=gallery-item][data-item-id="${made.id}"]`)).toBeVisible();
  const view = page.url();
  const fresh = await page.context().newPage();
  await fresh.goto(view);
  await expect(fresh.getByTestId("gallery-item")).toHaveCount(1);
  await expect(fresh.locator(`[data-testid=gallery-item][data-item-id="${made.id}"]`)).toBeVisible();
  await fresh.close();

  // Compare it with the earlier take: the prompts differ by one word.
  await page.goto(`/gallery?q=${word}`);
  await expect(page.getByTestId("gallery-item")).toHaveCount(2);
  for (const id of [earlierItem.id, made.id]) {
    await page
      .locator(`[data-testid=gallery-item][data-item-id="${id}"]`)
      .getByRole("button", { name: /^Select/ })
      .click();
  }
  await page.getByRole("toolbar", { name: "Selected items" }).getByRole("link", { name: "Compare" }).click();
  await expect(page).toHaveURL(/\/gallery\/compare\?ids=/);
  const diffOfB = page.getByTestId("prompt-diff").and(page.locator("[data-letter=B]"));
  await expect(diffOfB.locator("del")).toHaveText("morning");
  await expect(diffOfB.locator("ins")).toHaveText("evening");

  // Share it: someone without an account sees this item, and nothing else through the link.
  await page.goto(`/gallery/item/${made.id}`);
  await page.getByRole("button", { name: "Share…" }).click();
  const share = page.getByRole("dialog", { name: "Share this item" });
  await share.getByRole("switch", { name: /Show the prompt and settings/ }).click();
  await share.getByRole("button", { name: "Create link" }).click();
  const url = await share.getByRole("textbox", { name: "Share link" }).inputValue();
  const token = url.split("/s/")[1] ?? "";
  await share.getByRole("button", { name: "Done" }).click();

  const guest = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  try {
    const guestPage = await guest.newPage();
    await guestPage.goto(url);
    await expect(guestPage.getByTestId("item-prompt")).toHaveText(
      `a paper crane on a desk, ${word}, evening light`,
    );
    expect((await guest.request.get(`/api/share/${token}/media/${made.id}`)).status()).toBe(200);
    // The earlier take is a neighbour the link does not name: refused, as is the team's gallery.
    expect((await guest.request.get(`/api/share/${token}/media/${earlierItem.id}`)).status()).toBe(404);
    expect((await guest.request.get(`/api/items/${earlierItem.id}`)).status()).toBe(401);
  } finally {
    await guest.close();
    await reviewerContext.close();
  }
});
