import "server-only";
import type { SessionUser } from "./guard";

/**
 * Who a session cookie belongs to, remembered for a few seconds: a page load makes several API
 * calls, and each would otherwise read the session and its user from the database. Anything that
 * ends sessions or changes a role clears it, so in this process the change is immediate; other
 * studio processes sharing a PostgreSQL server see it within `ttlMs`.
 */
export class SessionCache {
  private readonly entries = new Map<string, { user: SessionUser | null; at: number }>();

  constructor(
    private readonly ttlMs = 5_000,
    private readonly maxEntries = 1_000,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): SessionUser | null | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (this.now() - hit.at > this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return hit.user;
  }

  set(key: string, user: SessionUser | null): void {
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { user, at: this.now() });
  }

  clear(): void {
    this.entries.clear();
  }
}
