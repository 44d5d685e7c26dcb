import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull, like } from "drizzle-orm";
import type { StudioDatabase as StudioDb } from "@/lib/server/db/database";
import { session, user, verification } from "@/lib/server/db/schema/auth";
import { studioErrors } from "@/lib/studio/api/errors";
import { can, type Role } from "@/lib/studio/roles";
import type { StudioAuth } from "./create-auth";

/** A reset link is good for a day: long enough to reach the member, short enough to go stale. */
export const RESET_TTL_MS = 24 * 60 * 60 * 1000;

const PREFIX = "password-reset:";
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * Reset links for members who forgot their password (the studio has no mail server: an owner
 * makes the link and passes it on). A link works once and for a day; only the SHA-256 of its
 * token is stored, in better-auth's `verification` table, with the member's id. Using it sets the
 * new password, ends every session of the member and signs them in here.
 */
export class PasswordResets {
  constructor(
    private readonly db: StudioDb,
    private readonly auth: StudioAuth,
    private readonly now: () => number = Date.now,
    /** Called after a member's sessions end (the session cache forgets, their sockets close). */
    private readonly onSessionsEnded: (userId: string) => void = () => undefined,
  ) {}

  /**
   * A new link for a member, made by an owner; it replaces the member's earlier links. Throws the
   * studio's error for a caller who is not an owner (403) or a member who is not in the team (404).
   */
  async create(by: { role: Role }, memberId: string): Promise<{ token: string; expiresAt: Date }> {
    if (!can(by.role, "manage")) throw studioErrors.forbiddenRole("owner");
    if (!(await this.activeMember(memberId))) throw studioErrors.notFound("member", "id");
    await this.db
      .delete(verification)
      .where(and(like(verification.identifier, `${PREFIX}%`), eq(verification.value, memberId)));
    const token = randomBytes(24).toString("base64url");
    const expiresAt = new Date(this.now() + RESET_TTL_MS);
    await this.db.insert(verification).values({
      id: crypto.randomUUID(),
      identifier: PREFIX + hashToken(token),
      value: memberId,
      expiresAt,
    });
    return { token, expiresAt };
  }

  /** The member a usable link is for (its page greets them), or null. */
  async find(token: string): Promise<{ id: string; name: string; email: string } | null> {
    const [row] = await this.db
      .select({ value: verification.value, expiresAt: verification.expiresAt })
      .from(verification)
      .where(eq(verification.identifier, PREFIX + hashToken(token)));
    if (!row || row.expiresAt.getTime() <= this.now()) return null;
    return this.activeMember(row.value);
  }

  /**
   * Uses a link: the row is deleted in the same statement that reads it, so of two uses at once
   * only one finds it. Answers better-auth's sign-in response (with the session cookie); throws
   * `invalidResetLink` for a link that is unknown, used, expired or of a removed member.
   */
  async redeem(token: string, password: string, headers: Headers): Promise<Response> {
    const [row] = await this.db
      .delete(verification)
      .where(eq(verification.identifier, PREFIX + hashToken(token)))
      .returning({ value: verification.value, expiresAt: verification.expiresAt });
    const member = row && row.expiresAt.getTime() > this.now() ? await this.activeMember(row.value) : null;
    if (!member) throw studioErrors.invalidResetLink();
    const ctx = await this.auth.$context;
    await ctx.internalAdapter.updatePassword(member.id, await ctx.password.hash(password));
    await this.db.delete(session).where(eq(session.userId, member.id));
    this.onSessionsEnded(member.id);
    return this.auth.api.signInEmail({
      body: { email: member.email, password },
      headers,
      asResponse: true,
    });
  }

  private async activeMember(id: string) {
    const [row] = await this.db
      .select({ id: user.id, name: user.name, email: user.email })
      .from(user)
      .where(and(eq(user.id, id), isNull(user.deactivatedAt)));
    return row ?? null;
  }
}
