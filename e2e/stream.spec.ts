import type { Page } from "@playwright/test";
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

/**
 * Holds the tab's live connection until `released` settles, as a slow network or a busy server
 * would: the page reads what it shows first, and its socket joins the relay only afterwards.
 */
async function holdStream(page: Page, released: Promise<unknown>): Promise<void> {
  await page.routeWebSocket(STREAM_PATTERN, async (ws) => {
    await released.catch(() => undefined);
    ws.connectToServer();
  });
}

const STREAM_PATTERN = /\/api\/stream(\?|$)/;

test("a result that finishes between the gallery's first read and its live connection still arrives", async ({
  page,
  baseURL,
}) => {
  const word = `gap${Math.random().toString(36).slice(2, 8)}`;
  let release = () => {};
  await holdStream(page, new Promise<void>((resolve) => (release = resolve)));
  await page.goto(`/gallery?q=${word}`);
  // The gallery has read (nothing yet) and the tab is still connecting.
  await expect(page.getByRole("heading", { name: "No matches" })).toBeVisible();
  await expect(page.locator("[data-stream-state]")).not.toHaveAttribute("data-stream-state", "live");

  const late = imageTask(`a paper lantern on a pond ${word}`);
  expect((await sendTasks(page.request, baseURL ?? "", [late])).status()).toBe(202);
  expect((await finishedTask(page.request, late.taskUUID)).status).toBe("success");

  release();
  await expect(page.locator("[data-stream-state]")).toHaveAttribute("data-stream-state", "live");
  await expect(page.locator(`[data-testid=gallery-item][data-task-uuid="${late.taskUUID}"]`)).toHaveCount(1);
});

test("an experiment's cells that finish before the page's live connection joins fill its grid", async ({
  page,
  baseURL,
}) => {
  const origin = baseURL ?? "";
  const word = `gap${Math.random().toString(36).slice(2, 8)}`;
  const made = await page.request.post("/api/experiments", {
    headers: { origin },
    data: {
      name: `Late cells ${word}`,
      base: {
        taskType: "imageInference",
        positivePrompt: `a tin boat ${word}`,
        model: "runware:100@1",
        width: 256,
        height: 256,
      },
      // Nine cells one at a time: the pause that follows the experiment's creation arrives while
      // most are still to be sent, however slow the machine is to answer it.
      axes: [
        {
          kind: "prompts",
          prompts: ["a tin boat", "a paper boat", "a glass boat"].map((p) => `${p} ${word}`),
        },
        { kind: "seeds", seeds: [11, 12, 13] },
      ],
      concurrency: 1,
    },
  });
  expect(made.status()).toBe(201);
  const id = ((await made.json()) as { data: { id: string } }).data.id;
  const control = (action: string) =>
    page.request.post(`/api/experiments/${id}/control`, { headers: { origin }, data: { action } });
  // Paused at once: one cell at most is on its way, the rest wait for the page to have read them.
  expect((await control("pause")).status()).toBe(200);

  let release = () => {};
  await holdStream(page, new Promise<void>((resolve) => (release = resolve)));
  await page.goto(`/experiments/${id}`);
  await expect(page.getByTestId("experiment-status")).toHaveText("Paused");
  await expect(page.getByRole("status", { name: "Progress" })).not.toHaveText(/^9 of 9 done/);

  // Resumed and finished while the tab is still connecting.
  expect((await control("resume")).status()).toBe(200);
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/experiments/${id}`)).json()) as { data: { status: string } })
          .data.status,
      { timeout: 60_000 },
    )
    .toBe("done");

  release();
  await expect(page.getByRole("status", { name: "Progress" })).toHaveText(/^9 of 9 done/);
  await expect(page.getByTestId("experiment-status")).toHaveText("Finished");
});
