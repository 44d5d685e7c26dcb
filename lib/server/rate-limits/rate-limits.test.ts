import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  backendTitle,
  type InstancePair,
  openInstancePair,
  queryRows,
  testBackends,
} from "@/lib/server/db/test-databases";
import { RATE_LIMITS } from "./budgets";
import { databaseRateLimits } from "./rate-limits";

const SECRET = "a-test-secret-of-some-length-0123456789";
const budgets = { ...RATE_LIMITS, uploads: { points: 5, seconds: 60 } };

for (const backend of testBackends) {
  describe.skipIf(backend.skip !== undefined)(backendTitle(backend, "rate limits shared by studios"), () => {
    let pair: InstancePair;
    beforeAll(async () => {
      pair = await openInstancePair(backend);
    }, 60_000);
    afterAll(async () => {
      await pair?.dispose();
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it("gives two studios on one database one budget between them, requests at once", async () => {
      const a = databaseRateLimits(pair.a.db, SECRET, budgets);
      const b = databaseRateLimits(pair.b.db, SECRET, budgets);
      const waits = await Promise.all(
        Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? a : b).take("uploads", "member-1")),
      );
      expect(waits.filter((w) => w === 0)).toHaveLength(5);
      for (const w of waits.filter((w) => w > 0)) expect(w).toBeGreaterThanOrEqual(59);
      // Another key has its own budget.
      expect(await b.take("uploads", "member-2")).toBe(0);
    });

    it("starts a key over when its window ends, or when it is forgotten", async () => {
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(new Date("2026-11-28T10:00:00Z"));
      const a = databaseRateLimits(pair.a.db, SECRET, budgets);
      const b = databaseRateLimits(pair.b.db, SECRET, budgets);
      for (let i = 0; i < 5; i++) expect(await a.take("uploads", "member-3")).toBe(0);
      vi.setSystemTime(new Date("2026-11-28T10:00:45Z"));
      expect(await b.take("uploads", "member-3")).toBe(15);
      vi.setSystemTime(new Date("2026-11-28T10:01:01Z"));
      expect(await b.take("uploads", "member-3")).toBe(0);
      for (let i = 0; i < 4; i++) await a.take("uploads", "member-3");
      expect(await a.take("uploads", "member-3")).toBeGreaterThan(0);
      await b.forget("uploads", "member-3");
      expect(await a.take("uploads", "member-3")).toBe(0);
    });

    it("keeps keyed hashes only: no address is readable in the table", async () => {
      const a = databaseRateLimits(pair.a.db, SECRET, budgets);
      await a.take("guestPicksByAddress", "198.51.100.77");
      const rows = await queryRows<{ key: string }>(pair.a, sql`select key from rate_limiter`);
      expect(rows.length).toBeGreaterThan(0);
      expect(JSON.stringify(rows)).not.toContain("198.51.100.77");
      expect(rows.map((r) => r.key)).toContain(`guestPicksByAddress:${a.keyed("198.51.100.77")}`);
    });
  });
}
