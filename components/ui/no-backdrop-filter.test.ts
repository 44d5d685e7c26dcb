import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The studio draws no backdrop filter (Tailwind's `backdrop-blur`, CSS `backdrop-filter`). Behind
 * its near-opaque bars and overlays a blur is barely seen, yet the compositor blurs what lies
 * under the bar again on every frame anything beneath it moves: a page scrolled under the sticky
 * header cost Chromium's compositor three times the CPU with the blur (0.34-0.40 s against
 * 0.11-0.12 s for ten scrolls of the gallery, software compositing), and browser tests of the
 * gallery, experiments and canvas spent 150-167 s of CPU without blurs against 187-245 s with them.
 */
const ROOT = path.resolve(import.meta.dirname, "..", "..");
const FOLDERS = ["app", "components"];

/** The numbers of the lines that blur a backdrop (`::backdrop`, the pseudo-element, does not). */
function blurringLines(text: string): number[] {
  return text.split("\n").flatMap((line, i) => (/backdrop-blur|backdrop-filter/.test(line) ? [i + 1] : []));
}

function sources(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { recursive: true, encoding: "utf8" })
    .filter((name) => /\.(tsx?|css)$/.test(name) && !name.endsWith(".test.ts"))
    .map((name) => path.join(folder, name));
}

describe("the studio's styles", () => {
  it("blur nothing behind a bar, a toolbar or an overlay", () => {
    const found: string[] = [];
    for (const file of FOLDERS.flatMap(sources)) {
      for (const line of blurringLines(readFileSync(path.join(ROOT, file), "utf8")))
        found.push(`${file}:${line}`);
    }
    expect(found).toEqual([]);
  });

  it("would find one", () => {
    const css = ["::backdrop {", "  color: inherit;", "}", ".bar { backdrop-filter: blur(4px); }"].join("\n");
    expect(blurringLines(css)).toEqual([4]);
    expect(blurringLines('<header className="bg-surface/85 backdrop-blur-md" />')).toEqual([1]);
  });
});
