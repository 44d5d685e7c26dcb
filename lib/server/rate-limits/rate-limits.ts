import "server-only";
import { createHmac } from "node:crypto";
import { getTableName } from "drizzle-orm";
import type pg from "pg";
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
} from "rate-limiter-flexible";
import type { StudioDatabase } from "@/lib/server/db/database";
import { rateLimiter } from "@/lib/server/db/schema/rate-limits";
import { type Budget, type LimitName, RATE_LIMITS } from "./budgets";

/**
 * Every request budget of the studio, counted in the database (rate-limiter-flexible's PostgreSQL
 * store on the studio's own pool), so studios sharing a PostgreSQL server share each budget: two
 * studios behind one proxy allow what one does, not twice that. The embedded database is reached
 * through the same pool and counts the same way. Each count is one upsert, atomic in the
 * database, so requests at once cannot both read the old count.
 *
 * Keys are HMACs under the studio's secret: the table holds no address, email or token.
 */
export class RateLimits {
  private readonly limiters: Record<LimitName, RateLimiterAbstract>;

  constructor(
    make: (name: LimitName, budget: Budget, sweeps: boolean) => RateLimiterAbstract,
    private readonly secret: string,
    budgets: Record<LimitName, Budget> = RATE_LIMITS,
  ) {
    const names = Object.keys(budgets) as LimitName[];
    // The store's sweep deletes every expired row of the table: one limiter runs it.
    this.limiters = Object.fromEntries(
      names.map((name, i) => [name, make(name, budgets[name], i === 0)]),
    ) as Record<LimitName, RateLimiterAbstract>;
  }

  /** Counts one against `name`'s budget for `key`: 0 when granted, else the seconds to wait. */
  async take(name: LimitName, key: string): Promise<number> {
    try {
      await this.limiters[name].consume(this.keyed(key));
      return 0;
    } catch (refused) {
      if (refused instanceof RateLimiterRes) return Math.max(1, Math.ceil(refused.msBeforeNext / 1000));
      throw refused;
    }
  }

  /** Starts `key`'s count for `name` over (a right password clears the account's typos). */
  async forget(name: LimitName, key: string): Promise<void> {
    await this.limiters[name].delete(this.keyed(key));
  }

  /** A keyed hash of a value the studio must tell apart without keeping it (an address). */
  keyed(value: string): string {
    return createHmac("sha256", this.secret).update(value).digest("base64url");
  }
}

/** The budgets counted in the studio's database (the pool drizzle runs on). */
export function databaseRateLimits(
  db: StudioDatabase,
  secret: string,
  budgets: Record<LimitName, Budget> = RATE_LIMITS,
): RateLimits {
  const pool = poolOf(db);
  return new RateLimits(
    (name, budget, sweeps) =>
      new RateLimiterPostgres({
        storeClient: pool,
        storeType: "pool",
        tableName: rateLimiterTable,
        // The table is the studio's own, made by its migrations (lib/server/db/schema/rate-limits.ts).
        tableCreated: true,
        clearExpiredByTimeout: sweeps,
        keyPrefix: name,
        points: budget.points,
        duration: budget.seconds,
      }),
    secret,
    budgets,
  );
}

/** Budgets in this process's memory: for tests of what a limit refuses, not of sharing it. */
export function memoryRateLimits(
  secret: string,
  budgets: Record<LimitName, Budget> = RATE_LIMITS,
): RateLimits {
  return new RateLimits(
    (name, budget) =>
      new RateLimiterMemory({ keyPrefix: name, points: budget.points, duration: budget.seconds }),
    secret,
    budgets,
  );
}

const rateLimiterTable = getTableName(rateLimiter);

/** The node-postgres pool under the studio's drizzle database (both backends are reached by one). */
function poolOf(db: StudioDatabase): pg.Pool {
  const pool = (db as unknown as { $client?: pg.Pool }).$client;
  if (!pool || typeof pool.query !== "function") throw new Error("the studio's database has no pool");
  return pool;
}
