import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "@/lib/server/db/database";
import { user } from "@/lib/server/db/schema/auth";
import { openTestPglite } from "@/lib/server/db/test-databases";
import { can } from "@/lib/studio/roles";
import { CLIENT_IP_HEADER, createAuth, type StudioAuth } from "./create-auth";
import { isSameOrigin, sessionUser } from "./guard";
import { SessionCache } from "./session-cache";
import { Team } from "./team";

const ORIGIN = "http://studio.test";
let database: OpenedDatabase;
let auth: StudioAuth;
let team: Team;
let now = Date.parse("2026-01-01T00:00:00Z");

beforeAll(async () => {
  database = await openTestPglite();
  auth = createAuth(database.db, { secret: "test-secret-that-is-long-enough-for-hmac-0123456789" });
  team = new Team(database.db, auth, () => now);
}, 60_000);

afterAll(async () => {
  await database?.close();
});

const headers = (extra: Record<string, string> = {}) =>
  new Headers({ origin: ORIGIN, host: "studio.test", [CLIENT_IP_HEADER]: "203.0.113.9", ...extra });

/** The session cookie a better-auth response sets, as a request Cookie header. */
function cookieOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

function authRequest(path: string, body: unknown, ip = "198.51.100.7"): Request {
  return new Request(`${ORIGIN}/api/auth${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: ORIGIN, [CLIENT_IP_HEADER]: ip },
    body: JSON.stringify(body),
  });
}

let ownerCookie = "";
let ownerId = "";

describe("team accounts", () => {
  it("a fresh studio needs set-up; the first account becomes its owner and is signed in", async () => {
    expect(await team.needsSetup()).toBe(true);
    const res = await team.setupOwner(
      { name: "Ada", email: "ada@studio.test", password: "correct horse" },
      headers(),
    );
    expect(res.status).toBe(200);
    ownerCookie = cookieOf(res);
    expect(ownerCookie).toContain("session_token");
    const members = await team.listMembers();
    expect(members).toHaveLength(1);
    expect(members[0]).toMatchObject({ email: "ada@studio.test", role: "owner" });
    ownerId = members[0]?.id ?? "";
    expect(await team.needsSetup()).toBe(false);
  });

  it("refuses a second set-up, even two at once", async () => {
    const attempts = await Promise.allSettled([
      team.setupOwner({ name: "Eve", email: "eve@studio.test", password: "password123" }, headers()),
      team.setupOwner({ name: "Mal", email: "mal@studio.test", password: "password123" }, headers()),
    ]);
    for (const a of attempts) {
      expect(a.status).toBe("rejected");
      if (a.status === "rejected") expect(a.reason).toMatchObject({ status: 409 });
    }
    expect(await team.listMembers()).toHaveLength(1);
  });

  it("refuses the public sign-up endpoint: the studio is private", async () => {
    const res = await auth.handler(
      authRequest("/sign-up/email", { name: "Eve", email: "eve@studio.test", password: "password123" }),
    );
    expect(res.status).toBe(403);
    expect(await team.listMembers()).toHaveLength(1);
  });

  it("an invitation gives its role once; a wrong email, a used or revoked link is refused", async () => {
    const { token } = await team.createInvitation(ownerId, "reviewer", "rita@studio.test");
    await expect(
      team.acceptInvitation(token, { name: "X", email: "x@studio.test", password: "password123" }, headers()),
    ).rejects.toMatchObject({ status: 403 });
    const res = await team.acceptInvitation(
      token,
      { name: "Rita", email: "rita@studio.test", password: "password123" },
      headers(),
    );
    expect(res.status).toBe(200);
    expect((await team.listMembers()).find((m) => m.email === "rita@studio.test")?.role).toBe("reviewer");
    await expect(
      team.acceptInvitation(
        token,
        { name: "R2", email: "rita@studio.test", password: "password123" },
        headers(),
      ),
    ).rejects.toMatchObject({ status: 404 });

    const open = await team.createInvitation(ownerId, "editor");
    const listed = (await team.listInvitations()).find((i) => i.acceptedAt === null && i.revokedAt === null);
    expect(listed?.role).toBe("editor");
    expect(await team.revokeInvitation(listed?.id ?? "")).toBe(true);
    expect(await team.findInvitation(open.token)).toBeNull();
  });

  it("an open invitation's link can be had again; a closed one's cannot", async () => {
    const made = await team.createInvitation(ownerId, "viewer");
    const again = (await team.listInvitations()).find((i) => i.token === made.token);
    expect(again).toMatchObject({ role: "viewer", acceptedAt: null, revokedAt: null });
    expect(await team.findInvitation(again?.token ?? "")).not.toBeNull();
    const other = await team.createInvitation(ownerId, "viewer");
    expect(other.token).not.toBe(made.token);

    expect(await team.revokeInvitation(again?.id ?? "")).toBe(true);
    const revoked = (await team.listInvitations()).find((i) => i.id === again?.id);
    expect(revoked?.token).toBeNull();
    // Only the hash is stored.
    const rows = await database.db.query.invitation.findMany();
    expect(JSON.stringify(rows)).not.toContain(made.token);
  });

  it("an invitation expires after a week", async () => {
    const { token } = await team.createInvitation(ownerId, "viewer");
    now += 8 * 24 * 60 * 60 * 1000;
    expect(await team.findInvitation(token)).toBeNull();
  });

  it("a session names its member's role; a stranger's origin and no cookie name nobody", async () => {
    const post = (cookie: string, origin = ORIGIN) =>
      new Request(`${ORIGIN}/api/tasks`, {
        method: "POST",
        headers: { cookie, origin, host: "studio.test" },
      });
    expect(await sessionUser({ auth }, post("").headers)).toBeNull();
    expect(isSameOrigin(post(ownerCookie, "https://evil.test"))).toBe(false);
    expect(isSameOrigin(post(ownerCookie))).toBe(true);
    const owner = await sessionUser({ auth }, post(ownerCookie).headers);
    expect(owner).toMatchObject({ email: "ada@studio.test", role: "owner" });
    expect(can(owner?.role ?? "viewer", "manage")).toBe(true);

    const signIn = await auth.handler(
      authRequest("/sign-in/email", { email: "rita@studio.test", password: "password123" }),
    );
    expect(signIn.status).toBe(200);
    const reviewer = await sessionUser({ auth }, post(cookieOf(signIn)).headers);
    expect(reviewer).toMatchObject({ email: "rita@studio.test", role: "reviewer" });
    expect(can(reviewer?.role ?? "owner", "generate")).toBe(false);
  });

  it("keeps at least one owner, and signs a member out everywhere, past the session cache", async () => {
    await expect(team.setRole(ownerId, "editor")).rejects.toMatchObject({ status: 409 });
    await expect(team.removeMember(ownerId)).rejects.toMatchObject({ status: 409 });
    const sessions = new SessionCache();
    const cachedTeam = new Team(
      database.db,
      auth,
      () => now,
      () => sessions.clear(),
    );
    const headers = new Headers({ cookie: ownerCookie, host: "studio.test" });
    const get = () => sessionUser({ auth, sessions }, headers);
    expect(await get()).toMatchObject({ email: "ada@studio.test" });
    const ended = await cachedTeam.signOutEverywhere(ownerId);
    expect(await get()).toBeNull();
    expect(ended).toBeGreaterThanOrEqual(1);
    expect(await sessionUser({ auth }, headers)).toBeNull();
  });

  it("a removed member can no longer sign in, leaves the member list, and the last owner cannot be removed", async () => {
    const rita = (await team.listMembers()).find((m) => m.email === "rita@studio.test");
    expect(rita).toBeDefined();
    await team.removeMember(rita?.id ?? "");
    expect((await team.listMembers()).map((m) => m.email)).toEqual(["ada@studio.test"]);
    const signIn = await auth.handler(
      authRequest("/sign-in/email", { email: "rita@studio.test", password: "password123" }, "192.0.2.60"),
    );
    expect(signIn.status).toBe(401);
  });

  it("a removed member invited back by email gets their own account again, with the new password and role", async () => {
    const [before] = await database.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, "rita@studio.test"));
    const open = await team.createInvitation(ownerId, "editor");
    await expect(
      team.acceptInvitation(
        open.token,
        { name: "Not Rita", email: "rita@studio.test", password: "password999" },
        headers(),
      ),
    ).rejects.toMatchObject({
      status: 409,
      error: { code: "emailTaken", parameter: "email" },
    });

    const named = await team.createInvitation(ownerId, "editor", "rita@studio.test");
    const res = await team.acceptInvitation(
      named.token,
      { name: "Rita Back", email: "Rita@studio.test", password: "password456" },
      headers(),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toContain("session_token");
    const back = (await team.listMembers()).find((m) => m.email === "rita@studio.test");
    expect(back).toMatchObject({ id: before?.id, name: "Rita Back", role: "editor" });

    const oldPassword = await auth.handler(
      authRequest("/sign-in/email", { email: "rita@studio.test", password: "password123" }, "192.0.2.61"),
    );
    expect(oldPassword.status).toBe(401);
    const newPassword = await auth.handler(
      authRequest("/sign-in/email", { email: "rita@studio.test", password: "password456" }, "192.0.2.62"),
    );
    expect(newPassword.status).toBe(200);
  });
});
