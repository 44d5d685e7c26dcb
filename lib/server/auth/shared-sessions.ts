import "server-only";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { logger } from "@/lib/platform/logger";
import type { OpenedDatabase } from "@/lib/server/db/database";
import type { AccountChange, AccountChanges } from "./account-changes";
import type { SessionCache } from "./session-cache";

export const SESSIONS_CHANNEL = "studio_sessions";

type Message = { from: string } & ({ kind: "account"; change: AccountChange } | { kind: "cacheCleared" });

export interface SharedSessions {
  /** Tells the other processes of a change made here (this one's listeners were told already). */
  announce(change: AccountChange): void;
  close(): Promise<void>;
}

/**
 * Session and role changes for every studio process on one database. A change made here is sent
 * on the `studio_sessions` channel; another process hearing it tells its own listeners (its session
 * cache forgets, its relay closes the member's sockets), and a cleared session cache is cleared
 * everywhere. After its listening connection comes back, a process forgets its whole cache, as
 * it may have missed something meanwhile.
 */
export async function shareSessions(deps: {
  database: Pick<OpenedDatabase, "db" | "listen">;
  sessions: SessionCache;
  accountChanges: AccountChanges;
}): Promise<SharedSessions> {
  const { database, sessions, accountChanges } = deps;
  const me = randomUUID();
  const send = (message: Message) => {
    database.db
      .execute(sql`select pg_notify(${SESSIONS_CHANNEL}, ${JSON.stringify(message)})`)
      .catch((err: unknown) =>
        logger().error({ err }, "Could not tell the other studio processes of a session change"),
      );
  };
  const stop = await database.listen(
    SESSIONS_CHANNEL,
    (payload) => {
      let message: Message;
      try {
        message = JSON.parse(payload) as Message;
      } catch {
        return;
      }
      if (message.from === me) return;
      if (message.kind === "account") accountChanges.emit(message.change);
      else if (message.kind === "cacheCleared") sessions.forget();
    },
    () => sessions.forget(),
  );
  sessions.onClear = () => send({ from: me, kind: "cacheCleared" });
  return {
    announce: (change) => send({ from: me, kind: "account", change }),
    async close() {
      sessions.onClear = null;
      await stop();
    },
  };
}
