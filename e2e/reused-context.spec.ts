import type { BrowserContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures/reused-page";

/**
 * The worker's kept context (fixtures/reused-page.ts) gives each test a page as if new: the first
 * test leaves behind everything a test can, the second finds none of it, in the same context.
 */
test.describe.configure({ mode: "serial" });

let first: BrowserContext | undefined;

const LEFT = "a note the previous test left";

async function openGallery(page: Page) {
  await page.goto("/gallery");
  await expect(page.getByRole("heading", { level: 1, name: "Gallery" })).toBeVisible();
}

/** The headers of the next request the page sends for the studio's readiness. */
async function readyHeaders(page: Page) {
  const [request] = await Promise.all([
    page.waitForRequest("**/api/ready"),
    page.evaluate(() => fetch("/api/ready")),
  ]);
  return request.allHeaders();
}

/** Whether Shift was held for a key pressed on the page, as the page's keydown saw it. */
async function shiftHeld(page: Page) {
  await page.evaluate(() => {
    delete document.documentElement.dataset.shift;
    window.addEventListener(
      "keydown",
      (event) => {
        document.documentElement.dataset.shift = String(event.shiftKey);
      },
      { once: true, capture: true },
    );
  });
  await page.keyboard.press("F8");
  await expect(page.locator("html[data-shift]")).toHaveCount(1);
  return (await page.locator("html").getAttribute("data-shift")) === "true";
}

test("a test may leave storage, routes, headers, settings and a held key behind", async ({
  page,
  context,
}) => {
  first = context;
  await openGallery(page);
  await page.evaluate(async (note) => {
    localStorage.setItem("left", note);
    localStorage.setItem("gallery.stackSeeds", "on");
    sessionStorage.setItem("left", note);
    await new Promise((resolve) => {
      const open = indexedDB.open("left");
      open.onsuccess = resolve;
    });
  }, LEFT);
  await context.addCookies([{ name: "left", value: "1", url: page.url() }]);
  await context.grantPermissions(["notifications"]);
  await context.setExtraHTTPHeaders({ "x-left": "1" });
  await page.setExtraHTTPHeaders({ "x-left-page": "1" });
  expect(await readyHeaders(page)).toMatchObject({ "x-left": "1", "x-left-page": "1" });
  await context.route("**/api/ready", (route) => route.fulfill({ status: 418, body: LEFT }));
  await page.route("**/api/members", (route) => route.fulfill({ status: 418, body: LEFT }));
  await page.setViewportSize({ width: 800, height: 600 });
  await page.emulateMedia({ colorScheme: "light", reducedMotion: "no-preference" });
  page.on("dialog", (dialog) => dialog.accept());
  await page.keyboard.down("Shift");
  expect(await shiftHeld(page)).toBe(true);
  await context.setOffline(true);
  expect(await page.evaluate(() => navigator.onLine)).toBe(false);
});

test("the next test in the worker finds none of it, signed in as before", async ({ page, context }) => {
  expect(context).toBe(first);
  expect(await context.cookies()).not.toContainEqual(expect.objectContaining({ name: "left" }));
  await openGallery(page);
  const found = await page.evaluate(async () => ({
    local: localStorage.getItem("left"),
    stackSeeds: localStorage.getItem("gallery.stackSeeds"),
    session: sessionStorage.getItem("left"),
    databases: (await indexedDB.databases()).map((d) => d.name),
    notifications: (await navigator.permissions.query({ name: "notifications" })).state,
    online: navigator.onLine,
    dark: matchMedia("(prefers-color-scheme: dark)").matches,
    lessMotion: matchMedia("(prefers-reduced-motion: reduce)").matches,
    width: innerWidth,
    confirmed: confirm("a dialog nobody answers"),
  }));
  expect(found).toEqual({
    local: null,
    stackSeeds: "off",
    session: null,
    databases: [],
    notifications: "prompt",
    online: true,
    dark: true,
    lessMotion: true,
    width: 1440,
    confirmed: false,
  });
  expect(await shiftHeld(page)).toBe(false);
  const headers = await readyHeaders(page);
  expect(headers["x-left"]).toBeUndefined();
  expect(headers["x-left-page"]).toBeUndefined();
  // Neither the context's route nor the page's answers any more: the studio does (its readiness
  // may say it is busy, never with the note the routes answered).
  const answers = await page.evaluate(async () =>
    Promise.all(
      ["/api/ready", "/api/members"].map(async (path) => {
        const res = await fetch(path);
        return { status: res.status, body: await res.text() };
      }),
    ),
  );
  for (const answer of answers) {
    expect(answer.status).not.toBe(418);
    expect(answer.body).not.toContain(LEFT);
  }
  expect(answers[1]?.status).toBe(200);
  // The page is still signed in as the owner: the studio shows their work, not the sign-in form.
  await expect(page).toHaveURL(/\/gallery$/);
});
