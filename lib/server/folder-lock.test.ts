import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { FolderInUseError, LOCK_FILE, lockFolder } from "./folder-lock";
import { REPO_ROOT, serverScriptArgs } from "./script-test-kit";

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
function holder(
  folder: string,
  options: { orphanAsZombie?: boolean } = {},
): ChildProcess & { output: () => string; exited: Promise<number | null> } {
  const script = `const { lockFolder } = await import(${JSON.stringify(path.join(REPO_ROOT, "lib/server/folder-lock.ts"))});
try { await lockFolder(${JSON.stringify(folder)}); console.log("locked " + process.pid); setInterval(() => {}, 1000); }
catch (err) { console.error(err.message); process.exit(3); }`;
  const node = [process.execPath, ...serverScriptArgs(script)];
  // With `orphanAsZombie` the holder runs under a shell that then becomes `sleep`, which never
  // reaps it: once killed, the holder stays a zombie whose pid still answers signal 0.
  const child = (
    options.orphanAsZombie
      ? spawn("sh", ["-c", `"$@" & exec sleep 60`, "sh", ...node], {
          cwd: REPO_ROOT,
          stdio: ["ignore", "pipe", "pipe"],
        })
      : spawn(node[0] ?? "", node.slice(1), { cwd: REPO_ROOT, stdio: ["ignore", "pipe", "pipe"] })
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

/**
 * A zombie: dead, every thread gone (so every file it held is closed), and not yet reaped by its
 * parent, so its pid still answers signal 0.
 */
function isZombie(pid: number): boolean {
  try {
    // The state is the first field after the command name in parentheses.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const dead = stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z");
    return dead && fs.readdirSync(`/proc/${pid}/task`).length <= 1;
  } catch {
    return false;
  }
}

async function untilZombie(pid: number): Promise<void> {
  while (!isZombie(pid)) await new Promise((r) => setImmediate(r));
}

const linux = process.platform === "linux";

describe.runIf(linux)("lockFolder (held by the kernel)", () => {
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

  it("refuses a second lock in the same process, by another path to the same folder", async () => {
    const dir = tempFolder();
    const lock = await lockFolder(dir);
    await expect(lockFolder(path.join(dir, "sub", ".."))).rejects.toThrow(FolderInUseError);
    lock.release();
    const again = await lockFolder(dir);
    again.release();
    expect(fs.existsSync(again.path)).toBe(false);
  });

  // Three rounds of starting a shell and its holder: a busy machine takes seconds for each.
  it("is free at once after its holder is killed, even while the holder is a zombie", {
    timeout: 60_000,
  }, async () => {
    const dir = tempFolder();
    for (let round = 0; round < 3; round++) {
      const shell = holder(dir, { orphanAsZombie: true });
      await untilOutput(shell, "locked");
      const pid = Number(/locked (\d+)/.exec(shell.output())?.[1]);
      process.kill(pid, "SIGKILL");
      // Not reaped: signal 0 still succeeds for this pid, and the old file still names it.
      await untilZombie(pid);
      expect(() => process.kill(pid, 0)).not.toThrow();
      expect(JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), "utf8")).pid).toBe(pid);
      const lock = await lockFolder(dir);
      expect(JSON.parse(fs.readFileSync(lock.path, "utf8")).pid).toBe(process.pid);
      lock.release();
      shell.kill("SIGKILL");
      await shell.exited;
    }
  });

  it("is not blocked by a lock file naming a live pid that holds no lock", async () => {
    const dir = tempFolder();
    fs.writeFileSync(
      path.join(dir, LOCK_FILE),
      JSON.stringify({ pid: process.ppid, host: os.hostname(), startedAt: "2026-11-24T00:00:00.000Z" }),
    );
    const lock = await lockFolder(dir);
    expect(JSON.parse(fs.readFileSync(lock.path, "utf8")).pid).toBe(process.pid);
    lock.release();
  });
});

describe("lockFolder (fallback without abstract sockets)", () => {
  it("takes over a stale lock of a dead pid on this host", async () => {
    const dir = tempFolder();
    fs.writeFileSync(
      path.join(dir, LOCK_FILE),
      JSON.stringify({ pid: 999_999, host: os.hostname(), startedAt: "2026-11-24T00:00:00.000Z" }),
    );
    const lock = await lockFolder(dir, { kernelLock: false, isAlive: () => false });
    expect(JSON.parse(fs.readFileSync(lock.path, "utf8")).pid).toBe(process.pid);
    lock.release();
    expect(fs.existsSync(lock.path)).toBe(false);
  });

  it("never takes over a live holder, nor one on another host", async () => {
    const dir = tempFolder();
    const file = path.join(dir, LOCK_FILE);
    fs.writeFileSync(
      file,
      JSON.stringify({ pid: 4242, host: os.hostname(), startedAt: "2026-11-24T00:00:00.000Z" }),
    );
    await expect(lockFolder(dir, { kernelLock: false, isAlive: () => true })).rejects.toThrow(
      FolderInUseError,
    );
    fs.writeFileSync(
      file,
      JSON.stringify({ pid: 4242, host: "elsewhere", startedAt: "2026-11-24T00:00:00.000Z" }),
    );
    await expect(lockFolder(dir, { kernelLock: false, isAlive: () => false })).rejects.toThrow(
      /pid 4242 on host elsewhere/,
    );
  });

  it("release leaves a lock that another studio took over in place", async () => {
    const dir = tempFolder();
    const lock = await lockFolder(dir, { kernelLock: false });
    const other = { pid: 7, host: os.hostname(), startedAt: "2026-11-25T00:00:00.000Z" };
    fs.writeFileSync(lock.path, JSON.stringify(other));
    lock.release();
    expect(JSON.parse(fs.readFileSync(lock.path, "utf8")).pid).toBe(7);
  });
});
