import { expect, test } from "@playwright/test";
import { imageTask, joinAsMember, OWNER, runAgain, sendTasks } from "./fixtures/accounts";
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
  // A name and address of this run's own: the studio is shared with every other spec and every
  // earlier try or repeat of this one, and the owner finds the member by name at the end.
  const word = crypto.randomUUID().slice(0, 8);
  const GRACE = { name: `Grace Hopper ${word}`, email: `grace-${word}@studio.test` };
  const owner = new StudioShell(page);
  await owner.goto("/settings");
  await owner.expectHeading("Settings");
  const team = page.getByRole("list", { name: "Members" });
  await expect(team.getByText(OWNER.email)).toBeVisible();

  await page
    .getByRole("region", { name: "Invitations" })
    .getByLabel("Role", { exact: true })
    .selectOption("editor");
  await page.getByRole("button", { name: "Create invitation link" }).click();
  const link = await page.getByRole("textbox", { name: "Invitation link" }).inputValue();
  expect(link).toMatch(/\/invite\/[\w-]{20,}$/);
  await expect(
    page.getByRole("list", { name: "Open invitations" }).getByText("editor").first(),
  ).toBeVisible();
  await owner.screenshot("settings-team");

  // The invited person, in another browser with no session.
  const memberContext = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const memberPage = await memberContext.newPage();
  const member = new StudioShell(memberPage);
  await memberPage.goto(link);
  await member.expectHeading("Join the studio");
  await expect(memberPage.getByText("Editor", { exact: true })).toBeVisible();
  await member.screenshot("invitation");
  await memberPage.getByLabel("Name").fill(GRACE.name);
  await memberPage.getByLabel("Email").fill(GRACE.email);
  await memberPage.getByLabel("Password").fill("compiler first");
  await memberPage.getByRole("button", { name: "Join the studio" }).click();
  await expect(memberPage).toHaveURL("/");
  await expect(memberPage.getByTestId("user-name")).toHaveText(GRACE.name);

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

  // The owner is the account every other spec works as: its task may wait in the owner's fair
  // share of the service behind other specs' experiment cells. What is tested is that the result
  // arrives without a reload, not how soon.
  test.setTimeout(120_000);
  const fromOwner = imageTask("sunset over the sea, by the owner");
  expect((await sendTasks(page.request, baseURL ?? "", [fromOwner])).status()).toBe(202);
  const ownerItem = memberPage.locator(`[data-testid=gallery-item][data-task-uuid="${fromOwner.taskUUID}"]`);
  await expect(ownerItem).toBeVisible({ timeout: 45_000 });
  await expect(ownerItem).toHaveAttribute("data-author", OWNER.name);

  const fromMember = imageTask("neon city at night, by the editor", { numberResults: 2 });
  expect((await sendTasks(memberPage.request, baseURL ?? "", [fromMember])).status()).toBe(202);
  const memberItems = page.locator(`[data-testid=gallery-item][data-task-uuid="${fromMember.taskUUID}"]`);
  await expect(memberItems).toHaveCount(2, { timeout: 45_000 });
  await expect(memberItems.first()).toHaveAttribute("data-author", GRACE.name);
  // The card shows the studio's thumbnail of its stored copy, served to members.
  const thumb = memberItems.first().locator("img");
  await expect(thumb).toHaveJSProperty("complete", true);
  await expect(thumb).toHaveAttribute("src", /^\/api\/items\/[0-9a-f-]{36}\/thumb\?w=320$/);
  expect(await thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await owner.screenshot("gallery-live");

  // The owner now lists the editor, with the role the invitation gave.
  await owner.goto("/settings");
  await expect(page.getByLabel(`Role of ${GRACE.name}`, { exact: true })).toHaveValue("editor");
  await memberContext.close();
});

test("an open invitation's link can be copied again after leaving Settings", async ({
  page,
  browser,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  test.setTimeout(90_000);
  const owner = new StudioShell(page);
  await owner.goto("/settings");
  await page
    .getByRole("region", { name: "Invitations" })
    .getByLabel("Role", { exact: true })
    .selectOption("reviewer");
  const again = runAgain();
  const mary = again ? `mary+${again}@studio.test` : "mary@studio.test";
  await page.getByLabel(/^Email/).fill(mary);
  await page.getByRole("button", { name: "Create invitation link" }).click();
  const made = await page.getByRole("textbox", { name: "Invitation link" }).inputValue();

  // Away and back: the link is no longer on screen, and can be had again from the list.
  await owner.goto("/gallery");
  await owner.goto("/settings");
  await expect(page.getByRole("textbox", { name: "Invitation link" })).toHaveCount(0);
  await page
    .getByRole("list", { name: "Open invitations" })
    .getByRole("button", { name: `invitation for ${mary} (` })
    .click();
  const field = page.getByRole("textbox", { name: "Invitation link" });
  await expect(field).toHaveValue(made);
  await expect(page.getByText(`For ${mary}, as reviewer.`)).toBeVisible();
  await page.getByRole("button", { name: "Copy invitation link" }).click();
  await expect(page.getByRole("button", { name: "Copy invitation link" })).toHaveText("Copied");
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(made);
  await owner.screenshot("settings-invitation-again");

  const guest = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const guestPage = await guest.newPage();
  await guestPage.goto(copied);
  await expect(guestPage.getByRole("heading", { level: 1 })).toHaveText("Join the studio");
  await expect(guestPage.getByLabel("Email")).toHaveValue(mary);
  await guest.close();
});

test("an owner's reset link lets a member back in once, and ends their other sessions", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const again = runAgain();
  const member = {
    name: again ? `Annie Easley ${again}` : "Annie Easley",
    email: "annie@studio.test",
    password: "centaur rocket",
  };
  const forgetful = await joinAsMember(browser, page.request, baseURL ?? "", member);
  const owner = new StudioShell(page);
  await owner.goto("/settings");
  await page
    .getByRole("button", { name: `Make a password reset link for ${member.name}`, exact: true })
    .click();
  const field = page.getByRole("textbox", { name: `Password reset link for ${member.name}`, exact: true });
  await expect(field).toHaveValue(/\/reset\/[\w-]{20,}$/);
  await expect(page.getByText(/it works once, for a day/)).toBeVisible();
  const link = await field.inputValue();
  await owner.screenshot("settings-reset-link");

  // The member, signed out on another computer, opens the link.
  const fresh = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const memberPage = await fresh.newPage();
  const shell = new StudioShell(memberPage);
  await memberPage.goto(link);
  await shell.expectHeading("Choose a new password");
  await expect(memberPage.getByText(member.email.replace("@", again ? `+${again}@` : "@"))).toBeVisible();
  await shell.screenshot("reset-password");
  await memberPage.getByLabel("New password").fill("short");
  await memberPage.getByRole("button", { name: "Set password and sign in" }).click();
  await expect(memberPage.getByText("Use at least 8 characters.")).toBeVisible();
  await memberPage.getByLabel("New password").fill("orbit of venus");
  await memberPage.getByRole("button", { name: "Set password and sign in" }).click();
  await expect(memberPage).toHaveURL("/");
  await expect(memberPage.getByTestId("user-name")).toHaveText(member.name);

  // The session they had elsewhere ended.
  const old = await forgetful.newPage();
  await old.goto("/gallery");
  await expect(old).toHaveURL(/\/sign-in/);

  // The link worked once.
  const later = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const againPage = await later.newPage();
  await againPage.goto(link);
  await expect(againPage.getByRole("heading", { level: 1 })).toHaveText("This reset link cannot be used");
  await new StudioShell(againPage).screenshot("reset-password-used");
  const used = await againPage.request.post("/api/password-resets", {
    data: { token: link.split("/reset/")[1], password: "another try" },
    headers: { origin: baseURL ?? "" },
  });
  expect(used.status()).toBe(404);
  expect(((await used.json()) as { errors: { parameter: string }[] }).errors[0]?.parameter).toBe("token");
  await Promise.all([later.close(), fresh.close(), forgetful.close()]);
});
