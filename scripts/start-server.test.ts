import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);
const SCRIPT = path.resolve(import.meta.dirname, "..", "bin", "start-server.sh");

/**
 * Runs a small program through `bin/start-server.sh` in place of the server: it keeps the last
 * 50,000 of 600,000 small objects alive, as a busy server keeps its requests', and answers
 * the flags Node was given and the largest its young generation grew.
 */
async function youngGeneration(nodeOptions?: string): Promise<{ execArgv: string[]; peakMb: number }> {
  const program = `
    const v8 = require("node:v8");
    const keep = new Array(50000);
    let peak = 0;
    for (let i = 0; i < 6e5; i++) {
      keep[i % keep.length] = { i, s: "item " + i };
      if (i % 10000 === 0) {
        const young = v8.getHeapSpaceStatistics().find((s) => s.space_name === "new_space");
        peak = Math.max(peak, young ? young.space_size : 0);
      }
    }
    console.log(JSON.stringify({ execArgv: process.execArgv, peakMb: peak / 2 ** 20 }));
  `;
  const env: NodeJS.ProcessEnv = { ...process.env, NODE: process.execPath };
  delete env.NODE_OPTIONS;
  if (nodeOptions !== undefined) env.NODE_OPTIONS = nodeOptions;
  const { stdout } = await run("sh", [SCRIPT, "-e", program], { env });
  return JSON.parse(stdout) as { execArgv: string[]; peakMb: number };
}

describe("bin/start-server.sh", () => {
  it("keeps the studio's young generation at 2 MB a half under a steady stream of allocations", async () => {
    const { execArgv, peakMb } = await youngGeneration();
    expect(execArgv).toContain("--max-semi-space-size=2");
    expect(peakMb).toBeLessThanOrEqual(4);
  });

  it("keeps a young generation size set by whoever starts the studio", async () => {
    const { execArgv, peakMb } = await youngGeneration("--max-semi-space-size=16");
    expect(execArgv).not.toContain("--max-semi-space-size=2");
    // The same allocations grow it past what the studio's own default allows.
    expect(peakMb).toBeGreaterThan(4);
  });

  it("runs the studio on jemalloc where the machine has it, unless whoever starts it sets LD_PRELOAD", async () => {
    const library = JEMALLOC.find((file) => fs.existsSync(file));
    if (!library)
      throw new Error("jemalloc is not installed (apt-get install -y libjemalloc2); CI must install it");
    const { stdout } = await run("sh", [SCRIPT, "-e", ALLOCATOR], { env: scriptEnv() });
    expect(JSON.parse(stdout)).toEqual({
      preload: library,
      conf: expect.stringContaining("background_thread:true"),
      mapped: true,
    });
    const chosen = await run("sh", [SCRIPT, "-e", ALLOCATOR], { env: scriptEnv({ LD_PRELOAD: "" }) });
    expect(JSON.parse(chosen.stdout)).toMatchObject({ preload: "", mapped: false });
  });
});

/** Where Debian and others put jemalloc's library, as the script looks for it. */
const JEMALLOC = [
  "/usr/lib/x86_64-linux-gnu/libjemalloc.so.2",
  "/usr/lib/aarch64-linux-gnu/libjemalloc.so.2",
  "/usr/lib64/libjemalloc.so.2",
  "/usr/lib/libjemalloc.so.2",
  "/usr/local/lib/libjemalloc.so.2",
];

/** A program that says which allocator it was started with, and whether its library is mapped. */
const ALLOCATOR = `
  const maps = require("node:fs").readFileSync("/proc/self/maps", "utf8");
  console.log(JSON.stringify({
    preload: process.env.LD_PRELOAD,
    conf: process.env.MALLOC_CONF,
    mapped: maps.includes("libjemalloc"),
  }));
`;

function scriptEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE: process.execPath, ...extra };
  delete env.NODE_OPTIONS;
  if (!("LD_PRELOAD" in extra)) delete env.LD_PRELOAD;
  delete env.MALLOC_CONF;
  return env;
}
