import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openPgliteDatabase } from "@/lib/server/db/database";
import { comment, mention } from "@/lib/server/db/schema";
import { inboxPage } from "./inbox";
import { notifyFixture } from "./notify-fixture";

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
    const dataDir = tempDir();
    const old = await openPgliteDatabase(dataDir, { migrationsFolder: migrationsBefore(tempDir()) });
    const f = await notifyFixture(old);
    const item = await f.newItem();
    const [said, seen] = await old.db
      .insert(comment)
      .values([
        { itemId: item.id, authorId: f.people.reviewer.id, body: "@Ed new to you" },
        { itemId: item.id, authorId: f.people.owner.id, body: "@Ed seen already" },
      ])
      .returning();
    if (!said || !seen) throw new Error("comments not stored");
    await old.db.insert(mention).values([
      { commentId: said.id, userId: f.people.editor.id, itemId: item.id },
      { commentId: seen.id, userId: f.people.editor.id, itemId: item.id, readAt: sql`now()` },
    ]);
    await old.close();

    const migrated = await openPgliteDatabase(dataDir, { migrationsFolder: MIGRATIONS });
    try {
      const page = await inboxPage(migrated.db, f.people.editor.id);
      expect(page.unread).toBe(1);
      expect(
        page.entries
          .map((e) => [e.kind, e.commentId, e.actorName, e.read])
          .sort((a, b) => String(a[1]).localeCompare(String(b[1]))),
      ).toEqual(
        [
          ["mention", said.id, "Rita", false],
          ["mention", seen.id, "Olga Owner", true],
        ].sort((a, b) => String(a[1]).localeCompare(String(b[1]))),
      );
    } finally {
      await migrated.close();
    }
  }, 120_000);
});
