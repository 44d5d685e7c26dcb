import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "@/lib/server/db/database";
import { openTestPglite } from "@/lib/server/db/test-databases";
import { HTTPS_HEADER } from "@/lib/server/http/request-stamp";
import { databaseRateLimits, RATE_LIMITS } from "@/lib/server/rate-limits";
import { handleAuthRequest } from "./auth-endpoint";
import { CLIENT_IP_HEADER, createAuth, type StudioAuth } from "./create-auth";
import { SessionCache } from "./session-cache";
import { SignInLimit } from "./sign-in-limit";
import { Team } from "./team";

const ORIGIN = "http://studio.test";
const ATTACKER = "https://attacker.com";
const OWNER = { name: "Ada", email: "ada@studio.test", password: "correct horse" };
let database: OpenedDatabase;
let auth: StudioAuth;
let handle: (request: Request) => Promise<Response>;
let cookie = "";
let setupAnswer = "";

beforeAll(async () => {
  database = await openTestPglite();
  auth = createAuth(database.db, { secret: "test-secret-that-is-long-enough-for-hmac-0123456789" });
  const team = new Team(database.db, auth);
  const deps = {
    auth,
    gate: { auth, sessions: new SessionCache() },
    signInLimit: new SignInLimit(databaseRateLimits(database.db, "test-secret-for-sign-in-limits")),
    team,
  };
  handle = (request) => handleAuthRequest(deps, request);
  const res = await team.setupOwner(
    OWNER,
    new Headers({ host: "studio.test", [CLIENT_IP_HEADER]: "203.0.113.1" }),
  );
  cookie = cookieOf(res);
  setupAnswer = await res.text();
}, 60_000);

afterAll(async () => {
  await database?.close();
});

function cookieOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

function post(path: string, body: unknown, extra: Record<string, string> = {}): Request {
  return new Request(`${ORIGIN}/api/auth${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      host: "studio.test",
      origin: ORIGIN,
      cookie,
      [CLIENT_IP_HEADER]: "198.51.100.7",
      ...extra,
    },
    body: JSON.stringify(body),
  });
}

const errorsOf = async (res: Response) =>
  ((await res.json()) as { errors: { code: string; parameter?: string }[] }).errors;

describe("auth endpoints: origins", () => {
  const attempts: [string, unknown][] = [
    ["/update-user", { name: "Mallory" }],
    ["/change-password", { currentPassword: OWNER.password, newPassword: "taken over!" }],
    ["/sign-out", {}],
  ];

  it.each(attempts)("%s from another site is refused with 403, and nothing changes", async (path, body) => {
    const res = await handle(post(path, body, { origin: ATTACKER }));
    expect(res.status).toBe(403);
    expect((await errorsOf(res))[0]).toMatchObject({ code: "invalidOrigin", parameter: "origin" });
  });

  it.each(attempts)("better-auth itself trusts no other site for %s either", async (path, body) => {
    const res = await auth.handler(post(path, body, { origin: ATTACKER }));
    expect(res.status).toBe(403);
  });

  it("the session and the password are as they were", async () => {
    const me = await auth.api.getSession({ headers: new Headers({ cookie }) });
    expect(me?.user.name).toBe("Ada");
    const signIn = await handle(post("/sign-in/email", { email: OWNER.email, password: OWNER.password }));
    expect(signIn.status).toBe(200);
  });

  it("trusts STUDIO_URL's origin, and only it, when one is set", async () => {
    const fixed = createAuth(database.db, {
      secret: "test-secret-that-is-long-enough-for-hmac-0123456789",
      baseURL: "https://studio.example",
    });
    const deps = {
      auth: fixed,
      gate: { auth: fixed, sessions: new SessionCache() },
      signInLimit: new SignInLimit(databaseRateLimits(database.db, "test-secret-for-sign-in-limits")),
      team: new Team(database.db, fixed),
      studioUrl: "https://studio.example",
    };
    const viaHost = await handleAuthRequest(deps, post("/update-user", { name: "Ada" }));
    expect(viaHost.status).toBe(403);
    const viaPublic = await handleAuthRequest(
      deps,
      post("/update-user", { name: "Ada" }, { origin: "https://studio.example" }),
    );
    expect(viaPublic.status, await viaPublic.clone().text()).toBe(200);
  });
});

describe("auth endpoints: names", () => {
  it.each([[""], ["   "], ["x".repeat(60_000)], ["Eve\r\nBcc: attacker@evil.example"], ["Eve\u202Egnp.exe"]])(
    "refuses the name %#, naming `name`",
    async (name) => {
      const res = await handle(post("/update-user", { name }));
      expect(res.status).toBe(400);
      expect((await errorsOf(res))[0]?.parameter).toBe("name");
    },
  );

  it("accepts a good name, trimmed", async () => {
    const res = await handle(post("/update-user", { name: "  Ada King  " }));
    expect(res.status).toBe(200);
    const me = await auth.api.getSession({ headers: new Headers({ cookie }) });
    expect(me?.user.name).toBe("Ada King");
  });

  it("refuses a bad name by any path into better-auth (its database hook)", async () => {
    await expect(
      auth.api.updateUser({ body: { name: "" }, headers: new Headers({ cookie }) }),
    ).rejects.toMatchObject({ statusCode: 400 });
    await expect(
      auth.api.updateUser({ body: { name: "y".repeat(60_000) }, headers: new Headers({ cookie }) }),
    ).rejects.toMatchObject({ statusCode: 400 });
    await expect(
      auth.api.updateUser({
        body: { name: "Eve\r\nBcc: attacker@evil.example" },
        headers: new Headers({ cookie }),
      }),
    ).rejects.toMatchObject({ statusCode: 400 });
    const me = await auth.api.getSession({ headers: new Headers({ cookie }) });
    expect(me?.user.name).toBe("Ada King");
  });
});

/** The session token a cookie header carries (the cookie holds it signed: `<token>.<signature>`). */
function sessionTokenOf(cookies: string): string {
  const match = /session_token=([^;]+)/.exec(cookies);
  if (!match?.[1]) throw new Error(`no session cookie in ${cookies}`);
  const token = decodeURIComponent(match[1]).split(".")[0] ?? "";
  expect(token.length).toBeGreaterThan(16);
  return token;
}

function get(path: string): Request {
  return new Request(`${ORIGIN}/api/auth${path}`, {
    headers: { host: "studio.test", cookie, [CLIENT_IP_HEADER]: "198.51.100.7" },
  });
}

describe("auth endpoints: session tokens stay in the cookie", () => {
  it("the current session and the member's sessions are answered without a token", async () => {
    const token = sessionTokenOf(cookie);
    const current = await handle(get("/get-session"));
    expect(current.status).toBe(200);
    const currentText = await current.text();
    expect(JSON.parse(currentText)).toMatchObject({
      session: { id: expect.any(String) },
      user: { name: expect.any(String) },
    });
    expect(currentText).not.toContain(token);
    expect(currentText).not.toMatch(/"token"/);

    const all = await handle(get("/list-sessions"));
    expect(all.status).toBe(200);
    const allText = await all.text();
    const sessions = JSON.parse(allText) as { id: string }[];
    expect(sessions.length).toBeGreaterThan(0);
    for (const s of sessions) expect(s.id).toEqual(expect.any(String));
    expect(allText).not.toContain(token);
    expect(allText).not.toMatch(/"token"/);
  });

  it("signing up and signing in hand the new session over as a cookie only", async () => {
    expect(setupAnswer).not.toMatch(/"token"/);
    expect(setupAnswer).not.toContain(sessionTokenOf(cookie));
    const signIn = await handle(
      post("/sign-in/email", { email: OWNER.email, password: OWNER.password }, { cookie: "" }),
    );
    expect(signIn.status).toBe(200);
    const fresh = sessionTokenOf(cookieOf(signIn));
    const text = await signIn.text();
    expect(JSON.parse(text)).toMatchObject({ user: { email: OWNER.email } });
    expect(text).not.toContain(fresh);
  });
});

describe("auth endpoints: sign-in limits and cookies", () => {
  it("one account's typos are held to its budget; another account at the same address signs in", async () => {
    const wrong = () =>
      handle(post("/sign-in/email", { email: "nobody@studio.test", password: "guess" }, { cookie: "" }));
    const statuses: number[] = [];
    for (let i = 0; i <= RATE_LIMITS.signInAccount.points; i++) statuses.push((await wrong()).status);
    expect(statuses.slice(0, RATE_LIMITS.signInAccount.points).every((s) => s === 401)).toBe(true);
    const refused = await wrong();
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await errorsOf(refused))[0]).toMatchObject({ code: "rateLimitExceeded", parameter: "email" });

    const other = await handle(
      post("/sign-in/email", { email: OWNER.email, password: OWNER.password }, { cookie: "" }),
    );
    expect(other.status).toBe(200);
  });

  it("sets the session cookie Secure only when the request came over HTTPS", async () => {
    const plain = await handle(
      post("/sign-in/email", { email: OWNER.email, password: OWNER.password }, { cookie: "" }),
    );
    expect(plain.headers.getSetCookie().join("\n")).not.toMatch(/secure/i);
    const tls = await handle(
      post(
        "/sign-in/email",
        { email: OWNER.email, password: OWNER.password },
        { cookie: "", [HTTPS_HEADER]: "1" },
      ),
    );
    const set = tls.headers.getSetCookie();
    expect(set.length).toBeGreaterThan(0);
    for (const c of set) expect(c).toMatch(/;\s*Secure/);
  });

  it("answers a missing body field in the contract's shape, naming it", async () => {
    const res = await handle(
      post("/change-password", { currentPassword: OWNER.password, newPassword: "short" }),
    );
    expect(res.status).toBe(400);
    expect((await errorsOf(res))[0]?.parameter).toBe("newPassword");
  });
});

describe("auth endpoints: body size", () => {
  /** A chunked body that never ends, counting what was pulled from it. */
  function endless(path: string): { request: Request; pulled: () => number } {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          pulled += 16 * 1024;
          controller.enqueue(new Uint8Array(16 * 1024).fill(0x20));
        },
      },
      { highWaterMark: 0 },
    );
    const request = new Request(`${ORIGIN}/api/auth${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", host: "studio.test", origin: ORIGIN, cookie },
      body,
      duplex: "half",
    } as RequestInit);
    return { request, pulled: () => pulled };
  }

  it.each(["/revoke-sessions", "/sign-out", "/sign-in/email"])(
    "%s refuses an endless body with 413 after reading at most the limit",
    async (path) => {
      const { request, pulled } = endless(path);
      const res = await handle(request);
      expect(res.status).toBe(413);
      expect((await errorsOf(res))[0]).toMatchObject({ code: "payloadTooLarge", parameter: "body" });
      expect(pulled()).toBeLessThanOrEqual(64 * 1024 + 16 * 1024);
    },
  );
});
