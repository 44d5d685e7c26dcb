import "server-only";
import type { RateLimits } from "@/lib/server/rate-limits";

export type SignInRefusal = { over: "account" | "address"; retryAfterSeconds: number };

/**
 * Sign-in attempts per account and per client address (budgets in lib/server/rate-limits/budgets.ts),
 * counted in the database, so the limit holds across restarts and across studios sharing it.
 */
export class SignInLimit {
  constructor(private readonly limits: RateLimits) {}

  /**
   * Counts one sign-in attempt, or refuses it. The address is checked first, so attempts already
   * refused for their address do not use up the account's budget (that would let one place lock
   * an account out for longer).
   */
  async take(email: string, address: string): Promise<SignInRefusal | null> {
    const byAddress = await this.limits.take("signInAddress", address);
    if (byAddress) return { over: "address", retryAfterSeconds: byAddress };
    const byAccount = await this.limits.take("signInAccount", accountKey(email));
    if (byAccount) return { over: "account", retryAfterSeconds: byAccount };
    return null;
  }

  /** After a right password, earlier typos no longer count against the account. */
  async succeeded(email: string): Promise<void> {
    await this.limits.forget("signInAccount", accountKey(email));
  }
}

const accountKey = (email: string) => email.trim().toLowerCase();
