import "server-only";
import type { SessionUser } from "./caller";

/**
 * Who a session cookie belongs to, remembered for a few seconds: a page load makes several API
 * calls, and each would otherwise read the session and its user from the database. Anything that
 * ends sessions or changes a role clears it; `onClear` tells the other studio processes sharing
 * the database (./shared-sessions.ts), which `forget` theirs, so the change is immediate in all.
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

  /** Called by `clear` (not by `forget`): the runtime tells the other processes. */
  onClear: (() => void) | null = null;

  /** Forgets every session here and in the other processes. */
  clear(): void {
    this.entries.clear();
    this.onClear?.();
  }

  /** Forgets every session in this process only (told by another, or by an account change). */
  forget(): void {
    this.entries.clear();
  }
}
