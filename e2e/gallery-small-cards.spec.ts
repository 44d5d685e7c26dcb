import type { Locator } from "@playwright/test";
import { imageTask, sendTasks } from "./fixtures/accounts";
import { expect, test } from "./fixtures/reused-page";
import { saveScreen } from "./fixtures/screens";
import { finishedTask } from "./fixtures/studio-api";
import { SCREENS_DIR } from "./pages/studio-shell";

/**
 * The gallery's small cards are a picture and one line: the prompt cut cleanly with an ellipsis,
 * nothing wrapped, the ways to reuse a result over the picture while the card is hovered or holds
 * focus. The medium cards keep their caption, the date on one line.
 */

const SIZES = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
] as const;

/** Whether the element's box lies within the card's. */
async function within(element: Locator, card: Locator): Promise<boolean> {
  const [a, b] = await Promise.all([element.boundingBox(), card.boundingBox()]);
  if (!a || !b) return false;
  return (
    a.x >= b.x - 0.5 &&
    a.y >= b.y - 0.5 &&
    a.x + a.width <= b.x + b.width + 0.5 &&
    a.y + a.height <= b.y + b.height + 0.5
  );
}

test("small gallery cards: the picture, one clean line, the actions over the picture on hover or focus", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const word = `tidepool${Date.now().toString(36)}`;
  const tasks = [
    imageTask(
      `${word} a lighthouse keeper reading by lamplight on a stormy night, rain streaking the glass`,
      {
        seed: 7,
      },
    ),
    imageTask(`${word} a fox asleep in the snow under pine trees, soft morning light, long shadows`, {
      seed: 8,
    }),
  ];
  expect((await sendTasks(page.request, baseURL ?? "", tasks)).status()).toBe(202);
  for (const task of tasks) await finishedTask(page.request, task.taskUUID, 30_000);

  await page.goto(`/gallery?q=${word}`);
  await page.getByRole("radio", { name: "Small" }).click();
  await expect(page.getByRole("grid", { name: "Results" })).toHaveAttribute("data-thumb-size", "small");
  const cards = page.getByTestId("gallery-item");
  await expect(cards).toHaveCount(2);

  for (const size of SIZES) {
    await page.setViewportSize(size);
    for (const card of await cards.all()) {
      const caption = card.getByTestId("card-caption");
      await expect(caption).toBeVisible();
      expect(await within(caption, card)).toBe(true);
      // One line, cut with an ellipsis rather than through its letters.
      const text = caption.locator("span.truncate");
      await expect(text).toHaveCSS("white-space", "nowrap");
      await expect(text).toHaveCSS("text-overflow", "ellipsis");
      const line = await text.evaluate((el) => ({
        cut: el.scrollWidth > el.clientWidth,
        oneLine: el.getBoundingClientRect().height < 24,
      }));
      expect(line).toEqual({ cut: true, oneLine: true });
      // No author or date squeezed beside it: they are in the line's tooltip.
      await expect(card.locator("time")).toHaveCount(0);
      await expect(caption).toHaveAttribute("title", new RegExp(`${word}[\\s\\S]*\\n.+ · `));
    }

    // The actions show over the picture on hover, on one row inside the card.
    const card = cards.first();
    const actions = card.getByRole("navigation", { name: "Use in a workflow" });
    await page.mouse.move(0, 0);
    await expect(actions).toHaveCSS("opacity", "0");
    await card.hover();
    await expect(actions).toHaveCSS("opacity", "1");
    const useAll = actions.getByRole("link", { name: "Use all" });
    const more = actions.getByRole("button", { name: "Use part of it" });
    expect(await within(useAll, card)).toBe(true);
    expect(await within(more, card)).toBe(true);
    const [a, b] = [await useAll.boundingBox(), await more.boundingBox()];
    expect(Math.abs((a?.y ?? 0) + (a?.height ?? 0) / 2 - ((b?.y ?? 0) + (b?.height ?? 0) / 2))).toBeLessThan(
      4,
    );
    await saveScreen(page, { path: `${SCREENS_DIR}/gallery-small-cards-${size.width}x${size.height}.png` });
  }

  // The rest unfolds from the button: seed, prompt and size, each inside the card.
  await page.setViewportSize(SIZES[0]);
  const card = cards.first();
  await card.hover();
  const actions = card.getByRole("navigation", { name: "Use in a workflow" });
  await actions.getByRole("button", { name: "Use part of it" }).click();
  await expect(actions.getByRole("button", { name: "Use part of it" })).toHaveAttribute(
    "aria-expanded",
    "true",
  );
  for (const name of ["Use the seed", "Use the prompt", "Use the size"]) {
    const link = actions.getByRole("link", { name });
    await expect(link).toBeVisible();
    expect(await within(link, card)).toBe(true);
  }
  await saveScreen(page, { path: `${SCREENS_DIR}/gallery-small-card-parts-1440x900.png` });
  await actions.getByRole("link", { name: "Use the prompt" }).click();
  await expect(page).toHaveURL(/\/create\/text-to-image/);
  await expect(page.locator("#f-positivePrompt")).toHaveValue(new RegExp(word));

  // Keyboard: focus on the card shows its actions too.
  await page.goto(`/gallery?q=${word}`);
  await expect(cards).toHaveCount(2);
  await cards.first().focus();
  await expect(cards.first().getByRole("navigation", { name: "Use in a workflow" })).toHaveCSS(
    "opacity",
    "1",
  );

  // Medium cards keep their caption; the date stays on one line.
  await page.getByRole("radio", { name: "Medium" }).click();
  for (const size of SIZES) {
    await page.setViewportSize(size);
    for (const c of await cards.all()) {
      const time = c.locator("time");
      await expect(time).toBeVisible();
      const box = await time.boundingBox();
      expect(box?.height ?? 99).toBeLessThan(20);
      const nav = c.getByRole("navigation", { name: "Use in a workflow" });
      const links = await nav.getByRole("link").all();
      const tops = await Promise.all(links.map(async (l) => (await l.boundingBox())?.y ?? 0));
      expect(Math.max(...tops) - Math.min(...tops)).toBeLessThan(4);
      expect(await within(nav, c)).toBe(true);
    }
  }
});
