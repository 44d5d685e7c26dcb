import "server-only";
import path from "node:path";

/** The repository's root, where the studio's own scripts run from. */
export const REPO_ROOT = path.resolve(import.meta.dirname, "..", "..");

/**
 * Node's arguments to run `script` (an ES module's text) in a process of its own as the studio's
 * server code runs under tsx: TypeScript imported as it is, and `server-only` allowed. Tests that
 * need a real process (to kill it, to hold a lock, to see what a fresh one loads) spawn
 * `process.execPath` with these, from `REPO_ROOT`.
 */
export function serverScriptArgs(script: string): string[] {
  return [
    "--import",
    "./scripts/register-server-only.mjs",
    "--import",
    "tsx",
    "--input-type=module",
    "-e",
    script,
  ];
}
