import { type ChildProcess, spawn } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { childrenOf, ownCpuOf, readTree, threadsOf, treeCpu, treeMemory } from "./process-tree";

const started: ChildProcess[] = [];
afterEach(() => {
  for (const child of started.splice(0)) child.kill("SIGKILL");
});

/** A Node process that allocates `mb` and starts `children` sleeping processes of its own. */
function holder(mb: number, children: number): Promise<ChildProcess> {
  const code = `
    const held = Buffer.alloc(${mb} * 1024 * 1024, 1);
    const { spawn } = require("node:child_process");
    for (let i = 0; i < ${children}; i++) spawn("sleep", ["60"], { stdio: "ignore" });
    setInterval(() => held[0]++, 1000);
    setTimeout(() => process.stdout.write("ready"), 200);
  `;
  const child = spawn(process.execPath, ["-e", code], { stdio: ["ignore", "pipe", "inherit"] });
  started.push(child);
  return new Promise((resolve) => child.stdout?.once("data", () => resolve(child)));
}

describe.runIf(process.platform === "linux")("treeMemory", () => {
  it("counts the process and every process it started", async () => {
    const parent = await holder(40, 2);
    const pid = parent.pid ?? 0;
    const tree = treeMemory(pid);
    expect(childrenOf(pid)).toHaveLength(2);
    expect(tree.processes).toBe(3);
    // The 40 MB the parent holds are anonymous memory; each sleeping child adds its own threads.
    expect(tree.anon).toBeGreaterThanOrEqual(40);
    expect(tree.rss).toBeGreaterThanOrEqual(tree.anon);
    expect(tree.threads).toBeGreaterThanOrEqual(treeMemory(childrenOf(pid)[0] ?? 0).threads + 1);
    for (const child of childrenOf(pid)) process.kill(child, "SIGKILL");
  });

  it("refuses a process that is not running", () => {
    expect(() => treeMemory(2 ** 22 + 1)).toThrow(/not running/);
  });
});

/** A Node process that starts a child which spins for `ms` of CPU and ends; "done" once it has. */
function spinner(ms: number): Promise<ChildProcess> {
  const spin = `const end = process.cpuUsage().user + ${ms} * 1000; while (process.cpuUsage().user < end) {}`;
  const code = `
    const { spawn } = require("node:child_process");
    spawn(process.execPath, ["-e", ${JSON.stringify(spin)}], { stdio: "ignore" })
      .on("exit", () => process.stdout.write("done"));
    setInterval(() => {}, 1000);
  `;
  const child = spawn(process.execPath, ["-e", code], { stdio: ["ignore", "pipe", "inherit"] });
  started.push(child);
  return new Promise((resolve) => child.stdout?.once("data", () => resolve(child)));
}

describe.runIf(process.platform === "linux")("treeCpu", () => {
  it("keeps the CPU of a child that has ended, in the parent that waited for it", async () => {
    const parent = await spinner(400);
    const tree = treeCpu(parent.pid ?? 0);
    expect(tree.processes).toBe(1);
    expect(tree.seconds).toBeGreaterThanOrEqual(0.4);
  });

  it("refuses a process that is not running", () => {
    expect(() => treeCpu(2 ** 22 + 1)).toThrow(/not running/);
  });
});

describe.runIf(process.platform === "linux")("threadsOf", () => {
  it("reads every thread of a process with its name and its CPU so far", async () => {
    const spin = "const end = process.cpuUsage().user + 300000; while (process.cpuUsage().user < end) {}";
    const busy = spawn(
      process.execPath,
      ["-e", `${spin}; process.stdout.write("done"); setInterval(() => {}, 1000);`],
      {
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    started.push(busy);
    await new Promise((resolve) => busy.stdout?.once("data", resolve));
    const threads = threadsOf(busy.pid ?? 0);
    const main = threads.find((t) => t.tid === String(busy.pid));
    expect(main?.name).toBe("node");
    expect(main?.ms).toBeGreaterThanOrEqual(300);
    expect(threads.every((t) => t.name.length > 0 && t.ms >= 0)).toBe(true);
    // The process's own CPU is at least its main thread's, and readTree finds it by its id.
    const own = ownCpuOf(busy.pid ?? 0) ?? 0;
    expect(own * 1000).toBeGreaterThanOrEqual(300);
    expect(readTree(busy.pid ?? 0, (pid) => (ownCpuOf(pid) === null ? null : pid))).toEqual([busy.pid]);
  });
});
