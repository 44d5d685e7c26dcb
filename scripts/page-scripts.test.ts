import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build, type Metafile } from "esbuild";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * The browser code of the studio's frame (every signed-in page loads it) and of the pages whose
 * own components need no schema: none of it may load zod. Zod and the schemas built from it were
 * a fifth of such a page's script and about 60 ms of its main thread at every load (the live
 * stream checked frames with its schemas; labels sat beside schemas in shared modules). The
 * entries are what each page's file imports from `components/`, bundled as the browser gets them.
 */
const LAYOUT = "app/(studio)/layout.tsx";
const PAGES = [
  "app/(studio)/experiments/page.tsx",
  "app/(studio)/inbox/page.tsx",
  "app/(studio)/approvals/page.tsx",
];

/** The browser modules `file` imports: its `@/components/...` and `@/lib/client/...` imports. */
function clientImportsOf(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), "utf8");
  const found = [...text.matchAll(/from "@\/((?:components|lib\/client)\/[^"]+)"/g)].map(
    (m) => m[1] as string,
  );
  return found.map((spec) => {
    for (const ext of [".tsx", ".ts"]) {
      try {
        readFileSync(path.join(ROOT, spec + ext));
        return spec + ext;
      } catch {}
    }
    throw new Error(`${file} imports ${spec}, not found`);
  });
}

async function bundle(entries: string[]): Promise<Metafile> {
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: entries,
    bundle: true,
    write: false,
    metafile: true,
    outdir: "out",
    format: "esm",
    platform: "browser",
    jsx: "automatic",
    alias: { "@": "." },
    // Packages other than zod are not in question here.
    external: [
      "next",
      "next/*",
      "react",
      "react-dom",
      "@tanstack/*",
      "lucide-react",
      "zustand",
      "server-only",
    ],
    loader: { ".css": "empty" },
    logLevel: "silent",
  });
  return result.metafile;
}

/** For each project file importing zod: the chain of imports from an entry that brings it in. */
function zodChains(meta: Metafile): string[] {
  const importers = new Map<string, string[]>();
  for (const [file, info] of Object.entries(meta.inputs)) {
    for (const { path: imported } of info.imports)
      importers.set(imported, [...(importers.get(imported) ?? []), file]);
  }
  const zod = Object.keys(meta.inputs).filter((f) => f.includes("node_modules/zod/"));
  const direct = new Set(
    zod.flatMap((f) => importers.get(f) ?? []).filter((f) => !f.includes("node_modules")),
  );
  return [...direct].map((file) => {
    const chain = [file];
    let at = file;
    for (;;) {
      const next = (importers.get(at) ?? []).find((f) => !chain.includes(f));
      if (!next) break;
      chain.push(next);
      at = next;
    }
    return chain.join(" <- ");
  });
}

describe("the browser's script of the studio's frame and its plainer pages", () => {
  it("finds what each page imports", () => {
    expect(clientImportsOf(LAYOUT)).toContain("components/shell/app-shell.tsx");
    for (const page of PAGES) expect(clientImportsOf(page).length, page).toBeGreaterThan(0);
  });

  it("loads no zod", async () => {
    const entries = [...new Set([LAYOUT, ...PAGES].flatMap(clientImportsOf))];
    const meta = await bundle(entries);
    // The bundle holds the frame itself (not only what was left out).
    expect(Object.keys(meta.inputs)).toContain("lib/client/stream/use-task-stream.ts");
    expect(zodChains(meta)).toEqual([]);
  });

  it("would say which import brings zod in", async () => {
    const meta = await bundle(["lib/studio/api/stream-messages.ts"]);
    expect(zodChains(meta)).toContain("lib/studio/api/stream-messages.ts");
  });
});
