import "server-only";
import { studioErrors } from "@/lib/studio/api/errors";
import type { Role } from "@/lib/studio/roles";

/** A signed-in member, as the checks read them from a session or a token. */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: Role;
}

/** Who is calling: a member by session, a member's token, or nobody (a public endpoint); see lib/server/api/route.ts. */
export interface Caller {
  user: SessionUser;
  /** Set when the request carried a personal access token rather than a session. */
  tokenId: string | null;
}

/** The token verifier `route` (lib/server/api/route.ts) asks for a Bearer token (lib/server/auth/access-tokens.ts). */
export interface TokenGate {
  verify(request: Request, token: string): Promise<Caller>;
}

/** The token an `Authorization` header carries, null without one; a header of another shape is refused. */
export function bearerOf(request: Request): string | null {
  const header = request.headers.get("authorization");
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match?.[1]) throw studioErrors.invalidToken();
  return match[1];
}
