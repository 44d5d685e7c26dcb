import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { parseStudioEnv } from "@/lib/server/config/env";
import { describePostgresUrl, openDatabase, openPgliteDatabase } from "./database";
import { getTask, recordTasks } from "./task-records";
import { createTempPostgresDatabase, createTestUser, queryRows, testBackends } from "./test-databases";

const JOURNAL = path.resolve("lib/server/db/migrations/meta/_journal.json");
const migrationCount = (): number =>
  (JSON.parse(fs.readFileSync(JOURNAL, "utf8")) as { entries: unknown[] }).entries.length;

describe("opening the database", () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-db-"));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("keeps the embedded database in DATA_DIR/db across restarts, migrating once", async () => {
    const env = parseStudioEnv({ DATA_DIR: tempDir() });
    const first = await openDatabase(env);
    expect(first.kind).toBe("pglite");
    const author = await createTestUser(first);
    const taskUUID = randomUUID();
    await recordTasks(first.db, author, [{ taskType: "imageInference", taskUUID, positivePrompt: "kept" }]);
    await first.close();
    expect(fs.existsSync(path.join(env.dataDir, "db", "PG_VERSION"))).toBe(true);

    const second = await openDatabase(env);
    try {
      expect((await getTask(second.db, taskUUID))?.params.positivePrompt).toBe("kept");
      const applied = await queryRows(second, sql`select id from drizzle.__drizzle_migrations`);
      expect(applied).toHaveLength(migrationCount());
    } finally {
      await second.close();
    }
  }, 60_000);

  it("says where the migrations were expected when they are missing", async () => {
    await expect(openPgliteDatabase(undefined, { migrationsFolder: tempDir() })).rejects.toThrow(
      /No database migrations in .*meta\/_journal\.json/,
    );
  });

  it("refuses a DATABASE_URL that is not PostgreSQL", async () => {
    const env = parseStudioEnv({ DATABASE_URL: "mysql://u:p@localhost/db" });
    await expect(openDatabase(env)).rejects.toThrow(/DATABASE_URL must start with postgres:\/\//);
    await expect(openDatabase(parseStudioEnv({ DATABASE_URL: "not a url" }))).rejects.toThrow(
      /not a valid URL/,
    );
  });

  it("names the server it could not reach, never the password", async () => {
    const env = parseStudioEnv({ DATABASE_URL: "postgres://studio:hunter2-secret@127.0.0.1:1/studio" });
    const err = await openDatabase(env).catch((e: unknown) => e);
    expect(String(err)).toMatch(/Could not connect to PostgreSQL at 127\.0\.0\.1:1\/studio/);
    expect(String(err)).not.toContain("hunter2");
    expect(describePostgresUrl("postgresql://u:secret@db.internal/studio")).toBe("db.internal:5432/studio");
  });
});

const postgres = testBackends.find((b) => b.name === "PostgreSQL");

describe.skipIf(postgres?.skip !== undefined)(
  `opening PostgreSQL${postgres?.skip === undefined ? "" : ` (skipped: ${postgres.skip})`}`,
  () => {
    it("uses DATABASE_URL, and studio processes starting together migrate once", async () => {
      const temp = await createTempPostgresDatabase();
      const env = parseStudioEnv({ DATABASE_URL: temp.url });
      try {
        const opened = await Promise.all([openDatabase(env), openDatabase(env), openDatabase(env)]);
        expect(opened.map((o) => o.kind)).toEqual(["postgres", "postgres", "postgres"]);
        const first = opened[0];
        if (first === undefined) throw new Error("unreachable");
        const applied = await queryRows(first, sql`select id from drizzle.__drizzle_migrations`);
        expect(applied).toHaveLength(migrationCount());
        await Promise.all(opened.map((o) => o.close()));
      } finally {
        await temp.drop();
      }
    }, 60_000);
  },
);
