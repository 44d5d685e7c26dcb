import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { freePort, ROOT, startProcess, stopProcess } from "./fixtures/processes";
import { SignInPage } from "./pages/sign-in-page";

/**
 * A team serving the studio over plain HTTP on a LAN address. Browsers drop `Secure` cookies set
 * over plain HTTP anywhere but loopback, so a `Secure` session cookie would make sign-in silently
 * do nothing there. The studio runs on this machine's own non-loopback address; only this machine
 * sends it anything.
 */
const lanAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((a) => a && a.family === "IPv4" && !a.internal)?.address;

const dataDir = path.join(ROOT, "data", "e2e-lan");
let studio: Awaited<ReturnType<typeof startProcess>> | undefined;
let origin = "";

test.skip(!lanAddress, "this machine has no non-loopback IPv4 address");
test.use({ storageState: { cookies: [], origins: [] } });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const port = await freePort();
  origin = `http://${lanAddress}:${port}`;
  studio = await startProcess(
    "server.ts",
    { NODE_ENV: "production", PORT: String(port), HOST: lanAddress ?? "", DATA_DIR: dataDir },
    `${origin}/sign-in`,
    180_000,
  );
  const setup = await fetch(`${origin}/api/setup`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ name: "Lan Owner", email: "owner@lan.test", password: "plain http ok" }),
  });
  expect(setup.status).toBe(200);
});

test.afterAll(async () => {
  await stopProcess(studio);
});

test("signs in over plain HTTP at a LAN address and stays signed in", async ({ page }) => {
  await page.goto(`${origin}/gallery`);
  await expect(page).toHaveURL(`${origin}/sign-in?next=%2Fgallery`);
  await new SignInPage(page).signIn("owner@lan.test", "plain http ok");
  await expect(page).toHaveURL(`${origin}/gallery`);
  await expect(page.getByTestId("user-name")).toHaveText("Lan Owner");
  const [cookie] = await page.context().cookies(origin);
  expect(cookie?.secure).toBe(false);
  await page.reload();
  await expect(page.getByTestId("user-name")).toHaveText("Lan Owner");
});
