import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { SessionCache } from "@/lib/server/auth/session-cache";
import type { StudioRuntime } from "@/lib/server/runtime";
import { pageQuery, resource, uuid } from "@/lib/studio/api/endpoint";
import { studioErrors } from "@/lib/studio/api/errors";
import { route, unwrap } from "./route";

// `route` against a stand-in runtime: the session comes from the session cache (keyed by the
// cookie), so no database is needed to check the road every endpoint takes.

const KEY = Symbol.for("media-studio.runtime");
const holder = globalThis as { [KEY]?: Promise<StudioRuntime> };
const ORIGIN = "http://studio.test";
const EDITOR = "editor=1";
const VIEWER = "viewer=1";

let previous: Promise<StudioRuntime> | undefined;

beforeAll(() => {
  const sessions = new SessionCache(60_000);
  sessions.set(EDITOR, { id: "u-editor", name: "Eda", email: "eda@studio.test", role: "editor" });
  sessions.set(VIEWER, { id: "u-viewer", name: "Vic", email: "vic@studio.test", role: "viewer" });
  previous = holder[KEY];
  holder[KEY] = Promise.resolve({
    gate: { auth: { api: { getSession: async () => null } }, sessions },
    tokens: {
      async verify(_request: Request, token: string) {
        if (token === "mst_limited") {
          throw Object.assign(studioErrors.rateLimited(7), { retryAfterSeconds: 7 });
        }
        if (token === "mst_viewer") {
          return {
            user: { id: "u-viewer", name: "Vic", email: "vic@studio.test", role: "viewer" },
            tokenId: "t2",
          };
        }
        if (token !== "mst_good") throw studioErrors.invalidToken();
        return {
          user: { id: "u-editor", name: "Eda", email: "eda@studio.test", role: "editor" },
          tokenId: "t1",
        };
      },
    },
  } as unknown as StudioRuntime);
});

afterAll(() => {
  if (previous) holder[KEY] = previous;
  else delete holder[KEY];
});

const things = resource("things", {
  list: {
    method: "GET",
    path: "/api/things",
    summary: "Things.",
    access: "view",
    query: z.object({ ...pageQuery(20, 50) }),
    response: z.object({ limit: z.number(), cursor: z.string().nullable() }),
  },
  create: {
    method: "POST",
    path: "/api/things/{id}",
    summary: "Makes a thing.",
    access: "generate",
    params: z.object({ id: uuid() }),
    body: z.object({ name: z.string().min(1).max(20) }),
    bodyLimit: 256,
    status: 201,
    response: z.object({ id: z.string(), name: z.string() }),
  },
  remove: {
    method: "DELETE",
    path: "/api/things/{id}",
    summary: "Removes a thing.",
    access: "generate",
    params: z.object({ id: uuid() }),
    status: 204,
  },
  sessionOnly: {
    method: "GET",
    path: "/api/things/mine",
    summary: "A session only.",
    access: "view",
    tokens: false,
    response: z.object({ ok: z.boolean() }),
  },
  open: {
    method: "POST",
    path: "/api/things/open",
    summary: "Anyone.",
    access: "public",
    response: z.object({ who: z.string().nullable() }),
  },
});

const ID = "0F0E0D0C-0B0A-4908-8706-050403020100";
const noParams = { params: Promise.resolve({}) };
const withId = (id: string) => ({ params: Promise.resolve({ id }) });

function req(
  path: string,
  init: { method?: string; cookie?: string; origin?: string | null; body?: string; token?: string } = {},
) {
  const headers = new Headers({ host: "studio.test" });
  if (init.token) headers.set("authorization", `Bearer ${init.token}`);
  if (init.cookie) headers.set("cookie", init.cookie);
  if (init.origin !== null) headers.set("origin", init.origin ?? ORIGIN);
  if (init.body !== undefined) headers.set("content-type", "application/json");
  return new Request(`${ORIGIN}${path}`, { method: init.method ?? "GET", headers, body: init.body ?? null });
}

const LIST = route(things.list, ({ query }) => ({ limit: query.limit, cursor: query.cursor ?? null }));
const CREATE = route(things.create, ({ params, body, user }) => {
  expect(user.role).toBe("editor");
  return { id: params.id, name: body.name };
});
const REMOVE = route(things.remove, () => undefined);
const OPEN = route(things.open, ({ user }) => ({ who: user?.name ?? null }));

describe("route", () => {
  it("answers the handler's value as { data } with the declared status", async () => {
    const res = await CREATE(
      req(`/api/things/${ID}`, { method: "POST", cookie: EDITOR, body: '{"name":"lamp"}' }),
      withId(ID),
    );
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ data: { id: ID.toLowerCase(), name: "lamp" } });
    const gone = await REMOVE(req(`/api/things/${ID}`, { method: "DELETE", cookie: EDITOR }), withId(ID));
    expect(gone.status).toBe(204);
    expect(await gone.text()).toBe("");
  });

  it("refuses a missing session (401), a weak role (403) and a foreign origin (403)", async () => {
    const anon = await LIST(req("/api/things"), noParams);
    expect(anon.status).toBe(401);
    expect((await anon.json()).errors[0].code).toBe("missingSession");

    const weak = await CREATE(
      req(`/api/things/${ID}`, { method: "POST", cookie: VIEWER, body: '{"name":"x"}' }),
      withId(ID),
    );
    expect(weak.status).toBe(403);
    expect((await weak.json()).errors[0]).toMatchObject({ code: "forbidden" });

    for (const origin of [null, "http://evil.test"]) {
      const foreign = await CREATE(
        req(`/api/things/${ID}`, { method: "POST", cookie: EDITOR, origin, body: '{"name":"x"}' }),
        withId(ID),
      );
      expect(foreign.status).toBe(403);
      expect((await foreign.json()).errors[0]).toMatchObject({ code: "invalidOrigin", parameter: "origin" });
    }
  });

  it("checks the origin of a public endpoint's writes, and reads its optional session", async () => {
    expect((await OPEN(req("/api/things/open", { method: "POST", origin: null }), noParams)).status).toBe(
      403,
    );
    const anon = await OPEN(req("/api/things/open", { method: "POST" }), noParams);
    expect(await anon.json()).toEqual({ data: { who: null } });
    const known = await OPEN(req("/api/things/open", { method: "POST", cookie: VIEWER }), noParams);
    expect(await known.json()).toEqual({ data: { who: "Vic" } });
  });

  it("parses params, query and body, each refusal naming its parameter", async () => {
    const badId = await CREATE(
      req("/api/things/nope", { method: "POST", cookie: EDITOR, body: '{"name":"x"}' }),
      withId("nope"),
    );
    expect(badId.status).toBe(400);
    expect((await badId.json()).errors[0]).toMatchObject({ parameter: "id" });

    const badBody = await CREATE(
      req(`/api/things/${ID}`, { method: "POST", cookie: EDITOR, body: '{"name":""}' }),
      withId(ID),
    );
    expect(badBody.status).toBe(400);
    expect((await badBody.json()).errors[0]).toMatchObject({ parameter: "name" });

    const big = await CREATE(
      req(`/api/things/${ID}`, {
        method: "POST",
        cookie: EDITOR,
        body: JSON.stringify({ name: "x".repeat(400) }),
      }),
      withId(ID),
    );
    expect(big.status).toBe(413);
  });

  it("pages every list the same way: a default limit, a range, and a cursor's characters", async () => {
    const plain = await LIST(req("/api/things", { cookie: VIEWER }), noParams);
    expect(await plain.json()).toEqual({ data: { limit: 20, cursor: null } });
    const given = await LIST(req("/api/things?limit=7&cursor=abc_-1", { cookie: VIEWER }), noParams);
    expect(await given.json()).toEqual({ data: { limit: 7, cursor: "abc_-1" } });
    for (const [query, parameter] of [
      ["limit=0", "limit"],
      ["limit=51", "limit"],
      ["limit=2.5", "limit"],
      ["limit=many", "limit"],
      ["cursor=%00", "cursor"],
      [`cursor=${"a".repeat(600)}`, "cursor"],
    ] as const) {
      const res = await LIST(req(`/api/things?${query}`, { cookie: VIEWER }), noParams);
      expect(res.status, query).toBe(400);
      const body = await res.json();
      expect(body.errors[0].parameter, query).toBe(parameter);
    }
  });

  it("answers a thrown studio error in the envelope, and an unexpected throw as a 500 without details", async () => {
    const missing = route(things.list, () => {
      throw studioErrors.experimentNotFound();
    });
    const res = await missing(req("/api/things", { cookie: VIEWER }), noParams);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      errors: [{ code: "experimentNotFound", message: "There is no such experiment.", parameter: "id" }],
    });
    const broken = route(things.list, () => {
      throw new Error("secret detail");
    });
    const failed = await broken(req("/api/things", { cookie: VIEWER }), noParams);
    expect(failed.status).toBe(500);
    expect(await failed.text()).not.toContain("secret detail");
  });

  it("holds every answer to its declared response under test", async () => {
    const drifted = route(things.list, () => ({ limit: "many" }) as never);
    const res = await drifted(req("/api/things", { cookie: VIEWER }), noParams);
    expect(res.status).toBe(500);
  });
});

describe("route with a personal access token", () => {
  const SESSION_ONLY = route(things.sessionOnly, () => ({ ok: true }));

  it("lets a token act as its member, with no Origin, and refuses one it does not know", async () => {
    const made = await CREATE(
      req(`/api/things/${ID}`, { method: "POST", origin: null, token: "mst_good", body: '{"name":"lamp"}' }),
      withId(ID),
    );
    expect(made.status).toBe(201);
    const unknown = await LIST(req("/api/things", { token: "mst_bad" }), noParams);
    expect(unknown.status).toBe(401);
    expect((await unknown.json()).errors[0]).toMatchObject({
      code: "invalidToken",
      parameter: "authorization",
    });
    const malformed = await LIST(
      new Request(`${ORIGIN}/api/things`, { headers: { authorization: "Basic abc" } }),
      noParams,
    );
    expect(malformed.status).toBe(401);
  });

  it("refuses what a token's role may not do, and answers a spent token budget with Retry-After", async () => {
    const weak = await CREATE(
      req(`/api/things/${ID}`, {
        method: "POST",
        origin: null,
        token: "mst_viewer",
        body: '{"name":"lamp"}',
      }),
      withId(ID),
    );
    expect(weak.status).toBe(403);
    expect((await weak.json()).errors[0]).toMatchObject({ code: "forbidden" });
    const limited = await LIST(req("/api/things", { token: "mst_limited" }), noParams);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("7");
    expect((await limited.json()).errors[0]).toMatchObject({ code: "rateLimitExceeded" });
  });

  it("refuses a token where only a session will do, saying so", async () => {
    const res = await SESSION_ONLY(req("/api/things/mine", { token: "mst_good" }), noParams);
    expect(res.status).toBe(403);
    expect((await res.json()).errors[0]).toMatchObject({
      code: "tokenNotAccepted",
      parameter: "authorization",
    });
    const bySession = await SESSION_ONLY(req("/api/things/mine", { cookie: VIEWER }), noParams);
    expect(await bySession.json()).toEqual({ data: { ok: true } });
  });

  it("does not read a token sent to a public endpoint", async () => {
    const res = await OPEN(req("/api/things/open", { method: "POST", token: "mst_bad" }), noParams);
    expect(await res.json()).toEqual({ data: { who: null } });
  });
});

describe("unwrap", () => {
  it("answers an outcome's value, or throws its errors with their status", () => {
    expect(unwrap({ ok: true, value: 3 })).toBe(3);
    expect(() => unwrap({ ok: false, status: 409, errors: [{ code: "conflictX", message: "No." }] })).toThrow(
      expect.objectContaining({ status: 409, errors: [{ code: "conflictX", message: "No." }] }),
    );
  });
});
