import "server-only";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { type DatabaseThreadOptions, socketFolderOf, startDatabaseThread } from "./database-thread";

/**
 * A new embedded database in a data folder. `npm run build` dumps an empty database of the PGlite
 * it builds with (`.build/embedded-empty-<version>.tar.gz`, dumpEmptyDatabase below); a first
 * start loads that dump rather than running initdb, which costs a fresh studio some seconds of CPU
 * and grows its database thread's WASM memory to about 700 MB. Without a dump for the PGlite
 * installed (a build of another version, `npm run dev` before any build) it runs initdb.
 *
 * Either way the database is made in a folder beside the data folder, by a thread of its own that
 * ends before the studio's starts (its memory with it), and renamed into place: a start stopped
 * half way leaves no half-made database to be taken for a whole one.
 */

/** The installed PGlite's version, which names the dump made for it. */
export function pgliteVersion(): string {
  // The package's main file is in its `dist/`; its exports hide package.json.
  const main = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  const manifest = JSON.parse(fs.readFileSync(path.join(path.dirname(main), "..", "package.json"), "utf8"));
  return String(manifest.version);
}

/** Where the empty database made by the PGlite installed is dumped under a checkout's `root`. */
export function emptyDumpFile(root = process.cwd()): string {
  return path.join(root, ".build", `embedded-empty-${pgliteVersion()}.tar.gz`);
}

/** The empty database `npm run build` dumped under `root`, if it was made by the PGlite installed. */
export function emptyDatabaseDump(root = process.cwd()): string | undefined {
  const file = emptyDumpFile(root);
  return fs.existsSync(file) ? file : undefined;
}

/**
 * Dumps an empty database of the PGlite installed where `emptyDatabaseDump` looks for it (what
 * `npm run build` runs, scripts/dump-empty-database.ts). PGlite is loaded here only: a studio's
 * main thread never loads it.
 */
export async function dumpEmptyDatabase(root = process.cwd()): Promise<string> {
  const { PGlite } = await import("@electric-sql/pglite");
  const file = emptyDumpFile(root);
  const empty = await PGlite.create();
  try {
    const dump = await empty.dumpDataDir("gzip");
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // Written beside and renamed, so a build stopped half way leaves no half a dump to be loaded.
    const partial = `${file}.${process.pid}.partial`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
  } finally {
    await empty.close();
  }
  return file;
}

/** Whether `dataDir` holds a database already. */
export function hasDatabase(dataDir: string): boolean {
  return fs.existsSync(path.join(dataDir, "PG_VERSION"));
}

/**
 * Makes a database in `dataDir`, which must hold none: from `dump` when given, else by initdb.
 * A data folder that exists with files in it (but no database) is left alone, and made in as
 * initdb would, so nothing of a person's is moved or removed.
 */
export async function makeDatabase(
  dataDir: string,
  options: DatabaseThreadOptions,
  dump: string | undefined,
): Promise<void> {
  const occupied = fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0;
  if (occupied) {
    await (await startDatabaseThread(dataDir, options)).close();
    return;
  }
  const making = `${dataDir}.new`;
  fs.rmSync(making, { recursive: true, force: true });
  try {
    await (await startDatabaseThread(making, { ...options, ...(dump ? { loadDataDir: dump } : {}) })).close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.renameSync(making, dataDir);
  } finally {
    fs.rmSync(making, { recursive: true, force: true });
    fs.rmSync(socketFolderOf(making), { recursive: true, force: true });
  }
}
