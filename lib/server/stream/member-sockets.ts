import "server-only";
import type { IncomingMessage } from "node:http";
import type { AccountChangeListener } from "@/lib/server/auth/account-changes";
import { type Gate, sessionOf } from "@/lib/server/auth/guard";
import type { Team } from "@/lib/server/auth/team";
import type { Relay, RelayOptions, StreamMember } from "./relay";

/**
 * How the relay learns whose a socket is and whether its session still stands. A session is read
 * afresh for each socket (no cache: a socket lives as long as its session), but upgrades with the
 * same cookie that arrive while it is being read share that one reading: a script opening a
 * thousand sockets at once costs one session lookup, not a thousand queued before everyone's
 * requests (the sockets past the cap are then closed, lib/server/stream/stream-sockets.ts).
 */
export function streamMembers(runtime: {
  gate: Gate;
  team: Pick<Team, "sessionStanding">;
}): Pick<RelayOptions, "authenticate" | "recheck"> {
  const reading = new Map<string, Promise<StreamMember | null>>();
  const read = async (req: IncomingMessage): Promise<StreamMember | null> => {
    const found = await sessionOf(runtime.gate, headersOf(req));
    return found ? { userId: found.user.id, sessionId: found.sessionId, role: found.user.role } : null;
  };
  return {
    authenticate(req) {
      const cookie = req.headers.cookie;
      if (!cookie) return Promise.resolve(null);
      let found = reading.get(cookie);
      if (!found) {
        found = read(req).finally(() => reading.delete(cookie));
        reading.set(cookie, found);
      }
      return found;
    },
    recheck: (sessionId) => runtime.team.sessionStanding(sessionId),
  };
}

/** Closes a member's sockets as their sessions end or their role changes. */
export function closeSocketsOnAccountChange(relay: Pick<Relay, "disconnect">): AccountChangeListener {
  return (change) => {
    if (change.kind === "sessionsEnded") {
      relay.disconnect(
        change.sessionId === undefined
          ? { userId: change.userId }
          : { userId: change.userId, sessionId: change.sessionId },
        change.renewed ? "sessionRenewed" : "sessionEnded",
      );
    } else {
      relay.disconnect({ userId: change.userId }, "roleChanged");
    }
  };
}

function headersOf(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
  }
  return headers;
}
