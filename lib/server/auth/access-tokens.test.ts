import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "@/lib/server/db/database";
import { accessToken } from "@/lib/server/db/schema/access-tokens";
import { user } from "@/lib/server/db/schema/auth";
import { openTestPglite } from "@/lib/server/db/test-databases";
import { thrownResponse } from "@/lib/server/http/handle";
import { CLIENT_IP_HEADER } from "@/lib/server/http/request-stamp";
import { databaseRateLimits, RATE_LIMITS, type RateLimits } from "@/lib/server/rate-limits";
import { MAX_LIVE_TOKENS } from "@/lib/studio/api/tokens";
import type { Role } from "@/lib/studio/roles";
import { AccessTokens, hashSecret, weakerRole } from "./access-tokens";
import type { SessionUser } from "./caller";

let database: OpenedDatabase;
let now = Date.parse("2026-03-01T00:00:00Z");
const LIMITS = {
  ...RATE_LIMITS,
  tokenRequests: { points: 5, seconds: 60 },
  tokenFailuresByAddress: { points: 20, seconds: 60 },
  tokenFailuresByPrefix: { points: 10, seconds: 60 },
};
let limits: RateLimits;
let tokens: AccessTokens;

/** The tokens' clock and the budgets' (which read `Date.now`) move together. */
function advance(ms: number) {
  now += ms;
  vi.setSystemTime(now);
}
let address = 0;

/** A request from its own address, so one test's failures do not hold up another's. */
const request = (ip = `198.51.100.${++address}`) =>
  new Request("http://studio.test/api/items", { headers: { [CLIENT_IP_HEADER]: ip } });

async function member(role: Role): Promise<SessionUser> {
  const id = crypto.randomUUID();
  const values = { id, name: `M ${id.slice(0, 4)}`, email: `${id}@studio.test`, role };
  await database.db.insert(user).values(values);
  return values;
}

/** The answer a thrown refusal gets: its status, first error and Retry-After. */
async function refusal(work: Promise<unknown>) {
  const response = thrownResponse(
    await work.then(
      () => new Error("it was not refused"),
      (e: unknown) => e,
    ),
  );
  const body = (await response.json()) as { errors: { code: string; parameter?: string }[] };
  return { status: response.status, error: body.errors[0], retryAfter: response.headers.get("retry-after") };
}

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(now);
  database = await openTestPglite();
  limits = databaseRateLimits(database.db, "access-token-test-secret-0123456789", LIMITS);
}, 60_000);

afterAll(async () => {
  vi.useRealTimers();
  await database?.close();
});

beforeEach(() => {
  tokens = new AccessTokens(database.db, limits, () => now);
});

describe("personal access tokens", () => {
  it("keeps only the secret's hash and a short prefix, and shows the secret once", async () => {
    const editor = await member("editor");
    const made = await tokens.create(editor, { name: " CI ", role: "viewer", expiresInDays: 30 });
    expect(made.secret).toMatch(/^mst_[A-Za-z0-9_-]{43}$/);
    expect(made).toMatchObject({
      name: "CI",
      role: "viewer",
      lastUsedAt: null,
      prefix: made.secret.slice(0, 10),
    });
    const [row] = await database.db.select().from(accessToken).where(eq(accessToken.id, made.id));
    expect(row?.secretHash).toBe(hashSecret(made.secret));
    expect(JSON.stringify(row)).not.toContain(made.secret);
    const listed = await tokens.list(editor.id);
    const { secret: _shown, ...view } = made;
    expect(listed).toEqual([view]);
    expect(JSON.stringify(listed)).not.toContain(made.secret);
  });

  it("verifies a token as its member, with the lower of the two roles", async () => {
    const editor = await member("editor");
    const { secret, id } = await tokens.create(editor, { name: "a", role: "reviewer", expiresInDays: 7 });
    const caller = await tokens.verify(request(), secret);
    expect(caller).toEqual({ user: { ...editor, role: "reviewer" }, tokenId: id });
  });

  it("refuses a role above the member's own, naming role", async () => {
    const reviewer = await member("reviewer");
    expect(
      await refusal(tokens.create(reviewer, { name: "a", role: "editor", expiresInDays: 7 })),
    ).toMatchObject({
      status: 400,
      error: { parameter: "role" },
    });
    expect(weakerRole("owner", "viewer")).toBe("viewer");
    expect(weakerRole("reviewer", "editor")).toBe("reviewer");
  });

  it("loses power at once when its member is demoted, and all of it when they are removed", async () => {
    const editor = await member("editor");
    const { secret } = await tokens.create(editor, { name: "a", role: "editor", expiresInDays: null });
    await database.db.update(user).set({ role: "viewer" }).where(eq(user.id, editor.id));
    expect((await tokens.verify(request(), secret)).user.role).toBe("viewer");
    await database.db
      .update(user)
      .set({ deactivatedAt: new Date(now) })
      .where(eq(user.id, editor.id));
    expect(await refusal(tokens.verify(request(), secret))).toMatchObject({
      status: 401,
      error: { code: "invalidToken", parameter: "authorization" },
    });
  });

  it("stops working when it expires, and never expires without an expiry", async () => {
    const viewer = await member("viewer");
    const week = await tokens.create(viewer, { name: "week", role: "viewer", expiresInDays: 7 });
    const forever = await tokens.create(viewer, { name: "forever", role: "viewer", expiresInDays: null });
    expect(week.expiresAt).toBe(new Date(now + 7 * 86_400_000).toISOString());
    expect(forever.expiresAt).toBeNull();
    const start = now;
    try {
      advance(7 * 86_400_000 - 1000);
      await expect(tokens.verify(request(), week.secret)).resolves.toMatchObject({ tokenId: week.id });
      advance(1000);
      expect((await refusal(tokens.verify(request(), week.secret))).status).toBe(401);
      advance(3650 * 86_400_000);
      await expect(tokens.verify(request(), forever.secret)).resolves.toMatchObject({ tokenId: forever.id });
    } finally {
      advance(start - now);
    }
  });

  it("is revoked by its member or an owner, and by nobody else", async () => {
    const [a, b, owner] = [await member("editor"), await member("editor"), await member("owner")];
    const first = await tokens.create(a, { name: "one", role: "viewer", expiresInDays: 30 });
    const second = await tokens.create(a, { name: "two", role: "viewer", expiresInDays: 30 });
    expect((await refusal(tokens.revoke(b, first.id))).status).toBe(404);
    await tokens.revoke(a, first.id);
    await tokens.revoke(owner, second.id);
    expect((await refusal(tokens.revoke(a, first.id))).status).toBe(404);
    expect(await tokens.list(a.id)).toEqual([]);
    for (const { secret } of [first, second]) {
      expect((await refusal(tokens.verify(request(), secret))).error).toMatchObject({ code: "invalidToken" });
    }
  });

  it(`holds at most ${MAX_LIVE_TOKENS} live tokens per member`, async () => {
    const viewer = await member("viewer");
    const made = [];
    for (let i = 0; i < MAX_LIVE_TOKENS; i++) {
      made.push(await tokens.create(viewer, { name: `t${i}`, role: "viewer", expiresInDays: 7 }));
    }
    expect(
      await refusal(tokens.create(viewer, { name: "one more", role: "viewer", expiresInDays: 7 })),
    ).toMatchObject({ status: 409, error: { code: "limitReached" } });
    await tokens.revoke(viewer, made[0]?.id ?? "");
    await expect(
      tokens.create(viewer, { name: "one more", role: "viewer", expiresInDays: 7 }),
    ).resolves.toBeTruthy();
  });

  it("limits each token's requests per minute, answering when to come back", async () => {
    const viewer = await member("viewer");
    const { secret } = await tokens.create(viewer, { name: "busy", role: "viewer", expiresInDays: 7 });
    const other = await tokens.create(viewer, { name: "calm", role: "viewer", expiresInDays: 7 });
    const start = now;
    try {
      for (let i = 0; i < LIMITS.tokenRequests.points; i++) await tokens.verify(request(), secret);
      advance(48_000);
      const over = await refusal(tokens.verify(request(), secret));
      expect(over).toMatchObject({ status: 429, error: { code: "rateLimitExceeded" }, retryAfter: "12" });
      await expect(tokens.verify(request(), other.secret)).resolves.toBeTruthy();
      advance(12_000);
      await expect(tokens.verify(request(), secret)).resolves.toBeTruthy();
    } finally {
      advance(start - now);
    }
  });

  it("answers a right token from an address that sent 25 wrong ones", async () => {
    const viewer = await member("viewer");
    const { secret } = await tokens.create(viewer, { name: "a", role: "viewer", expiresInDays: 7 });
    const wrongs = Array.from({ length: 25 }, (_, i) =>
      i % 2 ? `mst_${String(i).padStart(6, "0")}${"A".repeat(37)}` : `not a token ${i}`,
    );
    const statuses: number[] = [];
    for (const wrong of wrongs)
      statuses.push((await refusal(tokens.verify(request("192.0.2.1"), wrong))).status);
    // The address's failures are held past their budget...
    expect(statuses.filter((s) => s === 401)).toHaveLength(LIMITS.tokenFailuresByAddress.points);
    expect(statuses.slice(LIMITS.tokenFailuresByAddress.points).every((s) => s === 429)).toBe(true);
    const held = await refusal(tokens.verify(request("192.0.2.1"), `mst_${"B".repeat(43)}`));
    expect(held).toMatchObject({ status: 429, error: { parameter: "authorization" }, retryAfter: "60" });
    // ...and a right token from the same address is answered all the same.
    const caller = await tokens.verify(request("192.0.2.1"), secret);
    expect(caller.user.id).toBe(viewer.id);
  });

  it("holds a prefix that keeps failing, from any address, while another prefix is not", async () => {
    const viewer = await member("viewer");
    const { secret } = await tokens.create(viewer, { name: "a", role: "viewer", expiresInDays: 7 });
    const wrong = (i: number) => `mst_Revkd1${String(i).padStart(37, "0")}`;
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await refusal(tokens.verify(request(), wrong(i)))).status);
    expect(statuses.slice(0, LIMITS.tokenFailuresByPrefix.points).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(LIMITS.tokenFailuresByPrefix.points)).toEqual([429, 429]);
    const held = await refusal(tokens.verify(request(), wrong(99)));
    expect(held).toMatchObject({ status: 429, error: { code: "rateLimitExceeded" }, retryAfter: "60" });
    // Another prefix from the same kind of request is only wrong, not held.
    expect((await refusal(tokens.verify(request(), `mst_Other1${"0".repeat(37)}`))).status).toBe(401);
    // Nor is a right token that happens to start the same way held for them.
    const lookalike = `mst_Revkd1${secret.slice(10)}`;
    await database.db
      .update(accessToken)
      .set({ secretHash: hashSecret(lookalike), prefix: lookalike.slice(0, 10) })
      .where(eq(accessToken.userId, viewer.id));
    await expect(tokens.verify(request(), lookalike)).resolves.toMatchObject({ user: { id: viewer.id } });
  });

  it("writes its last use at most once a minute", async () => {
    const viewer = await member("viewer");
    const { secret, id } = await tokens.create(viewer, { name: "a", role: "viewer", expiresInDays: 7 });
    const lastUsed = async () =>
      (await database.db.select().from(accessToken).where(eq(accessToken.id, id)))[0]?.lastUsedAt?.getTime();
    const start = now;
    try {
      await tokens.verify(request(), secret);
      expect(await lastUsed()).toBe(start);
      advance(59_000);
      await tokens.verify(request(), secret);
      expect(await lastUsed()).toBe(start);
      advance(1_000);
      await tokens.verify(request(), secret);
      expect(await lastUsed()).toBe(start + 60_000);
      expect((await tokens.list(viewer.id))[0]?.lastUsedAt).toBe(new Date(start + 60_000).toISOString());
    } finally {
      advance(start - now);
    }
  });
});
