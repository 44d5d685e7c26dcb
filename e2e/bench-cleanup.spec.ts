import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { ROOT } from "./fixtures/processes";

/**
 * A benchmark that fails half way stops what it started: `npm run bench:create` with no browser
 * to launch leaves no studio server running and no data folder behind.
 */

/** Pids of running processes whose environment names `needle` (Linux's /proc). */
function processesNaming(needle: string): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/environ`, "latin1").includes(needle)) pids.push(Number(entry));
    } catch {
      // Gone already, or not ours to read.
    }
  }
  return pids;
}

test("a bench whose browser cannot start stops the studio it started", async () => {
  test.skip(process.platform !== "linux", "reads the process table from /proc");
  test.setTimeout(180_000);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "bench-cleanup-"));
  try {
    const child = spawn(process.execPath, ["--import", "tsx", "bench/create-first-image.bench.ts"], {
      cwd: ROOT,
      env: { ...process.env, TMPDIR: tmp, CHROMIUM_PATH: path.join(tmp, "no-such-chromium") },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout?.on("data", (c: Buffer) => (output += c.toString()));
    child.stderr?.on("data", (c: Buffer) => (output += c.toString()));
    const killer = setTimeout(() => child.kill("SIGKILL"), 170_000);
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    clearTimeout(killer);

    expect(code, output).not.toBe(0);
    expect(output).toContain("no-such-chromium");
    // The studio server it started (its DATA_DIR lies under TMPDIR) is gone, and so is its folder.
    expect(processesNaming(`DATA_DIR=${tmp}`)).toEqual([]);
    expect(fs.readdirSync(tmp).filter((name) => name.startsWith("studio-bench-"))).toEqual([]);
  } finally {
    for (const pid of processesNaming(`DATA_DIR=${tmp}`)) process.kill(pid, "SIGKILL");
    fs.rmSync(tmp, { recursive: true, force: true });
  }
});
