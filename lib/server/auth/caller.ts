import "server-only";
import type { SessionUser } from "./guard";

/** Who is calling: a member by session, a member's token, or nobody (a public endpoint); see lib/server/api/route.ts. */
export interface Caller {
  user: SessionUser;
  /** Set when the request carried a personal access token rather than a session. */
  tokenId: string | null;
}

/** The token verifier `route` (lib/server/api/route.ts) and `requireUser` ask for a Bearer token (lib/server/auth/access-tokens.ts). */
export interface TokenGate {
  verify(request: Request, token: string): Promise<Caller>;
}
