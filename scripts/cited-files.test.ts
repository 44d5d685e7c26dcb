import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// A comment that points a reader at another file must point at one the repository holds: a
// renamed or never-written document leaves a reader nowhere.

const ROOT = path.resolve(import.meta.dirname, "..");
const SCANNED = ["lib", "app", "components", "scripts", "bench", "e2e", "server.ts"];
const SOURCE = /\.(ts|tsx|mjs)$/;

/** Comments of a source file: block comments and line comments (not `//` inside a URL). */
function commentsOf(source: string): string[] {
  return source.match(/\/\*[\s\S]*?\*\/|(?<![:"'`\w])\/\/[^\n]*/g) ?? [];
}

/** Repository paths a text cites: `docs/api.md`, `lib/server/api/route.ts`, `e2e/pages/studio-shell.ts`. */
function citedPaths(text: string): string[] {
  const found = text.match(
    /(?<![\w./@-])(?:docs|lib|app|components|e2e|scripts|bench|deploy)\/[\w./[\]()-]*\.(?:md|ts|tsx|mjs|json)\b/g,
  );
  // A document named without its folder is looked for at the root and in docs/.
  const bare = (text.match(/(?<![\w./@-])[\w-]+\.md\b/g) ?? []).filter(
    (name) => !fs.existsSync(path.join(ROOT, name)),
  );
  return [...new Set([...(found ?? []), ...bare.map((name) => `docs/${name}`)])];
}

function sourceFiles(): string[] {
  const out: string[] = [];
  for (const entry of SCANNED) {
    const full = path.join(ROOT, entry);
    if (!fs.existsSync(full)) continue;
    if (fs.statSync(full).isFile()) {
      out.push(entry);
      continue;
    }
    for (const file of fs.readdirSync(full, { recursive: true }).map(String)) {
      if (SOURCE.test(file) && !file.includes("node_modules")) out.push(path.join(entry, file));
    }
  }
  return out;
}

describe("files cited in comments", () => {
  it("finds the paths a comment cites, and only in comments", () => {
    const source = [
      "// See docs/api.md (Errors) and lib/server/api/route.ts.",
      'const url = "https://example.com/docs/missing.md";',
      "/** The page object in e2e/pages/studio-shell.ts, app/(studio)/settings/api/page.tsx. */",
      "// As README.md and design.md say.",
    ].join("\n");
    const cited = commentsOf(source).flatMap(citedPaths);
    expect(cited).toEqual([
      "docs/api.md",
      "lib/server/api/route.ts",
      "e2e/pages/studio-shell.ts",
      "app/(studio)/settings/api/page.tsx",
      "docs/design.md",
    ]);
  });

  it("every file a comment cites exists", () => {
    const missing: string[] = [];
    for (const file of sourceFiles()) {
      const source = fs.readFileSync(path.join(ROOT, file), "utf8");
      for (const cited of commentsOf(source).flatMap(citedPaths)) {
        if (!fs.existsSync(path.join(ROOT, cited))) missing.push(`${file} cites ${cited}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
