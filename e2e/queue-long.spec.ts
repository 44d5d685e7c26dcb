import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { joinAsMember, sendTasks } from "./fixtures/accounts";
import { saveScreen, TAKE_SCREENS } from "./fixtures/screens";
import { SCREENS_DIR } from "./pages/studio-shell";

/**
 * A long queue in the drawer. The engine holds every task whose prompt has "(held)" (ENGINE_FAULTS
 * in playwright.config.ts), so a member who sends two hundred has four at work and the rest
 * waiting, for as long as the studio runs: a member of their own, so no other spec waits behind.
 */
test.describe.configure({ timeout: 180_000 });

const TASKS = 200;

/**
 * The drawer as the screen shows it at both sizes (a full-page shot would stretch the page under
 * the open drawer and draw the drawer's list at a height it never has).
 */
async function screens(page: Page, name: string) {
  // The sizes change for the pictures alone: without them the page stays as it is.
  if (!TAKE_SCREENS) return;
  const end = page.getByTestId("queue-end");
  for (const size of [
    { width: 1280, height: 720 },
    { width: 1440, height: 900 },
  ]) {
    await page.setViewportSize(size);
    // The list is measured again at the new width: scroll on until its end line is in sight.
    if (name === "end")
      await expect(async () => {
        await end.evaluate((el) => el.scrollIntoView({ block: "end" }));
        // Whole to the eye: the drawer's list can end between two device pixels, leaving a fraction
        // of a pixel of its last line out of sight (ratios of 0.988 and 0.998 were seen).
        await expect(end).toBeInViewport({ ratio: 0.95, timeout: 1_000 });
      }).toPass({ timeout: 10_000 });
    await saveScreen(page, {
      path: path.join(SCREENS_DIR, `queue-long-${name}-${size.width}x${size.height}.png`),
    });
  }
}

test("a member with two hundred tasks waiting scrolls the queue to their oldest task and reads how many wait", async ({
  browser,
  request,
  baseURL,
}) => {
  const origin = baseURL ?? "";
  const context = await joinAsMember(browser, request, origin, {
    name: "Quinn Waits",
    email: "quinn.waits@studio.test",
    password: "a long queue of harbours",
  });
  const stamp = Date.now().toString(36);
  // Tasks of one request share their time, so the first and the last go alone: they are the
  // oldest and the newest whatever the order within a request.
  const requests = [
    [1, 1],
    [2, 50],
    [51, 100],
    [101, 150],
    [151, 199],
    [TASKS, TASKS],
  ] as const;
  for (const [from, to] of requests) {
    const tasks = Array.from({ length: to - from + 1 }, (_, i) => ({
      taskType: "imageInference",
      taskUUID: crypto.randomUUID(),
      positivePrompt: `a quiet harbour at dawn (held) ${stamp} No. ${from + i}`,
      model: "runware:100@1",
      width: 256,
      height: 256,
      deliveryMethod: "async",
    }));
    const res = await sendTasks(context.request, origin, tasks);
    expect(res.status(), await res.text()).toBe(202);
  }

  const page = await context.newPage();
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/create/text-to-image");
  const button = page.getByTestId("queue-button");
  await expect(button).toContainText(String(TASKS));
  await button.click();
  const drawer = page.getByRole("dialog", { name: "Queue" });
  await expect(drawer.getByTestId("queue-count")).toContainText(
    `${TASKS} tasks of yours are waiting or running`,
  );
  // Newest first: the last one sent is on top.
  await expect(drawer.getByTestId("queue-row").first()).toContainText(`No. ${TASKS}`);
  await screens(page, "top");

  // Scrolled to the end, page after page comes in; only the rows in sight are drawn.
  const frame = drawer.getByTestId("queue-frame");
  const end = drawer.getByTestId("queue-end");
  await expect(async () => {
    await frame.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await expect(end).toHaveText(`That is all: ${TASKS} tasks of yours.`, { timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
  // Rows are measured as they are drawn, so the list grows a little under a scroll to its end:
  // as a person does, scroll on until the last row is in sight.
  const oldest = drawer.getByTestId("queue-row").filter({ hasText: new RegExp(`${stamp} No\\. 1(?!\\d)`) });
  await expect(async () => {
    await frame.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await expect(oldest).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(oldest).toContainText("waiting");
  // Its mark says the same as its words: a task held here is waiting, not in progress.
  await expect(oldest.getByRole("img", { name: "Waiting" })).toBeVisible();
  expect(await drawer.getByTestId("queue-row").count()).toBeLessThan(60);
  await expect(drawer.getByTestId("queue-count")).toContainText(`${TASKS} tasks of yours`);
  await screens(page, "end");
  await context.close();
});
