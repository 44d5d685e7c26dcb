import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../..");

function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".tsx") && !f.includes(".test."))
    .map((f) => path.join(dir, f));
}

/**
 * held-submits.ts holds and presses again every submit nobody took: it relies on each form of the
 * studio taking its own (an `onSubmit` that calls `preventDefault`, or react-hook-form's
 * `handleSubmit`, which does). A form that did not would be sent again and again.
 */
describe("the studio's forms", () => {
  const files = [...sources("app"), ...sources("components")].filter((f) =>
    readFileSync(path.join(ROOT, f), "utf8").includes("<form"),
  );

  it("are found", () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it.each(files)("%s: each form takes its own submit", (file) => {
    const text = readFileSync(path.join(ROOT, file), "utf8");
    for (const [, tag = ""] of text.matchAll(/<form\b([^>]*?)>/gs)) expect(tag).toMatch(/onSubmit=\{/);
    // The handler is written here, or by a hook of the same folder (use-account-form.ts).
    const local = [...text.matchAll(/from "\.\/([\w-]+)"/g)]
      .flatMap(([, name]) =>
        [".ts", ".tsx"].map((ext) => path.join(ROOT, path.dirname(file), `${name}${ext}`)),
      )
      .filter((found) => existsSync(found))
      .map((found) => readFileSync(found, "utf8"));
    expect([text, ...local].join("\n")).toMatch(/preventDefault\(\)|handleSubmit\(/);
  });
});
