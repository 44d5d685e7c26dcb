import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Writes a file the scripts generate for the browser (`text`), laid out as Biome lays it, and says so. */
export function writeGenerated(file: string, text: string): void {
  writeFileSync(file, text);
  execFileSync(path.join(ROOT, "node_modules", ".bin", "biome"), ["format", "--write", file], {
    stdio: "inherit",
  });
  console.info(`Wrote ${path.relative(ROOT, file)}`);
}
