import { bigint, index, integer, pgTable, varchar } from "drizzle-orm/pg-core";

/**
 * The studio's request budgets, shared by every studio on the database: one row per limited key
 * and window, as rate-limiter-flexible's PostgreSQL store reads and writes it (its columns, in its
 * order: the store inserts positionally). Keys are keyed hashes (lib/server/rate-limits), so no
 * address, email or token is kept here.
 *
 * No `server-only` here (see ./studio.ts).
 */
export const rateLimiter = pgTable(
  "rate_limiter",
  {
    key: varchar("key", { length: 255 }).primaryKey(),
    points: integer("points").notNull().default(0),
    /** Epoch milliseconds when the window ends. */
    expire: bigint("expire", { mode: "number" }),
  },
  (t) => [index("rate_limiter_expire_idx").on(t.expire)],
);
