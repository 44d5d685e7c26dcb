import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
