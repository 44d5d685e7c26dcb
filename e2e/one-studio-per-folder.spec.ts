import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { freePort, nodeArgsFor, ROOT } from "./fixtures/processes";
import { expect, test } from "./fixtures/reused-page";
import { E2E_DATA_DIR } from "./fixtures/studio-api";

/**
 * A second studio on a data folder in use refuses to start (naming the folder and the holder),
 * and a studio whose port is taken ends instead of running on without a listener.
 */
test.describe.configure({ mode: "serial" });

/** Runs `server.ts` until it exits by itself; killed if it is still running after `ms`. */
function runUntilExit(
  env: Record<string, string>,
  ms = 60_000,
): Promise<{ code: number | null; output: string }> {
  const child: ChildProcess = spawn(process.execPath, nodeArgsFor("server.ts"), {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr?.on("data", (c: Buffer) => (output += c.toString()));
  const killer = setTimeout(() => child.kill("SIGKILL"), ms);
  return new Promise((resolve) =>
    child.once("exit", (code) => {
      clearTimeout(killer);
      resolve({ code, output });
    }),
  );
}

test("a second studio on the same data folder refuses to start and names the holder", async ({ page }) => {
  test.setTimeout(90_000);
  const holder = JSON.parse(fs.readFileSync(path.join(E2E_DATA_DIR, "studio.lock"), "utf8")) as {
    pid: number;
  };
  const second = await runUntilExit({ PORT: String(await freePort()), DATA_DIR: E2E_DATA_DIR });
  expect(second.code).not.toBe(0);
  expect(second.output).toContain(
    `The data folder ${E2E_DATA_DIR} is in use by the studio running as pid ${holder.pid}`,
  );
  // The first studio and its database are untouched.
  await page.goto("/gallery");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Gallery");
  expect(JSON.parse(fs.readFileSync(path.join(E2E_DATA_DIR, "studio.lock"), "utf8")).pid).toBe(holder.pid);
});

test("a studio whose port is taken ends with a clear message and frees its data folder", async ({
  baseURL,
}) => {
  test.setTimeout(90_000);
  const dataDir = path.join(ROOT, "data", "e2e-port-taken");
  fs.rmSync(dataDir, { recursive: true, force: true });
  const port = new URL(baseURL ?? "").port;
  const run = await runUntilExit({ PORT: port, DATA_DIR: dataDir });
  expect(run.code).toBe(1);
  expect(run.output).toContain(`port ${port} on 127.0.0.1 is already in use`);
  expect(run.output).not.toContain("uncaughtException");
  expect(fs.existsSync(path.join(dataDir, "studio.lock"))).toBe(false);
  fs.rmSync(dataDir, { recursive: true, force: true });
});
