import "server-only";
import type { WebSocket } from "ws";
import { logger } from "@/lib/platform/logger";
import { openedWithToken, type StreamSockets } from "./stream-sockets";

export interface Rechecker {
  /** Asks every open socket's session once; a check already under way is shared, not repeated. */
  now(): Promise<void>;
  stop(): void;
}

/**
 * Asks each open socket's session of the database every `everyMs`, and ends the sockets of a
 * session that ended (or a token revoked) with `sessionEnded`/`tokenRevoked`, and of a role
 * changed with `roleChanged`. Without `recheck`, nothing is asked.
 */
export function startRechecks(
  members: StreamSockets<WebSocket>,
  recheck: ((sessionId: string) => Promise<{ role: string } | null>) | undefined,
  end: (ws: WebSocket, reason: "sessionEnded" | "tokenRevoked" | "roleChanged") => void,
  everyMs: number,
): Rechecker {
  let rechecking: Promise<void> | null = null;
  let recheckFailed = false;
  async function recheckAll(): Promise<void> {
    if (!recheck) return;
    for (const [sessionId, sockets] of members.sessions()) {
      let standing: { role: string } | null;
      try {
        standing = await recheck(sessionId);
      } catch (err) {
        // The database is away: the sockets stay until a check can tell (the next one will).
        if (!recheckFailed) logger().error({ err }, "The relay could not recheck sessions");
        recheckFailed = true;
        return;
      }
      recheckFailed = false;
      for (const ws of sockets) {
        const member = members.get(ws);
        if (!member) continue;
        if (standing === null) end(ws, openedWithToken(member) ? "tokenRevoked" : "sessionEnded");
        else if (standing.role !== member.role) end(ws, "roleChanged");
      }
    }
  }
  function now(): Promise<void> {
    rechecking ??= recheckAll().finally(() => {
      rechecking = null;
    });
    return rechecking;
  }
  const timer = setInterval(() => void now(), everyMs);
  timer.unref();
  return { now, stop: () => clearInterval(timer) };
}
