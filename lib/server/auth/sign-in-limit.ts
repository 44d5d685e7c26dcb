import "server-only";
import { eq, sql } from "drizzle-orm";
import type { StudioDatabase as StudioDb } from "@/lib/server/db/database";
import { rateLimit } from "@/lib/server/db/schema/auth";

export interface Budget {
  /** Seconds. */
  window: number;
  max: number;
}

/**
 * Two budgets, each its own counter. Per account: a guesser spreading tries for one account over
 * many addresses still gets five a minute. Per address: a guesser trying many accounts from one
 * place is held too, yet a whole team behind one proxy (one address to the studio) has room for
 * everyone's sign-ins, and one person's typos only hold up their own account.
 */
export const SIGN_IN_BUDGETS = {
  account: { window: 60, max: 5 },
  address: { window: 60, max: 30 },
} as const satisfies Record<string, Budget>;

export type SignInRefusal = { over: "account" | "address"; retryAfterSeconds: number };

/** Counters live in better-auth's rate-limit table (the limit holds across restarts). */
export class SignInLimit {
  constructor(
    private readonly db: StudioDb,
    private readonly now: () => number = Date.now,
    private readonly budgets: Record<"account" | "address", Budget> = SIGN_IN_BUDGETS,
  ) {}

  /**
   * Counts one sign-in attempt, or refuses it. The address is checked first, so attempts already
   * refused for their address do not use up the account's budget (that would let one place lock
   * an account out for longer).
   */
  async take(email: string, address: string): Promise<SignInRefusal | null> {
    const byAddress = await this.count(`sign-in:address:${address}`, this.budgets.address);
    if (byAddress) return { over: "address", retryAfterSeconds: byAddress };
    const byAccount = await this.count(`sign-in:account:${email.trim().toLowerCase()}`, this.budgets.account);
    if (byAccount) return { over: "account", retryAfterSeconds: byAccount };
    return null;
  }

  /** After a right password, earlier typos no longer count against the account. */
  async succeeded(email: string): Promise<void> {
    await this.db.delete(rateLimit).where(eq(rateLimit.key, `sign-in:account:${email.trim().toLowerCase()}`));
  }

  private count(key: string, budget: Budget): Promise<number> {
    return countInWindow(this.db, key, budget, this.now());
  }
}

/**
 * One more in this key's window (a fixed window, counted in better-auth's rate-limit table so it
 * holds across restarts and processes); answers seconds to wait when over, else 0. Other public
 * limits (guests' votes) count here too, under keys of their own.
 */
export async function countInWindow(db: StudioDb, key: string, budget: Budget, now: number): Promise<number> {
  const windowMs = budget.window * 1000;
  // One statement, so two attempts at once cannot both read the old count.
  const [row] = await db
    .insert(rateLimit)
    .values({ id: crypto.randomUUID(), key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        count: sql`case when ${rateLimit.lastRequest} <= ${now - windowMs} then 1 else ${rateLimit.count} + 1 end`,
        lastRequest: sql`case when ${rateLimit.lastRequest} <= ${now - windowMs} then ${now} else ${rateLimit.lastRequest} end`,
      },
    })
    .returning({ count: rateLimit.count, windowStart: rateLimit.lastRequest });
  if (!row || row.count <= budget.max) return 0;
  return Math.max(1, Math.ceil((row.windowStart + windowMs - now) / 1000));
}
