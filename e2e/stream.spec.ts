import { imageTask, sendTasks } from "./fixtures/accounts";
import { expect, test } from "./fixtures/reused-page";
import { finishedTask } from "./fixtures/studio-api";

test("a tab whose live connection drops gets every result it missed when it comes back", async ({
  page,
  context,
  baseURL,
}) => {
  // A view of this test's own results: other specs' results, arriving meanwhile, would push ours
  // past what the virtualized grid draws.
  const word = `kite${Math.random().toString(36).slice(2, 8)}`;
  await page.goto(`/gallery?q=${word}`);
  const state = page.locator("[data-stream-state]");
  await expect(state).toHaveAttribute("data-stream-state", "live");

  await context.setOffline(true);
  await expect(state).toHaveAttribute("data-stream-state", "reconnecting");

  // While the tab is away, two tasks finish (sent from outside the tab's network).
  const missed = [
    imageTask(`a red kite over dunes ${word}`),
    imageTask(`a glass of water on a table ${word}`, { numberResults: 2 }),
  ];
  expect((await sendTasks(page.request, baseURL ?? "", missed)).status()).toBe(202);
  for (const t of missed) expect((await finishedTask(page.request, t.taskUUID)).status).toBe("success");

  await context.setOffline(false);
  await expect(state).toHaveAttribute("data-stream-state", "live", { timeout: 20_000 });
  for (const [i, t] of missed.entries()) {
    await expect(page.locator(`[data-testid=gallery-item][data-task-uuid="${t.taskUUID}"]`)).toHaveCount(
      i + 1,
    );
  }
});
