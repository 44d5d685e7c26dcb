import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT, serverScriptArgs } from "../../script-test-kit";
import { openPgliteDatabase } from "../database";
import { emptyPgliteDump, queryRows } from "../test-databases";
import { socketFolderOf } from "./database-thread";
import {
  dumpEmptyDatabase,
  emptyDatabaseDump,
  hasDatabase,
  makeDatabase,
  pgliteVersion,
} from "./new-database";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "studio-new-db-"));

/**
 * A studio's first start in a process of its own, on `dir` from `dump`, killed with SIGKILL
 * `afterMs` after `moment` is seen (or once it has opened, if sooner). Answers whether it had
 * opened the database before the kill.
 */
async function killedFirstStart(
  dir: string,
  dump: string,
  moment: () => boolean,
  afterMs: number,
): Promise<boolean> {
  const script = `const { openPgliteDatabase } = await import(${JSON.stringify(path.join(REPO_ROOT, "lib/server/db/database.ts"))});
await openPgliteDatabase(${JSON.stringify(dir)}, { emptyDump: ${JSON.stringify(dump)} });
console.log("opened");
setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, serverScriptArgs(script), {
    cwd: REPO_ROOT,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr.on("data", (c: Buffer) => (output += c.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  try {
    const deadline = Date.now() + 90_000;
    while (!moment() && !output.includes("opened")) {
      if (child.exitCode !== null) throw new Error(`the first start ended by itself: ${output}`);
      if (Date.now() > deadline) throw new Error(`the first start made nothing in 90 s: ${output}`);
      await new Promise((r) => setTimeout(r, 5));
    }
    await new Promise((r) => setTimeout(r, afterMs));
    return output.includes("opened");
  } finally {
    child.kill("SIGKILL");
    await exited;
  }
}
let dump = "";

// An empty database dumped as `npm run build` dumps it, shared with the other tests' databases.
beforeAll(async () => {
  dump = await emptyPgliteDump();
}, 120_000);
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe("a new embedded database", () => {
  it("starts from the dumped empty database, in place whole, and keeps what is written to it", async () => {
    const dir = path.join(root, "first", "db");
    const opened = await openPgliteDatabase(dir, { emptyDump: dump });
    try {
      await opened.db.execute(
        sql`insert into "user" (id, name, email) values ('u1', 'Kept', 'kept@example.com')`,
      );
    } finally {
      await opened.close();
    }
    expect(hasDatabase(dir)).toBe(true);
    // Made beside the folder and renamed into it: nothing of the making is left.
    expect(fs.readdirSync(path.dirname(dir)).sort()).toEqual(["db", "db.socket"]);
    expect(fs.existsSync(socketFolderOf(`${dir}.new`))).toBe(false);

    const again = await openPgliteDatabase(dir, { emptyDump: null });
    try {
      expect(await queryRows(again, sql`select name from "user"`)).toEqual([{ name: "Kept" }]);
    } finally {
      await again.close();
    }
  }, 120_000);

  it("is made again over a half-made one a stopped start left beside the folder", async () => {
    const dir = path.join(root, "stopped", "db");
    fs.mkdirSync(`${dir}.new`, { recursive: true });
    fs.writeFileSync(path.join(`${dir}.new`, "PG_VERSION"), "17\n");
    await makeDatabase(dir, { settings: [], maxConnections: 2 }, dump);
    expect(hasDatabase(dir)).toBe(true);
    expect(fs.readdirSync(dir)).toContain("base");
    expect(fs.existsSync(`${dir}.new`)).toBe(false);
  }, 120_000);

  it("is whole after a first start killed while it makes the database, or once it is in place", async () => {
    const moments = [
      // As the making folder appears: the dump is being loaded into it (it takes a second or more).
      { making: true, afterMs: 0 },
      // Once the made database is in the data folder's place (the migrations run).
      { making: false, afterMs: 0 },
    ];
    for (const [i, { making, afterMs }] of moments.entries()) {
      const dir = path.join(root, `killed-${i}`, "db");
      // The making folder, or the data folder itself for a start that would make it in place.
      const seen = making
        ? () => fs.existsSync(`${dir}.new`) || fs.existsSync(dir)
        : () => fs.existsSync(dir) && !fs.existsSync(`${dir}.new`);
      const opened = await killedFirstStart(dir, dump, seen, afterMs);
      // Nothing half made is in the data folder's place: there is either no database or a whole one.
      if (!opened && fs.existsSync(dir)) expect(hasDatabase(dir)).toBe(true);
      const again = await openPgliteDatabase(dir, { emptyDump: dump });
      try {
        await again.db.execute(
          sql`insert into "user" (id, name, email) values ('u1', 'After', 'after@example.com')`,
        );
        expect(await queryRows(again, sql`select name from "user"`)).toEqual([{ name: "After" }]);
      } finally {
        await again.close();
      }
      expect(fs.existsSync(`${dir}.new`)).toBe(false);
    }
  }, 300_000);

  it("takes a build's dump only when the PGlite installed made it, and loads the one the build writes", async () => {
    const build = path.join(root, "checkout");
    expect(emptyDatabaseDump(build)).toBeUndefined();
    fs.mkdirSync(path.join(build, ".build"), { recursive: true });
    fs.writeFileSync(path.join(build, ".build", "embedded-empty-0.0.1.tar.gz"), "another version's");
    expect(emptyDatabaseDump(build)).toBeUndefined();
    // What `npm run build` runs: the file it writes is the one a first start finds, whole.
    const written = await dumpEmptyDatabase(build);
    expect(written).toBe(path.join(build, ".build", `embedded-empty-${pgliteVersion()}.tar.gz`));
    expect(emptyDatabaseDump(build)).toBe(written);
    expect(fs.readdirSync(path.join(build, ".build")).sort()).toEqual([
      "embedded-empty-0.0.1.tar.gz",
      path.basename(written),
    ]);
    const dir = path.join(root, "built", "db");
    await makeDatabase(dir, { settings: [], maxConnections: 2 }, emptyDatabaseDump(build));
    expect(hasDatabase(dir)).toBe(true);
  }, 120_000);
});
