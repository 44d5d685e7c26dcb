import { expect, type Page, test } from "@playwright/test";
import { OWNER_STATE } from "./fixtures/accounts";
import { ReusedContext } from "./fixtures/reused-context";
import { CreatePage } from "./pages/create-page";

/**
 * A kept context's page, left as its test ends, sends nothing its `pagehide` listeners would send:
 * a Create form's last change would otherwise reach the owner's draft as the next test starts,
 * where a closed context sent nothing. The page stays in the kept context, its renderer warm.
 */

const TIMEOUTS = { action: 20_000, navigation: 30_000 };

/**
 * Gives the page a `pagehide` listener of its own that writes `marker` to the origin's storage as
 * the page goes: a request sent then is not seen by Playwright, a write is read on the next page.
 */
async function writeOnLeaving(page: Page, marker: string) {
  await page.evaluate((key) => {
    window.addEventListener("pagehide", () => window.localStorage.setItem(key, "ran"));
  }, marker);
}

/** Whether the listener given `marker` ran, read on the page the kept page was left for. */
function ran(page: Page, marker: string) {
  return page.evaluate((key) => window.localStorage.getItem(key) === "ran", marker);
}

test("a kept page left after its test sends nothing as it goes, and stays kept", async ({
  browser,
  baseURL,
}) => {
  const options = { baseURL, storageState: OWNER_STATE, viewport: { width: 1440, height: 900 } };
  const kept = await ReusedContext.open(browser, options, TIMEOUTS, "leave");
  try {
    // The probe hears a page's leaving: left by the test itself, its listener runs.
    let page = await kept.prepare();
    await page.goto("/inbox");
    await writeOnLeaving(page, "heard");
    await page.goto("/robots.txt");
    expect(await ran(page, "heard")).toBe(true);
    await kept.release();

    // A test ends on a Create page (whose form sends a change still waiting as the page goes):
    // nothing goes out, and the context is not spent for it. The form is left as it opened: the
    // owner's drafts are shared by the specs of both workers.
    page = await kept.prepare();
    await page.goto("/create/text-to-image");
    await expect(new CreatePage(page).prompt).toBeEditable();
    await writeOnLeaving(page, "left");
    await kept.release();
    expect(kept.usable).toBe(true);
    expect(page.url()).toMatch(/\/robots\.txt$/);
    expect(await ran(page, "left")).toBe(false);

    // The next test gets the same page, and its pages' listeners run as they should.
    const next = await kept.prepare();
    expect(next).toBe(page);
    await next.goto("/inbox");
    await writeOnLeaving(next, "again");
    await next.goto("/robots.txt");
    expect(await ran(next, "again")).toBe(true);
  } finally {
    await kept.close();
  }
});
