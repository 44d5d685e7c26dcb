import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/own-member";
import { saveScreen } from "./fixtures/screens";
import { finishedTask } from "./fixtures/studio-api";
import { CreatePage } from "./pages/create-page";

// A busy two-core machine takes seconds per page; the bounds are wide rather than retried.
test.describe.configure({ timeout: 240_000 });

const SCREENS = path.resolve(import.meta.dirname, "..", "test-results", "done-alerts");

type Recorded = { title: string; body: string; tag: string; onclick: (() => void) | null };
declare global {
  interface Window {
    __notes: Recorded[];
    __tones: number;
    __hidden: boolean;
  }
}

/**
 * The browser's notifications recorded instead of shown, oscillators counted as they are made, and
 * the page's visibility under the test's control (a headless page is never hidden on its own).
 */
async function stubBrowser(page: Page) {
  await page.addInitScript(() => {
    window.__notes = [];
    window.__tones = 0;
    window.__hidden = false;
    class RecordingNotification {
      static permission = "granted";
      static requestPermission = async () => "granted";
      onclick: (() => void) | null = null;
      title: string;
      body: string;
      tag: string;
      constructor(title: string, options: { body?: string; tag?: string } = {}) {
        this.title = title;
        this.body = options.body ?? "";
        this.tag = options.tag ?? "";
        window.__notes.push(this);
      }
      close() {}
    }
    Object.defineProperty(window, "Notification", { value: RecordingNotification, configurable: true });
    Object.defineProperty(Document.prototype, "hidden", { get: () => window.__hidden, configurable: true });
    Object.defineProperty(Document.prototype, "visibilityState", {
      get: () => (window.__hidden ? "hidden" : "visible"),
      configurable: true,
    });
    const make = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function (this: AudioContext) {
      window.__tones += 1;
      return make.call(this);
    };
  });
}

async function hide(page: Page, hidden: boolean) {
  await page.evaluate((h) => {
    window.__hidden = h;
    document.dispatchEvent(new Event("visibilitychange"));
  }, hidden);
}

test("a batch finished while the tab is hidden is told once, with a chime; clicking it opens the results", async ({
  page,
  baseURL,
}) => {
  // As a member of its own: the owner's other tabs in the suite finish batches of their own, and
  // each would be told here too.
  await page.context().grantPermissions(["notifications"], { origin: baseURL ?? "" });
  await stubBrowser(page);
  try {
    await page.goto("/settings#done-alerts");
    const section = page.getByRole("region", { name: "When my work is done" });
    const notify = section.getByRole("switch", { name: "Browser notification" });
    const sound = section.getByRole("switch", { name: "Play a sound" });
    await expect(notify).not.toBeChecked();
    await notify.click();
    await expect(notify).toBeChecked();
    await sound.click();
    await expect(sound).toBeChecked();
    await expect(section.getByText("Saved.")).toBeVisible();
    // Turning the sound on plays it once, so the member knows it.
    expect(await page.evaluate(() => window.__tones)).toBe(2);
    await section.scrollIntoViewIfNeeded();
    for (const [width, height] of [
      [1440, 900],
      [1280, 720],
    ] as const) {
      await page.setViewportSize({ width, height });
      await saveScreen(section, { path: `${SCREENS}/settings-${width}x${height}.png` });
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    // Stored for the member: a reload reads it back.
    await page.reload();
    await expect(notify).toBeChecked();

    const create = new CreatePage(page);
    await create.open("text-to-image");
    await create.prompt.fill("a hot air balloon over a canyon");
    await page.getByRole("spinbutton", { name: "Images" }).fill("3");
    await hide(page, true);
    await create.generate.click();
    const taskUUID = await create.expectResults(3, 90_000);
    await finishedTask(page.request, taskUUID);
    await expect.poll(() => page.evaluate(() => window.__notes.length)).toBe(1);
    const [note] = await page.evaluate(() =>
      window.__notes.map(({ title, body, tag }) => ({ title, body, tag })),
    );
    expect(note).toMatchObject({
      title: "3 images are ready",
      body: "Text to image: a hot air balloon over a canyon",
    });
    // Two tones on this page (the count starts again with each page load).
    expect(await page.evaluate(() => window.__tones)).toBe(2);

    // Seen: a batch that ends while the tab is in sight tells nothing.
    await hide(page, false);
    await page.getByRole("spinbutton", { name: "Images" }).fill("1");
    await create.generate.click();
    await finishedTask(page.request, await create.expectResults(4, 90_000));
    expect(await page.evaluate(() => window.__notes.length)).toBe(1);

    // Clicking the notification brings the member back to the results, from wherever they went.
    await page.getByRole("link", { name: "Gallery" }).first().click();
    await expect(page).toHaveURL(/\/gallery/);
    await page.evaluate(() => window.__notes[0]?.onclick?.());
    await expect(page).toHaveURL(/\/create\/text-to-image$/);
    await expect(page.getByTestId("result-strip").getByTestId("result-item").first()).toBeVisible();
  } finally {
    await page.request.put("/api/done-alerts", {
      data: { notify: false, sound: false },
      headers: { origin: baseURL ?? "" },
    });
  }
});
