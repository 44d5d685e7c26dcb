import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestUser, openTestPglite, pgliteThreadsStarted, queryRows } from "./test-databases";

const count = async (opened: Awaited<ReturnType<typeof openTestPglite>>, table: string) =>
  Number((await queryRows<{ n: string }>(opened, sql.raw(`select count(*) as n from "${table}"`)))[0]?.n);

describe("a test's embedded database, kept for the next test", () => {
  it("comes back empty, without a new thread, its append-only tables still guarded", async () => {
    const first = await openTestPglite();
    await createTestUser(first);
    await first.db.execute(sql`set statement_timeout = 12345`);
    expect(await count(first, "user")).toBe(1);
    await first.close();

    const before = pgliteThreadsStarted();
    const second = await openTestPglite();
    try {
      expect(pgliteThreadsStarted()).toBe(before);
      expect(await count(second, "user")).toBe(0);
      // What the test before set in the database's one session went with it.
      const [timeout] = await queryRows<{ statement_timeout: string }>(second, sql`show statement_timeout`);
      expect(timeout?.statement_timeout).toBe("0");
      const [role] = await queryRows<{ session_replication_role: string }>(
        second,
        sql`show session_replication_role`,
      );
      expect(role?.session_replication_role).toBe("origin");
      await expect(second.db.execute(sql`truncate review_event`)).rejects.toMatchObject({
        cause: { message: expect.stringMatching(/append-only/) },
      });
    } finally {
      await second.close();
    }
  });

  it("is not kept when the test changed more than rows", async () => {
    const first = await openTestPglite();
    await first.db.execute(sql`create table left_behind (id int)`);
    await first.close();

    const second = await openTestPglite();
    try {
      const tables = await queryRows<{ n: string }>(
        second,
        sql`select count(*) as n from pg_tables where tablename = 'left_behind'`,
      );
      expect(Number(tables[0]?.n)).toBe(0);
    } finally {
      await second.close();
    }
  });
});
