import { expect, test } from "@playwright/test";
import { joinAsMember } from "./fixtures/accounts";
import { SignInPage } from "./pages/sign-in-page";
import { StudioShell } from "./pages/studio-shell";

// Several password hashes and sign-ins each: slow on a loaded two-core machine.
test.describe.configure({ timeout: 90_000 });

/**
 * A member changes their password in Settings (the owner's own stays as the other specs need it):
 * a wrong current password is told on its field, the change ends their other sessions, and only
 * the new password signs them in afterwards.
 */
test("a member changes their password; the old one no longer signs in", async ({
  browser,
  page,
  baseURL,
}) => {
  const member = { name: "Katherine Johnson", email: "katherine@studio.test", password: "orbital mechanics" };
  const context = await joinAsMember(browser, page.request, baseURL ?? "", member);
  const other = await browser.newContext({ storageState: await context.storageState() });
  const memberPage = await context.newPage();
  const shell = new StudioShell(memberPage);
  await shell.goto("/settings");
  const panel = memberPage.getByRole("region", { name: "Password" });
  await expect(panel.locator("form[aria-busy=false]")).toBeVisible();
  await expect(panel.getByLabel("Sign out my other sessions")).toBeChecked();

  await panel.getByLabel("Current password").fill("not my password");
  await panel.getByLabel("New password").fill("short");
  await panel.getByRole("button", { name: "Change password" }).click();
  await expect(panel.getByText("Use at least 8 characters.")).toBeVisible();

  await panel.getByLabel("New password").fill("reentry corridor");
  await panel.getByRole("button", { name: "Change password" }).click();
  await expect(panel.getByText("That is not your current password.")).toBeVisible();
  await shell.screenshot("settings-password-error");

  await panel.getByLabel("Current password").fill(member.password);
  await panel.getByRole("button", { name: "Change password" }).click();
  await expect(panel.getByRole("status")).toHaveText(/Password changed. Your other sessions have ended/);
  await expect(panel.getByLabel("Current password")).toHaveValue("");

  // The other browser's session ended; this one stays signed in.
  const otherPage = await other.newPage();
  await otherPage.goto("/settings");
  await expect(otherPage).toHaveURL(/\/sign-in/);
  await memberPage.reload();
  await expect(memberPage.getByTestId("user-name")).toHaveText(member.name);

  await memberPage.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(memberPage).toHaveURL(/\/sign-in/);
  const signIn = new SignInPage(memberPage);
  await signIn.signIn(member.email, member.password);
  await signIn.expectRefused();
  await signIn.signIn(member.email, "reentry corridor");
  await expect(memberPage).toHaveURL("/");
  await expect(memberPage.getByTestId("user-name")).toHaveText(member.name);
  await other.close();
  await context.close();
});

test("keeping other sessions: a change without signing them out leaves them signed in", async ({
  browser,
  page,
  baseURL,
}) => {
  const member = { name: "Dorothy Vaughan", email: "dorothy@studio.test", password: "fortran first" };
  const context = await joinAsMember(browser, page.request, baseURL ?? "", member);
  const other = await browser.newContext({ storageState: await context.storageState() });
  const memberPage = await context.newPage();
  await memberPage.goto("/settings");
  const panel = memberPage.getByRole("region", { name: "Password" });
  await expect(panel.locator("form[aria-busy=false]")).toBeVisible();
  await panel.getByLabel("Sign out my other sessions").uncheck();
  await panel.getByLabel("Current password").fill(member.password);
  await panel.getByLabel("New password").fill("ibm 7090 too");
  await panel.getByRole("button", { name: "Change password" }).click();
  await expect(panel.getByRole("status")).toHaveText("Password changed.");
  const otherPage = await other.newPage();
  await otherPage.goto("/settings");
  await expect(otherPage.getByTestId("user-name")).toHaveText(member.name);
  await other.close();
  await context.close();
});
