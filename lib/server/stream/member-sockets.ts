import "server-only";
import type { IncomingMessage } from "node:http";
import type { AccountChangeListener } from "@/lib/server/auth/account-changes";
import { bearerOf, type TokenGate } from "@/lib/server/auth/caller";
import { type Gate, sessionOf } from "@/lib/server/auth/guard";
import type { Team } from "@/lib/server/auth/team";
import { studioErrors } from "@/lib/studio/api/errors";
import { STREAM_PERMISSION } from "@/lib/studio/api/stream";
import { can, isRole, type Role, roleFor } from "@/lib/studio/roles";
import type { Relay, RelayOptions, StreamMember } from "./relay";
import { TOKEN_SESSION } from "./stream-sockets";

/** The access tokens as the stream reads them: verified once at the upgrade, then rechecked. */
export interface StreamTokens extends TokenGate {
  standing(tokenId: string): Promise<{ role: Role } | null>;
}

/**
 * How the relay learns whose a socket is and whether its session (or token) still stands. A
 * session is read afresh for each socket (no cache: a socket lives as long as its session), but
 * upgrades with the same cookie that arrive while it is being read share that one reading: a
 * script opening a thousand sockets at once costs one session lookup, not a thousand queued before
 * everyone's requests (the sockets past the cap are then closed, lib/server/stream/stream-sockets.ts).
 *
 * A script opens the stream with a personal access token in `Authorization: Bearer`, verified as
 * on an HTTP endpoint (its rate budgets included): the socket acts with the token's role. A
 * refusal is thrown as the API's error (401, 403, 429), which the relay answers the upgrade with.
 * The token itself is never logged nor kept.
 */
export function streamMembers(runtime: {
  gate: Gate;
  team: Pick<Team, "sessionStanding">;
  tokens?: StreamTokens;
}): Pick<RelayOptions, "authenticate" | "recheck"> {
  const reading = new Map<string, Promise<StreamMember | null>>();
  const read = async (req: IncomingMessage): Promise<StreamMember | null> => {
    const found = await sessionOf(runtime.gate, headersOf(req));
    return found
      ? permitted({ userId: found.user.id, sessionId: found.sessionId, role: found.user.role })
      : null;
  };
  const byToken = async (req: IncomingMessage, tokens: StreamTokens): Promise<StreamMember | null> => {
    const request = new Request(new URL(req.url ?? "/", "http://studio.invalid"), {
      headers: headersOf(req),
    });
    const secret = bearerOf(request);
    if (secret === null) return null;
    const caller = await tokens.verify(request, secret);
    if (caller.tokenId === null) return null;
    return permitted({
      userId: caller.user.id,
      sessionId: `${TOKEN_SESSION}${caller.tokenId}`,
      role: caller.user.role,
    });
  };
  return {
    authenticate(req) {
      if (req.headers.authorization !== undefined) {
        if (!runtime.tokens) return Promise.resolve(null);
        return byToken(req, runtime.tokens);
      }
      const cookie = req.headers.cookie;
      if (!cookie) return Promise.resolve(null);
      let found = reading.get(cookie);
      if (!found) {
        found = read(req).finally(() => reading.delete(cookie));
        reading.set(cookie, found);
      }
      return found;
    },
    async recheck(sessionId) {
      if (!sessionId.startsWith(TOKEN_SESSION)) return runtime.team.sessionStanding(sessionId);
      return (await runtime.tokens?.standing(sessionId.slice(TOKEN_SESSION.length))) ?? null;
    },
  };
}

/** The member, when their role may read the stream; refused (403) otherwise. */
function permitted(member: StreamMember): StreamMember {
  if (!isRole(member.role) || !can(member.role, STREAM_PERMISSION))
    throw studioErrors.forbiddenRole(roleFor(STREAM_PERMISSION));
  return member;
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
