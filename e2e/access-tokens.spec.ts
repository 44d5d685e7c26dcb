import { type ExecFileException, execFile } from "node:child_process";
import path from "node:path";
import { type Locator, type Page, request as playwrightRequest } from "@playwright/test";
import { ROOT } from "./fixtures/processes";
import { expect, test } from "./fixtures/reused-page";
import { saveScreen } from "./fixtures/screens";
import { StudioShell } from "./pages/studio-shell";

/**
 * Personal access tokens: the owner makes one in Settings (its secret shown once, copied), a
 * script calls the API with it and no cookies, `scripts/run-eval-set.mjs` runs an evaluation set
 * with it and prints the ranking, the list shows its last use, and once revoked in Settings the
 * API answers 401 to it.
 */

const SCRIPT = path.join(ROOT, "scripts", "run-eval-set.mjs");

function runScript(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [SCRIPT, ...args],
      { env: { ...process.env, ...env }, timeout: 150_000, encoding: "utf8" },
      (error: ExecFileException | null, stdout: string, stderr: string) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** The whole page and `part` of it (the panel, or the dialog open over it), at both sizes. */
async function screens(page: Page, name: string, part: Locator) {
  const shell = new StudioShell(page);
  for (const [width, height] of [
    [1440, 900],
    [1280, 720],
  ] as const) {
    await page.setViewportSize({ width, height });
    await part.scrollIntoViewIfNeeded();
    await shell.screenshot(`access-tokens-${name}-${width}x${height}`);
    await saveScreen(part, {
      path: path.join(ROOT, "e2e", ".screens", `access-tokens-${name}-panel-${width}x${height}.png`),
    });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test("a token made in Settings calls the API, runs an evaluation set from a script, and stops when revoked", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const origin = baseURL ?? "";
  const stamp = Date.now().toString(36);
  const name = `Nightly evaluation ${stamp}`;

  const set = await page.request.post("/api/eval-sets", {
    headers: { origin },
    data: {
      name: `Lighthouses ${stamp}`,
      cases: [
        { prompt: `a lighthouse at dusk ${stamp}`, seed: 1 },
        { prompt: `a lighthouse in fog ${stamp}`, seed: 2 },
      ],
    },
  });
  expect(set.status()).toBe(201);
  const setId = ((await set.json()) as { data: { id: string } }).data.id;

  // Make the token the way a person would.
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/settings");
  // The page is live (its scripts run and its connection is open) before the form is pressed: a
  // press on the server's HTML alone would only submit the form to the page again.
  await expect(page.locator("[data-stream-state]")).toHaveAttribute("data-stream-state", "live");
  const panel = page.getByRole("region", { name: "Access tokens" });
  await expect(panel.getByRole("combobox", { name: "Role" }).locator("option")).toHaveText([
    "Owner",
    "Editor",
    "Reviewer",
    "Viewer",
  ]);
  await panel.getByRole("button", { name: "Create token" }).click();
  await expect(panel.getByRole("alert")).toContainText("Give the token a name");
  await panel.getByLabel("Name").fill(name);
  await panel.getByLabel("Role").selectOption({ label: "Editor" });
  await panel.getByLabel("Expires").selectOption({ label: "In 30 days" });
  await panel.getByRole("button", { name: "Create token" }).click();
  const secretField = panel.getByRole("textbox", { name: "New token" });
  await expect(secretField).toHaveValue(/^mst_[A-Za-z0-9_-]{43}$/);
  await expect(panel.getByRole("status")).toContainText("you won't see it again");
  await panel.getByRole("button", { name: "Copy new token" }).click();
  await expect(panel.getByRole("button", { name: "Copy new token" })).toContainText("Copied");
  const secret = await page.evaluate(() => navigator.clipboard.readText());
  expect(secret).toBe(await secretField.inputValue());
  const row = panel.getByRole("listitem").filter({ hasText: name });
  await expect(row).toContainText("Editor");
  await expect(row).toContainText(secret.slice(0, 10));
  await expect(row).toContainText("never used");
  await expect(row).toContainText(/expires \w{3} \d{1,2}, \d{4}/);
  await expect(panel).not.toContainText(secret.slice(10));
  await screens(page, "created", panel);

  // The token alone, no cookies and no Origin.
  const script = await playwrightRequest.newContext({
    baseURL: origin,
    storageState: { cookies: [], origins: [] },
    extraHTTPHeaders: { authorization: `Bearer ${secret}` },
  });
  try {
    expect((await script.get("/api/items")).status()).toBe(200);
    expect((await script.get(`/api/eval-sets/${setId}`)).status()).toBe(200);
    // An editor token of an owner: the token's role is the ceiling.
    const limits = await script.get("/api/limits");
    expect(limits.status()).toBe(403);
    expect(((await limits.json()) as { errors: { code: string }[] }).errors[0]?.code).toBe("forbidden");
    // Invitations hand out a secret: they take a session, whatever the token's role.
    const invitations = await script.get("/api/invitations");
    expect(invitations.status()).toBe(403);
    expect(((await invitations.json()) as { errors: { code: string }[] }).errors[0]?.code).toBe(
      "tokenNotAccepted",
    );
    // A token cannot see or mint tokens: that takes a session.
    const tokens = await script.get("/api/tokens");
    expect(tokens.status()).toBe(403);
    expect(((await tokens.json()) as { errors: { code: string }[] }).errors[0]?.code).toBe(
      "tokenNotAccepted",
    );

    const run = await runScript([setId, "--width", "512", "--height", "512", "--timeout", "120"], {
      STUDIO_URL: origin,
      STUDIO_TOKEN: secret,
    });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Started run 1: runware:100@1 · 512×512 (2 cases).");
    expect(run.stdout).toMatch(
      /Ranking \(1 run, 2 cases\):\n {2}1\. Run 1: runware:100@1 · 512×512 · 2\/2 done, 0 failed/,
    );
    expect(run.stdout).toContain("<- this run");

    // The list shows the use.
    await page.reload();
    await expect(row).toContainText(/last used (just now|\d+ minutes? ago)/);

    // Revoke it, confirming first.
    await row.getByRole("button", { name: "Revoke" }).click();
    const confirm = page.getByRole("dialog", { name: `Revoke “${name}”?` });
    await expect(confirm).toContainText("Scripts using this token stop working at once.");
    await screens(page, "revoke", confirm);
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    expect((await script.get("/api/items")).status()).toBe(200);
    await row.getByRole("button", { name: "Revoke" }).click();
    await confirm.getByRole("button", { name: "Revoke token" }).click();
    await expect(confirm).toBeHidden();
    await expect(row).toHaveCount(0);

    const refused = await script.get("/api/items");
    expect(refused.status()).toBe(401);
    expect(await refused.json()).toMatchObject({
      errors: [{ code: "invalidToken", parameter: "authorization" }],
    });
    const again = await runScript([setId], { STUDIO_URL: origin, STUDIO_TOKEN: secret });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("invalidToken");
  } finally {
    await script.dispose();
  }
});
