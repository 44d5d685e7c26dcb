import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { FolderInUseError, LOCK_FILE, lockFolder } from "./folder-lock";

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const folders: string[] = [];
const children: ChildProcess[] = [];

function tempFolder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "folder-lock-"));
  folders.push(dir);
  return dir;
}

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
  for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A real process that takes the lock of `folder` and holds it until killed (or exits refused). */
function holder(folder: string): ChildProcess & { output: () => string; exited: Promise<number | null> } {
  const script = `const { lockFolder } = await import(${JSON.stringify(path.join(ROOT, "lib/server/folder-lock.ts"))});
try { lockFolder(${JSON.stringify(folder)}); console.log("locked"); setInterval(() => {}, 1000); }
catch (err) { console.error(err.message); process.exit(3); }`;
  const child = spawn(
    process.execPath,
    [
      "--import",
      "./scripts/register-server-only.mjs",
      "--import",
      "tsx",
      "--input-type=module",
      "-e",
      script,
    ],
    { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] },
  ) as ChildProcess & { output: () => string; exited: Promise<number | null> };
  children.push(child);
  let output = "";
  child.stdout?.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr?.on("data", (c: Buffer) => (output += c.toString()));
  child.output = () => output;
  child.exited = new Promise((resolve) => child.once("exit", (code) => resolve(code)));
  // Bounded: a process that neither locks nor exits is killed by the test's own timeout too.
  setTimeout(() => child.kill("SIGKILL"), 15_000).unref();
  return child;
}

async function untilOutput(child: ReturnType<typeof holder>, text: string): Promise<void> {
  while (!child.output().includes(text)) {
    if (child.exitCode !== null) throw new Error(`exited early: ${child.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("lockFolder", () => {
  it("refuses a second process on the same folder, naming the folder and the holder", async () => {
    const dir = tempFolder();
    const first = holder(dir);
    await untilOutput(first, "locked");
    const second = holder(dir);
    expect(await second.exited).toBe(3);
    expect(second.output()).toContain(
      `The data folder ${dir} is in use by the studio running as pid ${first.pid}`,
    );
    expect(first.exitCode).toBeNull();
  });

  it("takes over the lock of a process that was killed", async () => {
    const dir = tempFolder();
    const first = holder(dir);
    await untilOutput(first, "locked");
    first.kill("SIGKILL");
    await first.exited;
    // The killed holder could not remove its lock file.
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(true);
    const second = holder(dir);
    await untilOutput(second, "locked");
    const held = JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), "utf8"));
    expect(held.pid).toBe(second.pid);
  });

  it("takes over a stale lock of a dead pid on this host", () => {
    const dir = tempFolder();
    fs.writeFileSync(
      path.join(dir, LOCK_FILE),
      JSON.stringify({ pid: 999_999, host: os.hostname(), startedAt: "2026-11-24T00:00:00.000Z" }),
    );
    const lock = lockFolder(dir, { isAlive: () => false });
    expect(JSON.parse(fs.readFileSync(lock.path, "utf8")).pid).toBe(process.pid);
    lock.release();
    expect(fs.existsSync(lock.path)).toBe(false);
  });

  it("never takes over a live holder, nor one on another host", () => {
    const dir = tempFolder();
    const file = path.join(dir, LOCK_FILE);
    fs.writeFileSync(
      file,
      JSON.stringify({ pid: 4242, host: os.hostname(), startedAt: "2026-11-24T00:00:00.000Z" }),
    );
    expect(() => lockFolder(dir, { isAlive: () => true })).toThrow(FolderInUseError);
    fs.writeFileSync(
      file,
      JSON.stringify({ pid: 4242, host: "elsewhere", startedAt: "2026-11-24T00:00:00.000Z" }),
    );
    expect(() => lockFolder(dir, { isAlive: () => false })).toThrow(/pid 4242 on host elsewhere/);
  });

  it("release leaves a lock that another studio took over in place", () => {
    const dir = tempFolder();
    const lock = lockFolder(dir);
    const other = { pid: 7, host: os.hostname(), startedAt: "2026-11-25T00:00:00.000Z" };
    fs.writeFileSync(lock.path, JSON.stringify(other));
    lock.release();
    expect(JSON.parse(fs.readFileSync(lock.path, "utf8")).pid).toBe(7);
  });
});
