import { expect, test } from "@playwright/test";
import { OWNER } from "./fixtures/accounts";
import { SignInPage } from "./pages/sign-in-page";
import { StudioShell } from "./pages/studio-shell";

test.use({ storageState: { cookies: [], origins: [] } });

// Serial: the last test uses up one account's sign-in attempts for a minute.
test.describe.configure({ mode: "serial" });

test.describe("sign-in", () => {
  test("a member signs in, out, and back; studio pages need a session", async ({ page }) => {
    await page.goto("/settings");
    await expect(page).toHaveURL("/sign-in?next=%2Fsettings");
    const shell = new StudioShell(page);
    await shell.expectHeading("Sign in to Media Studio");
    await shell.screenshot("sign-in");

    const signIn = new SignInPage(page);
    await signIn.signIn(OWNER.email, "not the password");
    await signIn.expectRefused();

    await signIn.signIn(OWNER.email, OWNER.password);
    await expect(page).toHaveURL("/settings");
    await expect(page.getByTestId("user-name")).toHaveText(OWNER.name);

    await page.getByRole("button", { name: "Sign out", exact: true }).click();
    await expect(page).toHaveURL(/\/sign-in/);
    await page.goto("/gallery");
    await expect(page).toHaveURL("/sign-in?next=%2Fgallery");
  });

  test("sign-in lands on the page that was asked for, query included", async ({ page }) => {
    await page.goto("/gallery?x=1");
    await expect(page).toHaveURL("/sign-in?next=%2Fgallery%3Fx%3D1");
    await new SignInPage(page).signIn(OWNER.email, OWNER.password);
    await expect(page).toHaveURL("/gallery?x=1");
    await expect(page.getByTestId("user-name")).toHaveText(OWNER.name);
    // Signed in, the sign-in page itself goes on to where it was asked to.
    await page.goto("/sign-in?next=%2Fsettings");
    await expect(page).toHaveURL("/settings");
  });

  test("a sign-in pressed before the page's scripts have run keeps the password out of the address and goes through once they run", async ({
    page,
  }) => {
    // A slow connection: the page arrives, its scripts do not yet. The person fills the form and
    // presses Sign in meanwhile, as they would.
    let release = () => {};
    const scriptsHeld = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/_next/static/chunks/**/*.js", async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    const addresses: string[] = [];
    page.on("request", (request) => addresses.push(request.url()));
    // The document is there (its scripts, held, keep it from being "loaded"): the form shows.
    await page.goto("/sign-in?next=%2Fsettings", { waitUntil: "commit" });
    const signIn = new SignInPage(page);
    await expect(signIn.submit).toBeVisible();
    await signIn.signIn(OWNER.email, OWNER.password);

    // The scripts come: the press held meanwhile is made now, by the form itself.
    release();
    await expect(page).toHaveURL("/settings");
    await expect(page.getByTestId("user-name")).toHaveText(OWNER.name);
    // The browser never sent the form on its own: no address ever carried the password.
    expect(addresses.filter((address) => address.includes("password"))).toEqual([]);
    // Nor its value, as a form's query would write it (spaces as "+").
    const asSent = new URLSearchParams({ p: OWNER.password }).toString().slice("p=".length);
    expect(addresses.filter((address) => address.includes(asSent))).toEqual([]);
  });

  for (const next of ["//evil.example", "https://evil.example", "/\\evil.example"]) {
    test(`another site as the place to land (${next}) leads home instead`, async ({ page }) => {
      await page.goto(`/sign-in?next=${encodeURIComponent(next)}`);
      await new SignInPage(page).signIn(OWNER.email, OWNER.password);
      await expect(page).toHaveURL("/");
      await expect(page.getByTestId("user-name")).toHaveText(OWNER.name);
    });
  }

  test("one account's wrong guesses are held after five a minute; others at the same address still sign in", async ({
    request,
    page,
    baseURL,
  }) => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await request.post("/api/auth/sign-in/email", {
        data: { email: "nobody@studio.test", password: `guess number ${i}` },
        headers: { origin: baseURL ?? "" },
      });
      statuses.push(res.status());
    }
    expect(statuses.slice(0, 5).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(5)).toEqual([429, 429]);

    // The person at the next desk (same address) is not held up by those typos.
    await page.goto("/sign-in");
    await new SignInPage(page).signIn(OWNER.email, OWNER.password);
    await expect(page).toHaveURL("/");

    // And the held account hears why, in words, at the form.
    await page.context().clearCookies();
    await page.goto("/sign-in");
    await new SignInPage(page).signIn("nobody@studio.test", "one more guess");
    await expect(page.getByRole("main").getByRole("alert")).toHaveText(
      /Too many sign-in attempts for this account/,
    );
  });
});
