import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { componentsShared, serverSideIsolated } from "../vitest.config";

// The server's tests share one module graph per worker (the `shared` project in vitest.config.ts).
// A file that replaces a module, spies on a shared object, stops the clock or reads an environment
// of its own would change what the files after it see, so it must be named among the isolated ones.

const ROOT = path.resolve(import.meta.dirname, "..");
const SERVER_SIDE = ["lib/server", "lib/engine", "lib/upstream", "lib/platform"];
const CHANGES_SHARED_STATE =
  /vi\.(mock|doMock|unmock|stubEnv|stubGlobal|resetModules|useFakeTimers|spyOn)\b|process\.env\b|globalThis\.\w+\s*=[^=]|setSystemTime/;

function testFilesUnder(folder: string): string[] {
  return fs
    .readdirSync(path.join(ROOT, folder), { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".test.ts"))
    .map((name) => path.posix.join(folder, name.split(path.sep).join("/")));
}

describe("the server's tests that share a module graph", () => {
  const files = SERVER_SIDE.flatMap(testFilesUnder);

  it("leave out every file that changes what the files after it would see", () => {
    const changing = files.filter((f) =>
      CHANGES_SHARED_STATE.test(fs.readFileSync(path.join(ROOT, f), "utf8")),
    );
    expect(changing.length).toBeGreaterThan(0);
    expect(changing.filter((f) => !serverSideIsolated.includes(f))).toEqual([]);
  });

  it("name only files that exist", () => {
    expect(serverSideIsolated.filter((f) => !files.includes(f))).toEqual([]);
  });
});

describe("the components' tests that share a module graph", () => {
  const read = (f: string) => fs.readFileSync(path.join(ROOT, f), "utf8");

  it("name only files that exist", () => {
    expect(componentsShared.filter((f) => !fs.existsSync(path.join(ROOT, f)))).toEqual([]);
  });

  it("change nothing the files after them would see, and unmount what they draw", () => {
    expect(componentsShared.filter((f) => CHANGES_SHARED_STATE.test(read(f)))).toEqual([]);
    const drawing = componentsShared.filter((f) => read(f).includes("@testing-library/react"));
    expect(drawing.filter((f) => !/afterEach\((cleanup\)|\(\) => \{\s*cleanup\(\))/.test(read(f)))).toEqual(
      [],
    );
  });
});
