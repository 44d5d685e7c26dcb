/**
 * The layer check `npm run lint` runs after Biome: the import rules of `.dependency-cruiser.cjs`
 * over the whole tree, type imports included. It calls dependency-cruiser's API rather than its
 * command so that it can hold the listed exceptions to account (an unused one fails too).
 *
 *   npm run lint                          (Biome, then this)
 *   npx tsx scripts/check-layers.ts [DIR]   (another tree laid out like this one, such as a fixture)
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { cruise, type ICruiseResult, type IViolation } from "dependency-cruiser";
import extractDepcruiseOptions from "dependency-cruiser/config-utl/extract-depcruise-options";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CONFIG = path.join(ROOT, ".dependency-cruiser.cjs");

/** An import the rules refuse that stays allowed until the work that removes it lands. */
export interface LayerException {
  from: string;
  to: string;
  /** The rule it breaks (a cycle it closes counts under `no-folder-cycles` as well). */
  rule: string;
  until: string;
}

/** Every folder (and the one file) whose imports the rules judge. */
export const CHECKED = ["app", "components", "lib", "server.ts", "scripts", "bench", "e2e"];

export interface LayerViolation {
  rule: string;
  from: string;
  to: string;
  /** For a cycle: the folders (or files) it runs through, back to `from`. */
  cycle: string[];
}

export interface LayerCheck {
  violations: LayerViolation[];
  /** Exceptions that excused nothing: the import is gone, so the exception can go too. */
  staleExceptions: LayerException[];
  modules: number;
  dependencies: number;
}

/**
 * Runs the rules over `baseDir` (the repository, or a fixture tree laid out like it, with its own
 * `tsconfig.json` for the `@/` alias). The configured exceptions name this repository's files, so
 * they apply to it alone.
 */
export async function checkLayers(
  options: { baseDir?: string; checked?: string[]; exceptions?: readonly LayerException[] } = {},
): Promise<LayerCheck> {
  const baseDir = options.baseDir ?? ROOT;
  const tsConfigFile = path.join(baseDir, "tsconfig.json");
  const config = await extractDepcruiseOptions(CONFIG);
  const exceptions = options.exceptions ?? (baseDir === ROOT ? configuredExceptions() : []);
  const checked = (options.checked ?? CHECKED).filter((entry) => fs.existsSync(path.join(baseDir, entry)));
  const result = await cruise(
    checked,
    { ...config, baseDir, outputType: "json", tsConfig: { fileName: tsConfigFile } },
    {},
    { tsConfig: extractTSConfig(tsConfigFile) },
  );
  const output: ICruiseResult =
    typeof result.output === "string" ? (JSON.parse(result.output) as ICruiseResult) : result.output;
  const found = output.summary.violations.map((v: IViolation) => ({
    rule: v.rule.name,
    from: v.from,
    to: v.to,
    cycle: (v.cycle ?? []).map((step) => step.name),
  }));
  const used = new Set<LayerException>();
  const violations = found.filter((v) => {
    const excusedBy = exceptions.filter((e) => excuses(e, v));
    for (const e of excusedBy) used.add(e);
    return excusedBy.length === 0;
  });
  return {
    violations,
    staleExceptions: exceptions.filter((e) => !used.has(e)),
    modules: output.summary.totalCruised,
    dependencies: output.summary.totalDependenciesCruised ?? 0,
  };
}

function configuredExceptions(): LayerException[] {
  const config = createRequire(import.meta.url)(CONFIG) as { exceptions?: LayerException[] };
  return config.exceptions ?? [];
}

function isWithin(file: string, folder: string): boolean {
  return file.startsWith(`${folder}/`);
}

/**
 * The import itself, for a rule on imports; for a cycle of folders, any cycle that runs over the
 * import's step from a folder holding `from` into the folder of `to`: while the import stands,
 * every cycle through it is the same fault.
 */
function excuses(e: LayerException, v: LayerViolation): boolean {
  if (v.rule !== "no-folder-cycles") return e.rule === v.rule && e.from === v.from && e.to === v.to;
  const steps = [v.from, ...v.cycle];
  const target = path.posix.dirname(e.to);
  return steps.some((folder, i) => steps[i + 1] === target && isWithin(e.from, folder));
}

export function describeViolation(v: LayerViolation): string {
  const through = v.cycle.length > 0 ? ` (${[v.from, ...v.cycle].join(" → ")})` : "";
  return `${v.rule}: ${v.from} → ${v.to}${through}`;
}

async function main(): Promise<void> {
  const dir = process.argv[2];
  const check = await checkLayers(dir ? { baseDir: path.resolve(dir) } : {});
  for (const v of check.violations) console.error(`  ${describeViolation(v)}`);
  for (const e of check.staleExceptions) {
    console.error(`  exception no longer needed: ${e.from} → ${e.to} (${e.rule}); delete it from the config`);
  }
  const counts = `${check.modules} modules, ${check.dependencies} imports`;
  if (check.violations.length > 0 || check.staleExceptions.length > 0) {
    console.error(
      `Layer check: ${check.violations.length} imports break the layers' rules, ${check.staleExceptions.length} exceptions are stale (${counts}).`,
    );
    process.exitCode = 1;
  } else {
    console.info(`Layer check: no import breaks the layers' rules (${counts}).`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await main();
