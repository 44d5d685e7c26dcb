import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { checkLayers, describeViolation, runChecks } from "./check-layers";

const run = promisify(execFile);
const dirs: string[] = [];

/** A tree laid out like the studio's, with its own `@/` alias, holding only `files`. */
function fixture(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "layers-"));
  dirs.push(dir);
  const tsconfig = { compilerOptions: { baseUrl: ".", paths: { "@/*": ["./*"] } } };
  fs.writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify(tsconfig));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

/** Runs the check's command on `dir`: how it failed, or null when it passed. */
function commandFailure(dir: string): Promise<{ code?: number; stderr?: string } | null> {
  return run(process.execPath, ["--import", "tsx", "scripts/check-layers.ts", dir]).then(
    () => null,
    (err: { code?: number; stderr?: string }) => err,
  );
}

afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const SERVER_SECRET = { "lib/server/secret.ts": "export const secret = 'server side';\n" };

describe("the layer check", () => {
  it("refuses lib/studio importing lib/server, naming the rule, and the command fails", async () => {
    const dir = fixture({
      ...SERVER_SECRET,
      "lib/studio/shape.ts": "import { secret } from '@/lib/server/secret';\nexport const shape = secret;\n",
    });
    const check = await checkLayers({ baseDir: dir });
    expect(check.violations).toContainEqual(
      expect.objectContaining({
        rule: "browser-libs-not-server",
        from: "lib/studio/shape.ts",
        to: "lib/server/secret.ts",
      }),
    );

    const failed = await commandFailure(dir);
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toContain("browser-libs-not-server: lib/studio/shape.ts → lib/server/secret.ts");
  }, 120_000);

  it("counts a type import from lib/server in a component", async () => {
    const dir = fixture({
      "lib/server/records.ts": "export interface RecordRow { id: string }\n",
      "components/card.tsx":
        "import type { RecordRow } from '@/lib/server/records';\nexport type Card = RecordRow;\n",
    });
    const check = await checkLayers({ baseDir: dir });
    expect(check.violations.map((v) => [v.rule, v.from])).toEqual([
      ["components-not-server", "components/card.tsx"],
    ]);
  }, 60_000);

  it("refuses two folders that import each other, and keeps the engine to the contract and the platform", async () => {
    const dir = fixture({
      "lib/server/gallery/page.ts":
        "import { run } from '@/lib/server/results/run';\nexport const page = run;\n",
      "lib/server/results/run.ts":
        "import type { Page } from '@/lib/server/gallery/types';\nexport const run = (p: Page) => p;\n",
      "lib/server/gallery/types.ts": "export type Page = string;\n",
      "lib/engine/core.ts": "import { secret } from '@/lib/server/secret';\nexport const core = secret;\n",
      ...SERVER_SECRET,
    });
    const rules = new Set((await checkLayers({ baseDir: dir })).violations.map((v) => `${v.rule} ${v.from}`));
    expect(rules).toEqual(
      new Set([
        "no-folder-cycles lib/server/gallery",
        "no-folder-cycles lib/server/results",
        "engine-imports-protocol-platform-only lib/engine/core.ts",
      ]),
    );
  }, 60_000);

  it("excuses a listed import and the cycles through it, and reports an exception nothing needs", async () => {
    const dir = fixture({
      "lib/server/votes/round.ts":
        "import { run } from '@/lib/server/eval-sets/run';\nexport const round = run;\n",
      "lib/server/eval-sets/run.ts":
        "import type { R } from '@/lib/server/votes/types';\nexport const run = (r: R) => r;\n",
      "lib/server/votes/types.ts": "export type R = number;\n",
    });
    const listed = {
      rule: "no-folder-cycles",
      from: "lib/server/votes/round.ts",
      to: "lib/server/eval-sets/run.ts",
      until: "a test",
    };
    const unused = {
      rule: "studio-not-client",
      from: "lib/studio/a.ts",
      to: "lib/client/b.ts",
      until: "a test",
    };
    const check = await checkLayers({ baseDir: dir, exceptions: [listed, unused] });
    expect(check.violations).toEqual([]);
    expect(check.staleExceptions).toEqual([unused]);
  }, 60_000);

  it("lets nothing outside lib/engine, a test included, import the engine past its index", async () => {
    const dir = fixture({
      "lib/engine/index.ts": "export { price } from './processors/pricing';\n",
      "lib/engine/processors/pricing.ts": "export const price = 0.0013;\n",
      "lib/engine/processors/pricing.test.ts":
        "import { price } from './pricing';\nexport const p = price;\n",
      "lib/server/spend/estimate.ts":
        "import { price } from '@/lib/engine/processors/pricing';\nexport const e = price;\n",
      "lib/server/spend/door.ts": "import { price } from '@/lib/engine';\nexport const d = price;\n",
      "lib/server/spend/spend.test.ts":
        "import { price } from '../../engine/processors/pricing';\nexport const t = price;\n",
      "server.ts": "export const engine = import('./lib/engine/processors/pricing');\n",
    });
    const check = await checkLayers({ baseDir: dir });
    expect(check.violations.map((v) => `${v.rule} ${v.from} → ${v.to}`).sort()).toEqual([
      "engine-through-its-index lib/server/spend/estimate.ts → lib/engine/processors/pricing.ts",
      "engine-through-its-index lib/server/spend/spend.test.ts → lib/engine/processors/pricing.ts",
      "engine-through-its-index server.ts → lib/engine/processors/pricing.ts",
    ]);
  }, 60_000);

  it("refuses two files that import each other, even for a type, naming the cycle", async () => {
    const dir = fixture({
      "lib/client/page-keys.ts":
        "import { viewerKeys } from './viewer-keys';\nexport interface Key { key: string }\nexport const all = viewerKeys;\n",
      "lib/client/viewer-keys.ts":
        "import type { Key } from './page-keys';\nexport const viewerKeys: Key[] = [];\n",
      "lib/client/alone.ts": "import { all } from './page-keys';\nexport const alone = all;\n",
    });
    const check = await checkLayers({ baseDir: dir });
    expect(check.violations.map(describeViolation).sort()).toEqual([
      "no-file-cycles: lib/client/page-keys.ts → lib/client/viewer-keys.ts (lib/client/page-keys.ts → lib/client/viewer-keys.ts → lib/client/page-keys.ts)",
    ]);
  }, 60_000);

  it("refuses a feature folder importing its parent's loose files while they import the folder back", async () => {
    const dir = fixture({
      "lib/client/gallery-cache.ts": "export const cache = new Map();\n",
      "lib/client/use-presence.ts":
        "import { store } from './live/presence-store';\nexport const use = store;\n",
      "lib/client/live/presence-store.ts": "export const store = {};\n",
      "lib/client/live/review-changes.ts":
        "import { cache } from '@/lib/client/gallery-cache';\nexport const changes = cache;\n",
      // One way only: the parent's loose files never import lib/client/create.
      "lib/client/create/use-generate.ts":
        "import { cache } from '../gallery-cache';\nexport const gen = cache;\n",
    });
    const check = await checkLayers({ baseDir: dir });
    expect(check.violations.map(describeViolation)).toEqual([
      "no-parent-folder-cycles: lib/client/live/review-changes.ts → lib/client/gallery-cache.ts (while lib/client/use-presence.ts → lib/client/live/presence-store.ts)",
    ]);
  }, 60_000);

  // The studio's own tree is checked by `npm run lint` (this script's command), inside `npm test`.
  it("fails when it reads no module at all", async () => {
    // Code only where the check does not look: it reads nothing, and must not pass for it. Run in
    // this process: the command's own exit code and output are the first test's.
    const dir = fixture({ "notes/sketch.ts": "export const sketch = 1;\n" });
    const errors: string[] = [];
    const code = await runChecks(dir, { info: () => {}, error: (line) => errors.push(line) });
    expect(code).toBe(1);
    expect(errors).toContain("Layer check: no module was read, so nothing was checked.");
  }, 60_000);
});
