import { expect, test } from "@playwright/test";
import { imageTask, OWNER, sendTasks } from "./fixtures/accounts";
import { StudioShell } from "./pages/studio-shell";

/**
 * The studio is a team's: the owner invites a member with a role, the member joins from the link
 * in their own browser, and each sees the other's results arrive in the gallery as they complete.
 */
test("the owner invites an editor, and both see each other's results appear", async ({
  page,
  browser,
  baseURL,
}) => {
  const owner = new StudioShell(page);
  await owner.goto("/settings");
  await owner.expectHeading("Settings");
  const team = page.getByRole("list", { name: "Members" });
  await expect(team.getByText(OWNER.email)).toBeVisible();

  await page.getByLabel("Role", { exact: true }).selectOption("editor");
  await page.getByRole("button", { name: "Create invitation link" }).click();
  const link = await page.getByRole("textbox", { name: "Invitation link" }).inputValue();
  expect(link).toMatch(/\/invite\/[\w-]{20,}$/);
  await expect(page.getByRole("list", { name: "Open invitations" }).getByText("editor")).toBeVisible();
  await owner.screenshot("settings-team");

  // The invited person, in another browser with no session.
  const memberContext = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const memberPage = await memberContext.newPage();
  const member = new StudioShell(memberPage);
  await memberPage.goto(link);
  await member.expectHeading("Join the studio");
  await expect(memberPage.getByText("Editor", { exact: true })).toBeVisible();
  await member.screenshot("invitation");
  await memberPage.getByLabel("Name").fill("Grace Hopper");
  await memberPage.getByLabel("Email").fill("grace@studio.test");
  await memberPage.getByLabel("Password").fill("compiler first");
  await memberPage.getByRole("button", { name: "Join the studio" }).click();
  await expect(memberPage).toHaveURL("/");
  await expect(memberPage.getByTestId("user-name")).toHaveText("Grace Hopper");

  // The link works once.
  const reuse = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const reusePage = await reuse.newPage();
  await reusePage.goto(link);
  await expect(reusePage.getByRole("heading", { level: 1 })).toHaveText("This invitation cannot be used");
  await reuse.close();

  // Both watch the gallery; each generates; each sees the other's result arrive live.
  await owner.goto("/gallery");
  await member.goto("/gallery");
  await expect(page.locator("[data-stream-state=live]")).toBeAttached();
  await expect(memberPage.locator("[data-stream-state=live]")).toBeAttached();

  const fromOwner = imageTask("sunset over the sea, by the owner");
  expect((await sendTasks(page.request, baseURL ?? "", [fromOwner])).status()).toBe(202);
  const ownerItem = memberPage.locator(`[data-testid=gallery-item][data-task-uuid="${fromOwner.taskUUID}"]`);
  await expect(ownerItem).toBeVisible({ timeout: 15_000 });
  await expect(ownerItem).toHaveAttribute("data-author", OWNER.name);

  const fromMember = imageTask("neon city at night, by the editor", { numberResults: 2 });
  expect((await sendTasks(memberPage.request, baseURL ?? "", [fromMember])).status()).toBe(202);
  const memberItems = page.locator(`[data-testid=gallery-item][data-task-uuid="${fromMember.taskUUID}"]`);
  await expect(memberItems).toHaveCount(2, { timeout: 15_000 });
  await expect(memberItems.first()).toHaveAttribute("data-author", "Grace Hopper");
  // The image is the studio's stored copy, served to members.
  await expect(memberItems.first().locator("img")).toHaveJSProperty("complete", true);
  expect(
    await memberItems
      .first()
      .locator("img")
      .evaluate((img: HTMLImageElement) => img.naturalWidth),
  ).toBe(512);
  await owner.screenshot("gallery-live");

  // The owner now lists the editor, with the role the invitation gave.
  await owner.goto("/settings");
  await expect(page.getByLabel("Role of Grace Hopper")).toHaveValue("editor");
  await memberContext.close();
});
