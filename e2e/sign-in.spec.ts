import { expect, test } from "@playwright/test";
import { OWNER } from "./fixtures/accounts";
import { StudioShell } from "./pages/studio-shell";

test.use({ storageState: { cookies: [], origins: [] } });

// Serial: the last test uses up this address's sign-in attempts for a minute.
test.describe.configure({ mode: "serial" });

test.describe("sign-in", () => {
  test("a member signs in, out, and back; studio pages need a session", async ({ page }) => {
    await page.goto("/settings");
    await expect(page).toHaveURL("/sign-in");
    const shell = new StudioShell(page);
    await shell.expectHeading("Sign in to Media Studio");
    await shell.screenshot("sign-in");

    await page.getByLabel("Email").fill(OWNER.email);
    await page.getByLabel("Password").fill("not the password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("main").getByRole("alert")).toHaveText(/do not match an account/);

    await page.getByLabel("Password").fill(OWNER.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByTestId("user-name")).toHaveText(OWNER.name);

    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL("/sign-in");
    await page.goto("/gallery");
    await expect(page).toHaveURL("/sign-in");
  });

  test("refuses sign-in after five attempts a minute from one address", async ({ request, baseURL }) => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await request.post("/api/auth/sign-in/email", {
        data: { email: "nobody@studio.test", password: `guess number ${i}` },
        headers: { origin: baseURL ?? "" },
      });
      statuses.push(res.status());
    }
    expect(statuses).toContain(429);
    expect(statuses.slice(statuses.indexOf(429)).every((s) => s === 429)).toBe(true);
  });
});
