import type { Page } from "@playwright/test";
import { imageTask, sendTasks } from "./fixtures/accounts";
import { expect, test } from "./fixtures/reused-page";
import { finishedTask } from "./fixtures/studio-api";
import { CreatePage } from "./pages/create-page";

/**
 * Records every Content-Security-Policy violation the page reports, and every console message
 * about one, from before the page's first script runs.
 */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) seen.push(message.text());
  });
  await page.exposeFunction("reportViolation", (text: string) => seen.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      (window as unknown as { reportViolation(t: string): void }).reportViolation(
        `${e.violatedDirective} blocked ${e.blockedURI}`,
      );
    });
  });
  return seen;
}

function nonceOf(policy: string): string {
  const match = /'nonce-([^']+)'/.exec(policy);
  expect(match).not.toBeNull();
  return match?.[1] ?? "";
}

test("pages carry a nonce policy and are never framed, and the studio still works under it", async ({
  page,
}) => {
  const violations = await watchViolations(page);
  const answer = await page.goto("/gallery");
  const headers = answer?.headers() ?? {};
  const policy = headers["content-security-policy"] ?? "";
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).toContain("object-src 'none'");
  expect(policy).not.toContain("unsafe-eval");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"]).toContain("camera=()");
  // Over plain HTTP there is no HSTS: a browser would ignore it.
  expect(headers["strict-transport-security"]).toBeUndefined();

  // Next's scripts carry this request's nonce; the next request gets another.
  const nonce = nonceOf(policy);
  const scripts = page.locator("script[src]");
  expect(await scripts.count()).toBeGreaterThan(0);
  expect(await scripts.first().evaluate((s) => (s as HTMLScriptElement).nonce)).toBe(nonce);
  const again = await page.request.get("/gallery");
  expect(nonceOf(again.headers()["content-security-policy"] ?? "")).not.toBe(nonce);

  // The page runs: the gallery shows, and the create page's form answers typing.
  await expect(page.getByRole("heading", { name: "Gallery", level: 1 })).toBeVisible();
  const create = new CreatePage(page);
  await create.open("text-to-image");
  const prompt = create.prompt;
  await prompt.fill("a lighthouse at dusk");
  await expect(prompt).toHaveValue("a lighthouse at dusk");
  expect(violations).toEqual([]);
});

test("API answers are never framed or sniffed", async ({ page }) => {
  const res = await page.request.get("/api/items?limit=1");
  expect(res.status()).toBe(200);
  const headers = res.headers();
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["content-security-policy"]).toBe("frame-ancestors 'none'");
});

test("a public share page sends no referrer, is never framed, and shows its picture under the policy", async ({
  page,
  browser,
  baseURL,
}) => {
  const task = imageTask("a paper kite over the dunes", { width: 256, height: 256 });
  expect((await sendTasks(page.request, baseURL as string, [task])).status()).toBe(202);
  const itemId = (await finishedTask(page.request, task.taskUUID)).items[0]?.id as string;
  const created = await page.request.post("/api/share-links", {
    data: { itemId },
    headers: { origin: baseURL as string },
  });
  expect(created.status()).toBe(201);
  const { url } = ((await created.json()) as { data: { url: string } }).data;

  const guest = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  try {
    const guestPage = await guest.newPage();
    const violations = await watchViolations(guestPage);
    const answer = await guestPage.goto(url);
    expect(answer?.status()).toBe(200);
    const headers = answer?.headers() ?? {};
    expect(headers["referrer-policy"]).toBe("no-referrer");
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    const picture = guestPage.getByRole("img", { name: "Shared image" }).first();
    await expect(picture).toBeVisible();
    expect(await picture.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    expect(violations).toEqual([]);
  } finally {
    await guest.close();
  }
});
