import "server-only";
import { createHash, createHmac } from "node:crypto";
import { and, asc, count, eq, gt, isNotNull, isNull } from "drizzle-orm";
import type { StudioDatabase as StudioDb } from "@/lib/server/db/database";
import { invitation, session, user } from "@/lib/server/db/schema/auth";
import { studioErrors } from "@/lib/studio/api/errors";
import { can, isRole, type Role } from "@/lib/studio/roles";
import type { AccountChange } from "./account-changes";
import type { StudioAuth } from "./create-auth";
import { withSignUpPermit } from "./permit";
import { withoutSessionTokens } from "./session-answer";

/** An invitation link is good for a week. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface NewAccount {
  name: string;
  email: string;
  password: string;
}

export interface Member {
  id: string;
  name: string;
  email: string;
  role: Role;
  createdAt: Date;
}

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * An invitation's token is derived from its id with the studio's secret (the one that signs
 * session cookies), so the owner can copy the link again at any time while the database holds
 * only its hash: a copy of the database alone opens no invitation.
 */
const invitationToken = (secret: string, id: string) =>
  createHmac("sha256", secret).update(`invitation:${id}`).digest("base64url");

/**
 * The team: the owner's first account, invitations with a role, members and their roles.
 * Account creation goes through better-auth (password hashing, session cookie) under a sign-up
 * permit; everything else is plain rows.
 */
export class Team {
  /** One set-up or invitation acceptance at a time: the "no owner yet" check and the insert race. */
  private creating: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: StudioDb,
    private readonly auth: StudioAuth,
    private readonly now: () => number = Date.now,
    /**
     * Told of anything that ends sessions or changes a role: the session cache forgets, and the
     * relay closes the member's sockets.
     */
    private readonly onAccountsChanged: (change: AccountChange) => void = () => undefined,
  ) {}

  async needsSetup(): Promise<boolean> {
    const [row] = await this.db.select({ n: count() }).from(user);
    return (row?.n ?? 0) === 0;
  }

  /** Creates the owner of a fresh studio; answers better-auth's response (with its session cookie). */
  setupOwner(account: NewAccount, headers: Headers): Promise<Response> {
    return this.serial(async () => {
      if (!(await this.needsSetup())) throw studioErrors.setupDone();
      return this.signUp(account, "owner", headers);
    });
  }

  async createInvitation(
    invitedBy: string,
    role: Role,
    email?: string,
  ): Promise<{ token: string; expiresAt: Date }> {
    const id = crypto.randomUUID();
    const token = invitationToken((await this.auth.$context).secret, id);
    const expiresAt = new Date(this.now() + INVITATION_TTL_MS);
    await this.db.insert(invitation).values({
      id,
      tokenHash: hashToken(token),
      role,
      email: email?.toLowerCase() ?? null,
      invitedBy,
      expiresAt,
    });
    return { token, expiresAt };
  }

  /** The open invitation a token names, or null (unknown, used, revoked or expired). */
  async findInvitation(token: string) {
    const [row] = await this.db
      .select()
      .from(invitation)
      .where(
        and(
          eq(invitation.tokenHash, hashToken(token)),
          isNull(invitation.acceptedAt),
          isNull(invitation.revokedAt),
          gt(invitation.expiresAt, new Date(this.now())),
        ),
      );
    return row ?? null;
  }

  acceptInvitation(token: string, account: NewAccount, headers: Headers): Promise<Response> {
    return this.serial(async () => {
      const invite = await this.findInvitation(token);
      if (!invite) throw studioErrors.invalidInvitation();
      if (invite.email && invite.email !== account.email.toLowerCase()) {
        throw studioErrors.invitationEmailMismatch();
      }
      const removed = await this.removedAccount(account.email);
      if (removed && !invite.email) throw studioErrors.removedMemberNeedsNamedInvite();
      const response = removed
        ? await this.rejoin(removed, account, invite.role, headers)
        : await this.signUp(account, invite.role, headers);
      if (response.ok) {
        const body = (await response.clone().json()) as { user?: { id?: string } };
        await this.db
          .update(invitation)
          .set({ acceptedAt: new Date(this.now()), acceptedBy: body.user?.id ?? null })
          .where(eq(invitation.id, invite.id));
      }
      return response;
    });
  }

  /** Every invitation, with the token of each still open one (its link can be copied again). */
  async listInvitations() {
    const rows = await this.db
      .select({
        id: invitation.id,
        tokenHash: invitation.tokenHash,
        role: invitation.role,
        email: invitation.email,
        createdAt: invitation.createdAt,
        expiresAt: invitation.expiresAt,
        acceptedAt: invitation.acceptedAt,
        revokedAt: invitation.revokedAt,
      })
      .from(invitation)
      .orderBy(asc(invitation.createdAt));
    const { secret } = await this.auth.$context;
    const now = this.now();
    return rows.map(({ tokenHash, ...row }) => {
      const open = !row.acceptedAt && !row.revokedAt && row.expiresAt.getTime() > now;
      const token = open ? invitationToken(secret, row.id) : null;
      // Links made before tokens were derived cannot be shown again: their token is not kept.
      return { ...row, token: token && hashToken(token) === tokenHash ? token : null };
    });
  }

  async revokeInvitation(id: string): Promise<boolean> {
    const rows = await this.db
      .update(invitation)
      .set({ revokedAt: new Date(this.now()) })
      .where(and(eq(invitation.id, id), isNull(invitation.acceptedAt), isNull(invitation.revokedAt)))
      .returning({ id: invitation.id });
    return rows.length > 0;
  }

  async listMembers(): Promise<Member[]> {
    return this.db
      .select({ id: user.id, name: user.name, email: user.email, role: user.role, createdAt: user.createdAt })
      .from(user)
      .where(isNull(user.deactivatedAt))
      .orderBy(asc(user.createdAt));
  }

  async member(id: string): Promise<Member | null> {
    const [row] = await this.db
      .select({ id: user.id, name: user.name, email: user.email, role: user.role, createdAt: user.createdAt })
      .from(user)
      .where(and(eq(user.id, id), isNull(user.deactivatedAt)));
    return row ?? null;
  }

  /** Changes a member's role; the last owner cannot step down or be demoted. */
  setRole(id: string, role: Role): Promise<Member> {
    return this.serial(async () => {
      const target = await this.member(id);
      if (!target) throw studioErrors.notFound("member", "id");
      if (target.role === "owner" && !can(role, "manage")) await this.keepAnOwner();
      await this.db
        .update(user)
        .set({ role, updatedAt: new Date(this.now()) })
        .where(eq(user.id, id));
      this.onAccountsChanged({ kind: "roleChanged", userId: id, role });
      return { ...target, role };
    });
  }

  /**
   * Removes a member: they can no longer sign in and every session of theirs ends at once. The
   * account row stays (deactivated) because the team's gallery keeps their results and names them.
   */
  removeMember(id: string): Promise<void> {
    return this.serial(async () => {
      const target = await this.member(id);
      if (!target) throw studioErrors.notFound("member", "id");
      if (target.role === "owner") await this.keepAnOwner();
      await this.db
        .update(user)
        .set({ deactivatedAt: new Date(this.now()) })
        .where(eq(user.id, id));
      await this.signOutEverywhere(id);
    });
  }

  /** Signs a user out on every device: all their sessions end at once. */
  async signOutEverywhere(userId: string): Promise<number> {
    const rows = await this.db
      .delete(session)
      .where(eq(session.userId, userId))
      .returning({ id: session.id });
    this.onAccountsChanged({ kind: "sessionsEnded", userId });
    return rows.length;
  }

  /** The ids of a user's sessions, ended or not (read from the database, no cache). */
  async sessionIdsOf(userId: string): Promise<string[]> {
    const rows = await this.db.select({ id: session.id }).from(session).where(eq(session.userId, userId));
    return rows.map((row) => row.id);
  }

  /**
   * One session ended (better-auth deleted it): whatever it had open closes too. `renewed`: its
   * browser got a new session in the same answer, so its sockets reconnect instead of signing out.
   */
  sessionEnded(userId: string, sessionId: string, renewed = false): void {
    this.onAccountsChanged({ kind: "sessionsEnded", userId, sessionId, ...(renewed ? { renewed } : {}) });
  }

  /**
   * Whether a session still stands, read from the database (no cache): its user and role, or null
   * once it ended, expired or its member was removed. The relay asks this of every open socket.
   */
  async sessionStanding(sessionId: string): Promise<{ userId: string; role: Role } | null> {
    const [row] = await this.db
      .select({ userId: user.id, role: user.role })
      .from(session)
      .innerJoin(user, eq(session.userId, user.id))
      .where(
        and(
          eq(session.id, sessionId),
          gt(session.expiresAt, new Date(this.now())),
          isNull(user.deactivatedAt),
        ),
      );
    if (!row) return null;
    return { userId: row.userId, role: isRole(row.role) ? row.role : "viewer" };
  }

  private async keepAnOwner(): Promise<void> {
    const [row] = await this.db
      .select({ n: count() })
      .from(user)
      .where(and(eq(user.role, "owner"), isNull(user.deactivatedAt)));
    if ((row?.n ?? 0) <= 1) throw studioErrors.lastOwner();
  }

  /** The removed (deactivated) account an email belongs to, if any. */
  private async removedAccount(email: string): Promise<{ id: string } | null> {
    const [row] = await this.db
      .select({ id: user.id })
      .from(user)
      .where(and(eq(user.email, email.toLowerCase()), isNotNull(user.deactivatedAt)));
    return row ?? null;
  }

  /**
   * A removed member invited back by their email gets their old account again, not a second one:
   * their earlier results are theirs once more. The password and name are the ones they just chose;
   * the role is the invitation's. They are signed in as a sign-up would sign them in.
   */
  private async rejoin(removed: { id: string }, account: NewAccount, role: Role, headers: Headers) {
    const ctx = await this.auth.$context;
    await ctx.internalAdapter.updatePassword(removed.id, await ctx.password.hash(account.password));
    await this.db
      .update(user)
      .set({ deactivatedAt: null, role, name: account.name, updatedAt: new Date(this.now()) })
      .where(eq(user.id, removed.id));
    this.onAccountsChanged({ kind: "roleChanged", userId: removed.id, role });
    return withoutSessionTokens(
      await this.auth.api.signInEmail({
        body: { email: account.email, password: account.password },
        headers,
        asResponse: true,
      }),
    );
  }

  private async signUp(account: NewAccount, role: Role, headers: Headers): Promise<Response> {
    return withoutSessionTokens(
      await withSignUpPermit({ role }, () =>
        this.auth.api.signUpEmail({
          body: { name: account.name, email: account.email, password: account.password },
          headers,
          asResponse: true,
        }),
      ),
    );
  }

  private serial<T>(run: () => Promise<T>): Promise<T> {
    const next = this.creating.then(run, run);
    this.creating = next.catch(() => undefined);
    return next;
  }
}
