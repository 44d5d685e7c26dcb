import { request as playwrightRequest } from "@playwright/test";
import { memberIdOf, OWNER } from "./fixtures/accounts";
import { expect, test } from "./fixtures/reused-page";
import { saveScreen } from "./fixtures/screens";
import { memberWithRole } from "./fixtures/studio-api";
import { SCREENS_DIR, StudioShell } from "./pages/studio-shell";

const SHOTS = `${SCREENS_DIR}/team-roles`;
const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
  { width: 1366, height: 768 },
];

test("the last owner cannot step down in Settings, and is told why", async ({ page }) => {
  const shell = new StudioShell(page);
  await shell.goto("/settings");
  await shell.expectHeading("Settings");
  await expect(
    page.getByText(
      "Owners manage the team; editors generate images and videos; reviewers and viewers see the gallery.",
    ),
  ).toBeVisible();

  const myRole = page.getByLabel(`Role of ${OWNER.name}`);
  await myRole.selectOption("editor");
  await expect(page.getByRole("main").getByRole("alert")).toHaveText(
    "The studio needs at least one owner: make someone else owner first.",
  );
  await expect(page.getByText(/answered 500/)).toHaveCount(0);
  await expect(myRole).toHaveValue("owner");
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await saveScreen(page, { path: `${SHOTS}/settings-last-owner-${viewport.width}x${viewport.height}.png` });
  }
});

test("a member's open page follows their role, and goes to sign-in once they are removed", async ({
  page,
  browser,
  baseURL,
}) => {
  const origin = baseURL ?? "";
  const email = "roles-member@studio.test";
  const api = await memberWithRole(
    page.request,
    () => playwrightRequest.newContext({ baseURL: origin, storageState: { cookies: [], origins: [] } }),
    origin,
    "editor",
    email,
  );
  const memberContext = await browser.newContext({ storageState: await api.storageState() });
  await api.dispose();
  const memberPage = await memberContext.newPage();
  await memberPage.goto("/gallery");
  const live = memberPage.locator("[data-stream-state=live]");
  await expect(live).toBeAttached();
  const banner = memberPage.getByRole("banner").first();
  await expect(banner.getByText("Editor", { exact: true })).toBeVisible();

  const memberId = await memberIdOf(page.request, email);
  const demoted = await page.request.patch(`/api/members/${memberId}`, {
    data: { role: "viewer" },
    headers: { origin },
  });
  expect(demoted.status()).toBe(200);
  // The stream closes for the new role; the page reconnects and shows it without a reload.
  await expect(banner.getByText("Viewer", { exact: true })).toBeVisible();
  await expect(live).toBeAttached();

  const removed = await page.request.delete(`/api/members/${memberId}`, { headers: { origin } });
  expect(removed.status()).toBe(204);
  await expect(memberPage).toHaveURL(/\/sign-in/);
  await new StudioShell(memberPage).expectHeading("Sign in to Media Studio");
  await memberContext.close();
});
