import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const RUNNER = path.resolve(import.meta.dirname, "run-parallel.mjs");
const LINES = 6000;
const dir = mkdtempSync(path.join(tmpdir(), "run-parallel-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const script = (body: string) => `node -e ${JSON.stringify(body)}`;
writeFileSync(
  path.join(dir, "package.json"),
  JSON.stringify({
    name: "run-parallel-test",
    private: true,
    scripts: {
      many: script(`for (let i = 0; i < ${LINES}; i++) console.log("line " + i + " " + "x".repeat(50))`),
      slow: script(
        `setTimeout(() => { console.log("slow: one"); console.error("slow: two"); console.log("slow: three") }, 300)`,
      ),
      fails: script(`console.error("fails: something broke"); process.exit(3)`),
    },
  }),
);

/** Runs the runner in `dir` and reads its output as a slow log collector would: 20 ms a chunk. */
async function runSlowlyRead(...names: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [RUNNER, ...names], {
    cwd: dir,
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, NO_COLOR: "1" },
  });
  const closed = new Promise<number | null>((resolve) => child.on("close", resolve));
  let output = "";
  for await (const chunk of child.stdout) {
    output += String(chunk);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { code: await closed, output };
}

describe("npm test's side-by-side scripts", () => {
  it("print every line of each script, whole and apart, to a reader slower than they write", async () => {
    const { code, output } = await runSlowlyRead("many", "slow");
    expect(code).toBe(0);
    const lines = output.split("\n").filter((line) => line.startsWith("line "));
    expect(lines).toHaveLength(LINES);
    expect(lines.at(-1)).toMatch(new RegExp(`^line ${LINES - 1} `));
    // The slow script's lines, from its stdout and its stderr, together: no other script's between.
    const at = ["slow: one", "slow: two", "slow: three"].map((text) => output.indexOf(text));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect(output.slice(Math.min(...at), Math.max(...at))).not.toContain("line ");
  }, 60_000);

  it("run every script when one fails, say which failed, and end with its exit code", async () => {
    const { code, output } = await runSlowlyRead("fails", "slow");
    expect(code).toBe(3);
    expect(output).toContain("fails: something broke");
    expect(output).toContain("fails failed (exit code 3)");
    expect(output).toContain("slow: three");
  }, 60_000);
});
