import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { and, count, desc, eq, gt, isNull, lte, or } from "drizzle-orm";
import type { StudioDatabase as StudioDb } from "@/lib/server/db/database";
import { accessToken } from "@/lib/server/db/schema/access-tokens";
import { user } from "@/lib/server/db/schema/auth";
import { CLIENT_IP_HEADER } from "@/lib/server/http/request-stamp";
import type { RateLimits } from "@/lib/server/rate-limits";
import { studioErrors } from "@/lib/studio/api/errors";
import {
  type AccessTokenView,
  type CreatedAccessToken,
  MAX_LIVE_TOKENS,
  type NewAccessToken,
  newAccessTokenSchema,
} from "@/lib/studio/api/tokens";
import { ROLES, type Role } from "@/lib/studio/roles";
import type { Caller, SessionUser, TokenGate } from "./caller";

export type { AccessTokenView, CreatedAccessToken };

/** `mst_` and 32 random bytes in base64url: a secret that says what it is when it leaks. */
export const TOKEN_PREFIX = "mst_";
const SECRET_RE = /^mst_[A-Za-z0-9_-]{43}$/;
/** How much of the secret the list shows: enough to tell tokens apart, far too little to guess. */
const VISIBLE_CHARS = TOKEN_PREFIX.length + 6;
const DAY_MS = 24 * 60 * 60 * 1000;

/** `lastUsedAt` is written at most this often per token. */
const LAST_USED_EVERY_MS = 60_000;

export const hashSecret = (secret: string) => createHash("sha256").update(secret).digest("hex");

/** Whichever of two roles is weaker (ROLES runs strongest first). */
export function weakerRole(a: Role, b: Role): Role {
  return ROLES.indexOf(a) >= ROLES.indexOf(b) ? a : b;
}

type Row = typeof accessToken.$inferSelect;

function viewOf(row: Row): AccessTokenView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/**
 * Members' personal access tokens: made, listed and revoked by their member, and checked on every
 * request that carries one (`verify`, the `TokenGate` of `route`).
 *
 * Requests per token, and failed tokens per address and per presented prefix, are counted in the
 * database (lib/server/rate-limits), so every studio on it holds a script to one budget.
 */
export class AccessTokens implements TokenGate {
  constructor(
    private readonly db: StudioDb,
    private readonly limits: RateLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /** Makes a token for the member; the secret is in the answer and nowhere else. */
  async create(member: SessionUser, input: NewAccessToken): Promise<CreatedAccessToken> {
    const { name, role, expiresInDays } = newAccessTokenSchema.parse(input);
    if (weakerRole(role, member.role) !== role) throw studioErrors.tokenRoleTooHigh(member.role);
    const at = new Date(this.now());
    const [live] = await this.db
      .select({ n: count() })
      .from(accessToken)
      .where(and(eq(accessToken.userId, member.id), this.live(at)));
    if ((live?.n ?? 0) >= MAX_LIVE_TOKENS) throw studioErrors.tooManyTokens(MAX_LIVE_TOKENS);
    const secret = `${TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
    const [row] = await this.db
      .insert(accessToken)
      .values({
        userId: member.id,
        name,
        secretHash: hashSecret(secret),
        prefix: secret.slice(0, VISIBLE_CHARS),
        role,
        createdAt: at,
        expiresAt: expiresInDays === null ? null : new Date(at.getTime() + expiresInDays * DAY_MS),
      })
      .returning();
    if (!row) throw new Error("the new access token was not saved");
    return { ...viewOf(row), secret };
  }

  /** The member's tokens that are not revoked (expired ones too, so the list can say so), newest first. */
  async list(userId: string): Promise<AccessTokenView[]> {
    const rows = await this.db
      .select()
      .from(accessToken)
      .where(and(eq(accessToken.userId, userId), isNull(accessToken.revokedAt)))
      .orderBy(desc(accessToken.createdAt), desc(accessToken.id));
    return rows.map(viewOf);
  }

  /** Revokes a token of the caller's own; an owner may revoke anyone's. */
  async revoke(caller: SessionUser, id: string): Promise<void> {
    const mine = caller.role === "owner" ? undefined : eq(accessToken.userId, caller.id);
    const done = await this.db
      .update(accessToken)
      .set({ revokedAt: new Date(this.now()) })
      .where(and(eq(accessToken.id, id), isNull(accessToken.revokedAt), mine))
      .returning({ id: accessToken.id });
    if (done.length === 0) throw studioErrors.tokenNotFound();
  }

  /**
   * The member a secret speaks for, acting with the lower of the token's role and the member's
   * role now (a demoted member's tokens lose power at once). Unknown, revoked or expired tokens and
   * removed members are 401, or 429 with the seconds to wait once their address or their prefix
   * has failed too often; too many requests with one valid token are 429 too.
   *
   * A valid token is looked up before any failure budget is read, and its requests count only
   * against its own budget: wrong tokens sent from the same address (one office behind one NAT)
   * or with the same visible prefix can never lock it out. Holding a right guess back would hide
   * nothing worth hiding: a secret is 32 random bytes.
   */
  async verify(request: Request, secret: string): Promise<Caller> {
    const at = new Date(this.now());
    const found = SECRET_RE.test(secret) ? await this.lookup(secret, at) : null;
    if (!found) throw await this.failed(request, secret);
    const { token, member } = found;
    const wait = await this.limits.take("tokenRequests", token.id);
    if (wait > 0) throw studioErrors.rateLimited(wait).retryAfter(wait);
    await this.touch(token, at);
    return {
      user: {
        id: member.id,
        name: member.name,
        email: member.email,
        role: weakerRole(token.role, member.role),
      },
      tokenId: token.id,
    };
  }

  /**
   * A verified token's standing now, for a socket opened with it (lib/server/stream): the role it
   * acts with, or null once it is revoked or expired or its member removed. Counts no budget.
   */
  async standing(tokenId: string): Promise<{ role: Role } | null> {
    const [row] = await this.db
      .select({ tokenRole: accessToken.role, memberRole: user.role })
      .from(accessToken)
      .innerJoin(user, eq(user.id, accessToken.userId))
      .where(and(eq(accessToken.id, tokenId), this.live(new Date(this.now())), isNull(user.deactivatedAt)));
    return row ? { role: weakerRole(row.tokenRole, row.memberRole as Role) } : null;
  }

  /**
   * A failed token's answer: 401, or 429 once its address or the prefix it shows has failed too
   * often this minute. The address is counted first, so failures already held for their address
   * do not use up a prefix's budget.
   */
  private async failed(request: Request, secret: string): Promise<Error> {
    const address = request.headers.get(CLIENT_IP_HEADER) ?? "unknown";
    const byAddress = await this.limits.take("tokenFailuresByAddress", address);
    if (byAddress > 0) return studioErrors.tokenAttemptsLimited(byAddress, "address").retryAfter(byAddress);
    const byPrefix = await this.limits.take("tokenFailuresByPrefix", secret.slice(0, VISIBLE_CHARS));
    if (byPrefix > 0) return studioErrors.tokenAttemptsLimited(byPrefix, "prefix").retryAfter(byPrefix);
    return studioErrors.invalidToken();
  }

  private live(at: Date) {
    return and(
      isNull(accessToken.revokedAt),
      or(isNull(accessToken.expiresAt), gt(accessToken.expiresAt, at)),
    );
  }

  private async lookup(secret: string, at: Date) {
    const [row] = await this.db
      .select({ token: accessToken, member: user })
      .from(accessToken)
      .innerJoin(user, eq(user.id, accessToken.userId))
      .where(and(eq(accessToken.secretHash, hashSecret(secret)), this.live(at), isNull(user.deactivatedAt)));
    return row ?? null;
  }

  /** Notes the use, at most once a minute per token, whichever process serves the requests. */
  private async touch(token: Row, at: Date): Promise<void> {
    const stale = new Date(at.getTime() - LAST_USED_EVERY_MS);
    if (token.lastUsedAt && token.lastUsedAt > stale) return;
    await this.db
      .update(accessToken)
      .set({ lastUsedAt: at })
      .where(
        and(
          eq(accessToken.id, token.id),
          or(isNull(accessToken.lastUsedAt), lte(accessToken.lastUsedAt, stale)),
        ),
      );
  }
}
