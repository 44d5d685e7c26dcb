/**
 * One name per feature in every layer, held to the map in docs/architecture.md ("Features and
 * their folders"): the table a newcomer reads to follow a feature from its route to its table is
 * the one this check reads, so neither can drift from the tree. `scripts/check-layers.ts` runs it
 * after the import rules (`npm run lint`).
 *
 *   feature-folder-unnamed    a folder in lib/server, lib/studio, lib/client or components that no
 *                             row names: a feature under a name of its own, or one with no row
 *   feature-folder-misnamed   a row naming a folder by another name than the feature's
 *   feature-folder-missing    a row naming a folder that is not there
 *   api-file-unnamed          a declaration file of lib/studio/api that no row names (or two do)
 *   api-file-missing          a row naming a declaration file that is not there
 *   loose-file                a file named after a feature that lies outside that feature's folder:
 *                             loose in a layer's root, or in a folder held to its own feature
 *
 *   npx tsx scripts/check-features.ts [DIR]   (another tree laid out like this one, such as a fixture)
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const MAP_FILE = "docs/architecture.md";
const HEADING = "## Features and their folders";

/** The layers that hold one folder per feature, as the table's columns name them. */
export const LAYERS = ["lib/server", "lib/studio", "lib/client", "components"] as const;
const API = "lib/studio/api";

/**
 * Folders held to their own feature's files: the gallery's server folder once held the files of
 * eight features (comments, boards, share links, review...), so a file named after another
 * feature does not settle there again.
 */
export const HELD_TO_OWN = ["lib/server/gallery"];

export interface FeatureRow {
  feature: string;
  /** Per layer, the folder the row names (`comments/`), or null for none. */
  folders: Partial<Record<(typeof LAYERS)[number], string>>;
  apiFiles: string[];
}

export interface FeatureViolation {
  rule: string;
  path: string;
  detail: string;
}

/** The map's rows, from the first table under its heading; null when the file has no such table. */
export function readFeatureMap(markdown: string): FeatureRow[] | null {
  const start = markdown.indexOf(`\n${HEADING}\n`);
  if (start < 0) return null;
  const lines = markdown.slice(start + HEADING.length + 2).split("\n");
  const first = lines.findIndex((line) => line.startsWith("|"));
  if (first < 0) return null;
  const table: string[][] = [];
  for (const line of lines.slice(first)) {
    if (!line.startsWith("|")) break;
    table.push(
      line
        .split("|")
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  }
  const [header, , ...body] = table;
  if (!header) return null;
  const column = (name: string) => header.findIndex((cell) => cell.replaceAll("`", "") === name);
  const names = (cell: string | undefined) =>
    [...(cell ?? "").matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? "").filter(Boolean);
  return body.map((cells) => {
    const folders: FeatureRow["folders"] = {};
    for (const layer of LAYERS) {
      const [folder] = names(cells[column(layer)]);
      if (folder) folders[layer] = folder;
    }
    return {
      feature: (cells[0] ?? "").replaceAll("`", "").trim(),
      folders,
      apiFiles: names(cells[column(API)]),
    };
  });
}

function entries(baseDir: string, dir: string): fs.Dirent[] {
  const full = path.join(baseDir, dir);
  return fs.existsSync(full) ? fs.readdirSync(full, { withFileTypes: true }) : [];
}

/** The feature a file's name says it belongs to: `comment-insert.ts` to `comments`. */
export function featureNamedBy(file: string, features: readonly string[]): string | null {
  const name = file.replace(/(\.test)?\.[cm]?[jt]sx?$/, "");
  const named = features.filter((feature) =>
    [feature, feature.replace(/s$/, "")].some((word) => name === word || name.startsWith(`${word}-`)),
  );
  return named.sort((a, b) => b.length - a.length)[0] ?? null;
}

export function checkFeatures(options: { baseDir?: string } = {}): FeatureViolation[] {
  const baseDir = options.baseDir ?? ROOT;
  const mapPath = path.join(baseDir, MAP_FILE);
  if (!fs.existsSync(mapPath)) {
    // A fixture tree for the import rules alone carries no map; the studio's own tree must.
    return baseDir === ROOT ? [{ rule: "feature-map-missing", path: MAP_FILE, detail: "no map" }] : [];
  }
  const rows = readFeatureMap(fs.readFileSync(mapPath, "utf8"));
  if (!rows) return [{ rule: "feature-map-missing", path: MAP_FILE, detail: `no table under "${HEADING}"` }];
  const out: FeatureViolation[] = [];
  const features = rows.map((row) => row.feature);

  for (const layer of LAYERS) {
    const named = new Map<string, string>();
    for (const row of rows) {
      const folder = row.folders[layer];
      if (!folder) continue;
      const name = folder.replace(/\/$/, "");
      named.set(name, row.feature);
      if (name !== row.feature) {
        out.push({
          rule: "feature-folder-misnamed",
          path: `${layer}/${folder}`,
          detail: `the row "${row.feature}" names ${layer}/${folder}: a feature's folder takes the feature's name (${layer}/${row.feature}/)`,
        });
      }
      if (!fs.existsSync(path.join(baseDir, layer, name))) {
        out.push({
          rule: "feature-folder-missing",
          path: `${layer}/${name}/`,
          detail: `the row "${row.feature}" names ${layer}/${name}/, which is not there`,
        });
      }
    }
    for (const entry of entries(baseDir, layer)) {
      if (entry.isDirectory() && layer === "lib/studio" && entry.name === "api") continue;
      if (entry.isDirectory() && !named.has(entry.name)) {
        out.push({
          rule: "feature-folder-unnamed",
          path: `${layer}/${entry.name}/`,
          detail: `no row of ${MAP_FILE} names ${layer}/${entry.name}/: use the feature's one name, or add its row`,
        });
      }
    }
  }

  const listed = new Map<string, string[]>();
  for (const row of rows) {
    for (const file of row.apiFiles) listed.set(file, [...(listed.get(file) ?? []), row.feature]);
  }
  for (const [file, by] of listed) {
    if (!fs.existsSync(path.join(baseDir, API, file))) {
      out.push({ rule: "api-file-missing", path: `${API}/${file}`, detail: `the row "${by[0]}" names it` });
    }
  }
  for (const entry of entries(baseDir, API)) {
    if (!entry.isFile() || !/\.ts$/.test(entry.name) || /\.test\.ts$/.test(entry.name)) continue;
    const by = listed.get(entry.name) ?? [];
    if (by.length !== 1) {
      out.push({
        rule: "api-file-unnamed",
        path: `${API}/${entry.name}`,
        detail: by.length === 0 ? "no row names it" : `the rows ${by.join(", ")} all name it`,
      });
    }
  }

  const looseIn = [...LAYERS, ...HELD_TO_OWN];
  for (const dir of looseIn) {
    const own = LAYERS.includes(dir as (typeof LAYERS)[number]) ? null : path.posix.basename(dir);
    for (const entry of entries(baseDir, dir)) {
      if (!entry.isFile()) continue;
      const feature = featureNamedBy(entry.name, features);
      if (!feature || feature === own) continue;
      const layer = LAYERS.find((l) => dir === l || dir.startsWith(`${l}/`)) ?? dir;
      out.push({
        rule: "loose-file",
        path: `${dir}/${entry.name}`,
        detail: `named after the feature "${feature}": it belongs in ${layer}/${feature}/`,
      });
    }
  }
  return out;
}

export function describeFeatureViolation(v: FeatureViolation): string {
  return `${v.rule}: ${v.path} (${v.detail})`;
}

function main(): void {
  const dir = process.argv[2];
  const violations = checkFeatures(dir ? { baseDir: path.resolve(dir) } : {});
  for (const v of violations) console.error(`  ${describeFeatureViolation(v)}`);
  if (violations.length > 0) {
    console.error(`Feature check: ${violations.length} folders or files stray from ${MAP_FILE}.`);
    process.exitCode = 1;
  } else {
    console.info(`Feature check: every feature folder is named as ${MAP_FILE} maps it.`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) main();
