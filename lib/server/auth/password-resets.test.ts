import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "@/lib/server/db/database";
import { openTestPglite } from "@/lib/server/db/test-databases";
import { CLIENT_IP_HEADER, createAuth, type StudioAuth } from "./create-auth";
import { PasswordResets, RESET_TTL_MS } from "./password-resets";
import { Team } from "./team";

const ORIGIN = "http://studio.test";
let database: OpenedDatabase;
let auth: StudioAuth;
let team: Team;
let resets: PasswordResets;
let now = Date.parse("2026-01-01T00:00:00Z");
const OWNER = { role: "owner" as const };
let graceId = "";
let graceCookie = "";

const headers = () => new Headers({ origin: ORIGIN, host: "studio.test", [CLIENT_IP_HEADER]: "203.0.113.9" });

function cookieOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

async function signIn(email: string, password: string) {
  return auth.api.signInEmail({ body: { email, password }, headers: headers(), asResponse: true });
}

const made = () => resets.create(OWNER, graceId);
const redeemed = (token: string, password: string) => resets.redeem(token, password, headers());

const sessionOf = (cookie: string) => auth.api.getSession({ headers: new Headers({ cookie }) });

beforeAll(async () => {
  database = await openTestPglite();
  auth = createAuth(database.db, { secret: "test-secret-that-is-long-enough-for-hmac-0123456789" });
  team = new Team(database.db, auth, () => now);
  resets = new PasswordResets(database.db, auth, () => now);
  const owner = await team.setupOwner(
    { name: "Ada", email: "ada@studio.test", password: "correct horse" },
    headers(),
  );
  const ownerId = ((await owner.json()) as { user: { id: string } }).user.id;
  const { token } = await team.createInvitation(ownerId, "editor");
  const joined = await team.acceptInvitation(
    token,
    { name: "Grace", email: "grace@studio.test", password: "forgotten one" },
    headers(),
  );
  graceCookie = cookieOf(joined);
  graceId = ((await joined.json()) as { user: { id: string } }).user.id;
}, 60_000);

afterAll(async () => {
  await database?.close();
});

describe("password reset links", () => {
  it("only owners make them", async () => {
    for (const role of ["editor", "reviewer", "viewer"] as const) {
      await expect(resets.create({ role }, graceId)).rejects.toMatchObject({ status: 403 });
    }
    await expect(resets.create(OWNER, randomUUID())).rejects.toMatchObject({
      status: 404,
      error: { parameter: "id" },
    });
  });

  it("sets the new password once, ends every other session and signs the member in", async () => {
    const other = cookieOf(await signIn("grace@studio.test", "forgotten one"));
    expect(await sessionOf(other)).not.toBeNull();
    const { token } = await made();
    expect(await resets.find(token)).toMatchObject({ id: graceId, email: "grace@studio.test" });

    const res = await redeemed(token, "remembered now");
    expect(res.status).toBe(200);
    const fresh = cookieOf(res);
    expect((await sessionOf(fresh))?.user.email).toBe("grace@studio.test");
    expect(await sessionOf(other)).toBeNull();
    expect(await sessionOf(graceCookie)).toBeNull();

    expect((await signIn("grace@studio.test", "forgotten one")).status).toBe(401);
    expect((await signIn("grace@studio.test", "remembered now")).status).toBe(200);

    // Used once, the link is gone.
    expect(await resets.find(token)).toBeNull();
    await expect(resets.redeem(token, "a third password", headers())).rejects.toMatchObject({
      status: 404,
      error: { code: "invalidResetLink", parameter: "token" },
    });
    expect((await signIn("grace@studio.test", "remembered now")).status).toBe(200);
  });

  it("two uses at once: one wins", async () => {
    const { token } = await made();
    const outcomes = await Promise.allSettled([
      resets.redeem(token, "first of two", headers()),
      resets.redeem(token, "second of two", headers()),
    ]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    expect(outcomes.find((o) => o.status === "rejected")).toMatchObject({
      reason: { status: 404, error: { code: "invalidResetLink" } },
    });
  });

  it("a newer link replaces an older one", async () => {
    const first = await made();
    const second = await made();
    expect(await resets.find(first.token)).toBeNull();
    expect(await resets.find(second.token)).not.toBeNull();
  });

  it("expires after a day", async () => {
    const { token } = await made();
    now += RESET_TTL_MS + 1;
    expect(await resets.find(token)).toBeNull();
    await expect(resets.redeem(token, "too late now", headers())).rejects.toMatchObject({ status: 404 });
  });

  it("stores only a hash of the token", async () => {
    const { token } = await made();
    const rows = await database.db.query.verification.findMany();
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it("a removed member's link fails", async () => {
    const { token } = await made();
    await team.removeMember(graceId);
    expect(await resets.find(token)).toBeNull();
    await expect(resets.redeem(token, "back door pass", headers())).rejects.toMatchObject({ status: 404 });
    expect((await signIn("grace@studio.test", "back door pass")).status).toBe(401);
  });
});
