import { expect, test } from "@playwright/test";
import sharp from "sharp";

test.describe("static files", () => {
  // A crawler or a link preview has no session.
  test.use({ storageState: { cookies: [], origins: [] } });

  test("robots.txt keeps the studio out of search engines", async ({ request }) => {
    const res = await request.get("/robots.txt");
    expect(res.status()).toBe(200);
    const lines = (await res.text()).split(/\r?\n/).map((l) => l.trim());
    expect(lines).toContain("User-agent: *");
    expect(lines).toContain("Disallow: /");
  });

  test("pages say noindex and link the icons and a social preview that are served", async ({
    page,
    request,
  }) => {
    await page.goto("/sign-in");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);

    const preview = await page.locator('meta[property="og:image"]').getAttribute("content");
    expect(preview).toMatch(/^https?:\/\//);
    const twitter = await page.locator('meta[name="twitter:image"]').getAttribute("content");
    expect(twitter).toBe(preview);
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
    const image = await request.get(new URL(preview ?? "").pathname);
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toBe("image/png");
    const meta = await sharp(await image.body()).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 630]);

    const apple = await page.locator('link[rel="apple-touch-icon"]').getAttribute("href");
    const appleIcon = await request.get(apple ?? "/missing");
    expect(appleIcon.headers()["content-type"]).toBe("image/png");
    expect((await sharp(await appleIcon.body()).metadata()).width).toBe(180);
    const pngIcon = page.locator('link[rel="icon"][type="image/png"]').first();
    const icon = await request.get((await pngIcon.getAttribute("href")) ?? "/missing");
    expect(icon.status()).toBe(200);
    expect(icon.headers()["content-type"]).toBe("image/png");
  });
});
