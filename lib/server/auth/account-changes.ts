import "server-only";
import { logger } from "@/lib/platform/logger";
import type { Role } from "@/lib/studio/roles";

/**
 * Something that changes what a member's open sessions may do: sessions ending (signing out, on
 * one device or every one, or being removed from the team) or a new role. The session cache
 * forgets, and the relay closes the member's sockets at once.
 */
export type AccountChange =
  /**
   * Every session of the user ended, or only `sessionId` when given. `renewed`: the browser that
   * held it was given a new session in the same answer (a password change that signs out the
   * other devices replaces this one's too), so its sockets reconnect rather than sign out.
   */
  | { kind: "sessionsEnded"; userId: string; sessionId?: string; renewed?: boolean }
  | { kind: "roleChanged"; userId: string; role: Role };

export type AccountChangeListener = (change: AccountChange) => void;

/** Tells every listener of each change; a listener that throws does not stop the others. */
export class AccountChanges {
  private readonly listeners = new Set<AccountChangeListener>();

  subscribe(listener: AccountChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(change: AccountChange): void {
    for (const listener of this.listeners) {
      try {
        listener(change);
      } catch (err) {
        logger().error({ err }, "An account change listener failed");
      }
    }
  }
}
