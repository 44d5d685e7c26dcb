/**
 * The layer check `npm run lint` runs after Biome: the import rules of `.dependency-cruiser.cjs`
 * over the whole tree, type imports included. It calls dependency-cruiser's API rather than its
 * command so that it can hold the listed exceptions to account (an unused one fails too), and so
 * that it can keep two rules dependency-cruiser cannot state:
 *
 *   engine-through-its-index   the engine's door holds for tests outside lib/engine as well (the
 *                              other rules leave tests alone: they may reach a neighbour's harness)
 *   no-parent-folder-cycles    a feature folder may use its parent folder's loose files, or those
 *                              files may compose the feature folder, not both: a cycle the folder
 *                              rule does not see, since a folder holds its feature folders
 *
 * After the import rules it runs the feature check (scripts/check-features.ts): one name per
 * feature in every layer, as docs/architecture.md maps them.
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
import { checkFeatures, describeFeatureViolation } from "./check-features";

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
    {
      ...config,
      ...cacheFor(baseDir, "imports"),
      baseDir,
      outputType: "json",
      tsConfig: { fileName: tsConfigFile },
    },
    {},
    { tsConfig: extractTSConfig(tsConfigFile) },
  );
  const output = outputOf(result.output);
  const found = [
    ...output.summary.violations.map((v: IViolation) => ({
      rule: v.rule.name,
      from: v.from,
      to: v.to,
      cycle: (v.cycle ?? []).map((step) => step.name),
    })),
    ...parentFolderCycles(output),
    ...(await testsPastTheEngineDoor(baseDir, checked, config, tsConfigFile)),
  ];
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

/**
 * The repository's cruises are kept in node_modules/.cache, one folder for each (a folder holds
 * one result): a run over files whose contents have not changed since the last one (the unit test
 * after `npm run lint`, or lint again) reads the result instead of parsing every module again.
 */
function cacheFor(baseDir: string, name: string): { cache?: { folder: string; strategy: "content" } } {
  if (baseDir !== ROOT) return {};
  return {
    cache: { folder: path.join(ROOT, "node_modules", ".cache", "layer-check", name), strategy: "content" },
  };
}

function outputOf(output: string | ICruiseResult): ICruiseResult {
  return typeof output === "string" ? (JSON.parse(output) as ICruiseResult) : output;
}

const OWN_FILE = /^((app|components|lib|scripts|bench|e2e)\/|server\.ts$)/;
const TEST_FILE = /\.test\.tsx?$/;

/**
 * A feature folder (`lib/client/create`) importing a loose file of its parent folder
 * (such as `lib/client/endpoint-client.ts`) while some loose file of that parent imports into the feature
 * folder: the parent's loose files and the feature folder then stand or fall together. One
 * violation per import from the feature folder, naming one import back.
 */
export function parentFolderCycles(output: ICruiseResult): LayerViolation[] {
  const imports: [string, string][] = [];
  for (const m of output.modules) {
    for (const d of m.dependencies)
      if (OWN_FILE.test(m.source) && OWN_FILE.test(d.resolved)) imports.push([m.source, d.resolved]);
  }
  /** The feature folder of `parent` that holds `file`, if `file` lies below `parent`. */
  const featureOf = (parent: string, file: string): string | null => {
    const dir = path.posix.dirname(file);
    if (!dir.startsWith(`${parent}/`)) return null;
    return `${parent}/${dir.slice(parent.length + 1).split("/")[0]}`;
  };
  const composedBy = new Map<string, string[]>();
  for (const [from, to] of imports) {
    const feature = featureOf(path.posix.dirname(from), to);
    if (feature) composedBy.set(feature, composedBy.get(feature) ?? [from, to]);
  }
  const out: LayerViolation[] = [];
  for (const [from, to] of imports) {
    const feature = featureOf(path.posix.dirname(to), from);
    const back = feature ? composedBy.get(feature) : undefined;
    if (back) out.push({ rule: "no-parent-folder-cycles", from, to, cycle: back });
  }
  return out;
}

/** Every file under `dir` (relative, with `/`), but the trees nothing judges. */
function filesUnder(baseDir: string, dir: string): string[] {
  const full = path.join(baseDir, dir);
  if (!fs.statSync(full).isDirectory()) return [dir];
  return fs.readdirSync(full, { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.name === "node_modules" || entry.name.startsWith(".")) return [];
    return entry.isDirectory() ? filesUnder(baseDir, rel) : [rel];
  });
}

/**
 * The engine's door, for the tests outside lib/engine that the main run leaves out: each test's
 * own imports only (depth 1), so the run stays short.
 */
async function testsPastTheEngineDoor(
  baseDir: string,
  checked: string[],
  config: Awaited<ReturnType<typeof extractDepcruiseOptions>>,
  tsConfigFile: string,
): Promise<LayerViolation[]> {
  const door = config.ruleSet?.forbidden?.find((r) => r.name === "engine-through-its-index");
  const tests = checked
    .flatMap((entry) => filesUnder(baseDir, entry))
    .filter((file) => TEST_FILE.test(file) && !file.startsWith("lib/engine/"));
  if (!door || tests.length === 0) return [];
  const exclude = (config.exclude as { path?: string[] } | undefined)?.path ?? [];
  const result = await cruise(
    tests,
    {
      ...config,
      ruleSet: { forbidden: [door] },
      exclude: { path: exclude.filter((pattern) => !new RegExp(pattern).test("a.test.ts")) },
      maxDepth: 1,
      ...cacheFor(baseDir, "tests"),
      baseDir,
      outputType: "json",
      tsConfig: { fileName: tsConfigFile },
    },
    {},
    { tsConfig: extractTSConfig(tsConfigFile) },
  );
  return outputOf(result.output)
    .summary.violations.filter((v) => TEST_FILE.test(v.from))
    .map((v) => ({ rule: v.rule.name, from: v.from, to: v.to, cycle: [] }));
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
  const through =
    v.rule === "no-parent-folder-cycles"
      ? ` (while ${v.cycle.join(" → ")})`
      : v.cycle.length > 0
        ? ` (${[v.from, ...v.cycle].join(" → ")})`
        : "";
  return `${v.rule}: ${v.from} → ${v.to}${through}`;
}

/** Where the check's command writes: the console, or a test's own lines. */
export interface CheckOutput {
  info(line: string): void;
  error(line: string): void;
}

/**
 * The command: the layer check and then the feature check over `dir` (the studio's own tree when
 * undefined), each finding written to `out`; 1 when anything was found or nothing was read, else 0.
 */
export async function runChecks(dir: string | undefined, out: CheckOutput = console): Promise<number> {
  let code = 0;
  const check = await checkLayers(dir ? { baseDir: path.resolve(dir) } : {});
  for (const v of check.violations) out.error(`  ${describeViolation(v)}`);
  for (const e of check.staleExceptions) {
    out.error(`  exception no longer needed: ${e.from} → ${e.to} (${e.rule}); delete it from the config`);
  }
  const counts = `${check.modules} modules, ${check.dependencies} imports`;
  if (check.modules === 0) {
    out.error("Layer check: no module was read, so nothing was checked.");
    code = 1;
  } else if (check.violations.length > 0 || check.staleExceptions.length > 0) {
    out.error(
      `Layer check: ${check.violations.length} imports break the layers' rules, ${check.staleExceptions.length} exceptions are stale (${counts}).`,
    );
    code = 1;
  } else {
    out.info(`Layer check: no import breaks the layers' rules (${counts}).`);
  }
  const strays = checkFeatures(dir ? { baseDir: path.resolve(dir) } : {});
  for (const v of strays) out.error(`  ${describeFeatureViolation(v)}`);
  if (strays.length > 0) {
    out.error(`Feature check: ${strays.length} folders or files stray from the map of features.`);
    code = 1;
  } else {
    out.info("Feature check: every feature folder is named as the map of features says.");
  }
  return code;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exitCode = await runChecks(process.argv[2]);
}
