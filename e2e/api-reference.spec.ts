import { expect, test } from "./fixtures/reused-page";
import { StudioShell } from "./pages/studio-shell";

/**
 * A member opens the API reference from Settings, finds the experiments' endpoints, opens the
 * list of experiments, reads its parameters and tries it with their own session.
 */
test("the API reference lists the studio's endpoints with their parameters, and tries one", async ({
  page,
}) => {
  // Swagger UI draws the whole document in the page's own thread: slow on a busy machine.
  test.setTimeout(120_000);
  const shell = new StudioShell(page);
  await shell.goto("/settings");
  const link = page.getByRole("link", { name: "API reference" });
  await expect(link).toBeVisible();
  await shell.screenshot("settings-api-link-1440x900", { x: 0, y: 0, width: 1440, height: 900 });
  await link.click();
  await expect(page).toHaveURL(/\/settings\/api$/);
  await shell.expectHeading("API reference");
  await expect(shell.navLink("Settings")).toHaveAttribute("aria-current", "page");

  const reference = page.getByRole("region", { name: "Endpoints" });
  // Swagger UI draws every operation of the document before it says it is done: on a busy
  // machine that is well past the usual wait, so this one waits on the page's word for longer.
  await expect(reference).toHaveAttribute("aria-busy", "false", { timeout: 30_000 });
  // Every resource is listed, folded: the last one too.
  await expect(reference.locator(".opblock-tag", { hasText: /^webhooks/ })).toBeVisible();
  await expect(reference.locator(".opblock-tag", { hasText: /^auth/ })).toBeVisible();

  // The filter box reads in the studio's font, as the page around it.
  const filter = reference.getByPlaceholder("Filter by tag");
  const pageFont = await page
    .getByRole("heading", { name: "API reference" })
    .evaluate((el) => getComputedStyle(el).fontFamily);
  await expect(filter).toHaveCSS("font-family", pageFont);

  // The filter keeps one resource's endpoints; pressing it unfolds them.
  await filter.fill("experiments");
  const tag = reference.locator(".opblock-tag", { hasText: /^experiments/ });
  await expect(tag).toBeVisible();
  await expect(reference.locator(".opblock-tag", { hasText: /^reference/ })).toHaveCount(0);
  await tag.click();
  const list = reference.locator(".opblock").filter({ hasText: "The team's experiments, newest first." });
  await expect(list).toBeVisible();
  await expect(list).toHaveCSS("background-color", "rgb(17, 20, 26)");
  await shell.screenshot("api-reference-1440x900", { x: 0, y: 0, width: 1440, height: 900 });

  await list
    .getByRole("button", { name: /GET \/api\/experiments/ })
    .first()
    .click();
  const parameters = list.locator(".parameters");
  await expect(parameters.getByText("cursor", { exact: true })).toBeVisible();
  await expect(parameters.getByText("limit", { exact: true })).toBeVisible();
  await expect(parameters).toContainText("query");
  await expect(list).toContainText("Needs a member whose role grants view.");
  await expect(list.getByText("missingSession").first()).toBeAttached();

  await list.getByRole("button", { name: "Try it out" }).click();
  await list.getByPlaceholder("limit").fill("5");
  await list.getByRole("button", { name: "Execute" }).click();
  await expect(list.locator(".live-responses-table tr.response .response-col_status")).toHaveText("200");
  await expect(list.locator(".live-responses-table")).toContainText("nextCursor");

  await page.setViewportSize({ width: 1280, height: 720 });
  await list.scrollIntoViewIfNeeded();
  await shell.screenshot("api-reference-1280x720", { x: 0, y: 0, width: 1280, height: 720 });

  // The document behind it is the one the link offers.
  const href = await page.getByRole("link", { name: "OpenAPI document" }).getAttribute("href");
  expect(href).toBe("/api/openapi.json");
  const doc = await page.request.get(href ?? "");
  expect(doc.status()).toBe(200);
  expect(((await doc.json()) as { openapi: string }).openapi).toBe("3.1.0");

  // Leaving the page leaves the rest of the studio as it was.
  await shell.openSection("Settings");
  await expect(shell.heading).toHaveText("Settings");
  await shell.screenshot("settings-api-link-1280x720", { x: 0, y: 0, width: 1280, height: 720 });
  await shell.openSection("Gallery");
  await expect(page.locator("html")).not.toHaveClass(/dark-mode/);
});

/**
 * A member opens the live stream's part of the reference: how to connect, the presence event with
 * its fields in words, and what each close code means.
 */
test("the API reference describes the live stream: its events, how to connect, its close codes", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const shell = new StudioShell(page);
  await shell.goto("/settings/api");
  await shell.expectHeading("API reference");
  const tab = page.getByRole("tab", { name: "Live stream" });
  await expect(page.getByRole("tab", { name: "HTTP endpoints" })).toHaveAttribute("aria-selected", "true");
  await tab.click();
  await expect(tab).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("region", { name: "Endpoints" })).toBeHidden();

  const stream = page.getByRole("region", { name: "Live stream" });
  await expect(stream.getByRole("heading", { name: "How to connect" })).toBeVisible();
  await expect(stream).toContainText("Authorization: Bearer");
  await shell.screenshot("api-reference-stream-1440x900", { x: 0, y: 0, width: 1440, height: 900 });

  const presence = stream.getByRole("article", { name: "Presence", exact: true });
  await presence.scrollIntoViewIfNeeded();
  await expect(presence).toContainText("type: presence");
  await expect(presence).toContainText("How many members are there in all");
  await expect(presence.getByText("total", { exact: true })).toBeVisible();
  await expect(presence.getByText("members", { exact: true })).toBeVisible();
  await shell.screenshot("api-reference-stream-presence-1440x900", { x: 0, y: 0, width: 1440, height: 900 });

  const codes = stream.getByRole("table", { name: "Close codes" });
  await codes.scrollIntoViewIfNeeded();
  const revoked = codes.getByRole("row").filter({ hasText: "4410" });
  await expect(revoked).toContainText("access token the socket was opened with was revoked");
  await expect(codes.getByRole("row").filter({ hasText: "4401" })).toContainText("Sign in again.");

  await page.setViewportSize({ width: 1280, height: 720 });
  await stream.getByRole("heading", { name: "How to connect" }).scrollIntoViewIfNeeded();
  await shell.screenshot("api-reference-stream-1280x720", { x: 0, y: 0, width: 1280, height: 720 });
  await codes.scrollIntoViewIfNeeded();
  await shell.screenshot("api-reference-stream-codes-1280x720", { x: 0, y: 0, width: 1280, height: 720 });

  // The endpoints are where they were, and the document behind this part is the one linked.
  await page.getByRole("tab", { name: "HTTP endpoints" }).click();
  await expect(page.getByRole("region", { name: "Endpoints" })).toBeVisible();
  const href = await page.getByRole("link", { name: "AsyncAPI document" }).getAttribute("href");
  expect(href).toBe("/api/asyncapi.json");
  const doc = await page.request.get(href ?? "");
  expect(doc.status()).toBe(200);
  expect(((await doc.json()) as { asyncapi: string }).asyncapi).toBe("3.0.0");
});
