import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../..");

/** The source files of a folder, tests left out (they run in Node, which has `randomUUID`). */
function sources(dir: string): string[] {
  return fs
    .readdirSync(path.join(ROOT, dir), { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.join(dir, file));
}

/** Files that run in the browser: all of the client layer and components, and app's client files. */
function browserFiles(): string[] {
  const app = sources("app").filter((file) => /^\s*["']use client["']/.test(read(file)));
  return [...sources("lib/client"), ...sources("lib/studio"), ...sources("components"), ...app];
}

const read = (file: string) => fs.readFileSync(path.join(ROOT, file), "utf8");

describe("ids in the browser", () => {
  it("come from newId, since a page served over plain HTTP has no crypto.randomUUID", () => {
    const files = browserFiles();
    expect(files.length).toBeGreaterThan(100);
    const callers = files.filter(
      (file) => file !== path.join("lib/client", "new-id.ts") && /\brandomUUID\b/.test(read(file)),
    );
    expect(callers).toEqual([]);
  });
});
