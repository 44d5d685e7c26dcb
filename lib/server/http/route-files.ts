import fs from "node:fs";
import path from "node:path";

/**
 * The Route Handler files under app/api as the tests that hold them to their declarations see
 * them: each file's folder as the reference's path and the HTTP methods it exports.
 */

const ROOT = path.resolve(import.meta.dirname, "..", "..", "..");
const API = path.join(ROOT, "app", "api");
export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/** `experiments/[id]` -> `/api/experiments/{id}`; a catch-all `[...key]` -> `{key}`. */
export function openApiPathOf(folder: string): string {
  const segments = folder
    .split("/")
    .filter((s) => s !== "" && s !== ".")
    .map((s) => s.replace(/^\[(?:\.\.\.)?([^\]]+)\]$/, "{$1}"));
  return ["/api", ...segments].join("/");
}

export interface RouteFile {
  /** `app/api/experiments/[id]/route.ts` */
  file: string;
  /** `experiments/[id]`: the folder under app/api. */
  folder: string;
  /** `/api/experiments/{id}` */
  path: string;
  methods: string[];
  source: string;
}

export function exportedMethods(source: string): string[] {
  return HTTP_METHODS.filter((m) =>
    new RegExp(`export\\s+(?:const|async\\s+function|function)\\s+${m}\\b|export\\s*\\{[^}]*\\b${m}\\b`).test(
      source,
    ),
  );
}

export function routeFiles(): RouteFile[] {
  return fs
    .readdirSync(API, { recursive: true })
    .map(String)
    .filter((f) => path.basename(f) === "route.ts")
    .sort()
    .map((f) => {
      const folder = path.dirname(f).split(path.sep).join("/");
      const source = fs.readFileSync(path.join(API, f), "utf8");
      return {
        file: `app/api/${f.split(path.sep).join("/")}`,
        folder,
        path: openApiPathOf(folder),
        methods: exportedMethods(source),
        source,
      };
    });
}
