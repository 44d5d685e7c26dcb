import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openPgliteDatabase } from "@/lib/server/db/database";
import { openEmptyTestPglite } from "@/lib/server/db/test-databases";
import { inboxPage } from "./inbox";

const MIGRATIONS = path.resolve("lib/server/db/migrations");
/** The migration's tag ("00NN_notifications"), found by its name so that renumbering keeps the test. */
const TAG = (() => {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, "meta", "_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  };
  const found = journal.entries.find((e) => e.tag.endsWith("_notifications"));
  if (!found) throw new Error("The notifications migration is missing from the journal.");
  return found.tag;
})();

/** The migrations as they were before notifications: the folder without this one. */
function migrationsBefore(dir: string): string {
  fs.cpSync(MIGRATIONS, dir, { recursive: true });
  fs.rmSync(path.join(dir, `${TAG}.sql`));
  const journalPath = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  journal.entries = journal.entries.filter((e) => e.tag < TAG);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

describe("the notifications migration", () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-notify-"));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("brings the mentions made before it into the inbox, read or not as they were", async () => {
    // The studio's database as it stood before, kept whole as a restart would find it: in memory
    // and dumped at close, which spares the seconds of a new data folder's initdb.
    const kept = path.join(tempDir(), "before.tar.gz");
    const old = await openEmptyTestPglite({
      migrate: true,
      migrationsFolder: migrationsBefore(tempDir()),
      dumpOnClose: kept,
    });
    // Rows written in SQL of the schema as it stood then: the studio's current tables may have
    // columns and tables that later migrations add.
    const run = (query: ReturnType<typeof sql>) => old.db.execute(query);
    const people = { owner: `u-${randomUUID()}`, editor: `u-${randomUUID()}`, reviewer: `u-${randomUUID()}` };
    for (const [id, name, role] of [
      [people.owner, "Olga Owner", "owner"],
      [people.editor, "Ed", "editor"],
      [people.reviewer, "Rita", "reviewer"],
    ] as const) {
      await run(
        sql`insert into "user" (id, name, email, role) values (${id}, ${name}, ${`${id}@example.com`}, ${role})`,
      );
    }
    const taskUUID = randomUUID();
    await run(
      sql`insert into task (task_uuid, task_type, author_id, params) values (${taskUUID}, 'imageInference', ${people.editor}, '{}'::jsonb)`,
    );
    const itemId = randomUUID();
    const mediaUUID = randomUUID();
    await run(sql`insert into item (id, task_uuid, author_id, media_uuid, kind, mime, width, height, seed, storage_key, bytes)
      values (${itemId}, ${taskUUID}, ${people.editor}, ${mediaUUID}, 'image', 'image/png', 64, 64, 1, ${`items/t/${mediaUUID}.png`}, 1)`);
    const said = randomUUID();
    const seen = randomUUID();
    await run(sql`insert into comment (id, item_id, author_id, body) values
      (${said}, ${itemId}, ${people.reviewer}, '@Ed new to you'),
      (${seen}, ${itemId}, ${people.owner}, '@Ed seen already')`);
    await run(sql`insert into mention (comment_id, user_id, item_id, read_at) values
      (${said}, ${people.editor}, ${itemId}, null),
      (${seen}, ${people.editor}, ${itemId}, now())`);
    await old.close();

    const migrated = await openPgliteDatabase(undefined, { migrationsFolder: MIGRATIONS, loadDataDir: kept });
    try {
      const page = await inboxPage(migrated.db, people.editor);
      expect(page.unread).toBe(1);
      expect(
        page.entries
          .map((e) => [e.kind, e.commentId, e.actorName, e.read])
          .sort((a, b) => String(a[1]).localeCompare(String(b[1]))),
      ).toEqual(
        [
          ["mention", said, "Rita", false],
          ["mention", seen, "Olga Owner", true],
        ].sort((a, b) => String(a[1]).localeCompare(String(b[1]))),
      );
    } finally {
      await migrated.close();
    }
  }, 120_000);
});
