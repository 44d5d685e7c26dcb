import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as one from "@/app/api/invitations/[id]/route";
import * as all from "@/app/api/invitations/route";
import { SessionCache } from "@/lib/server/auth/session-cache";
import type { StudioRuntime } from "@/lib/server/runtime";
import { api } from "@/lib/studio/api";
import { studioErrors } from "@/lib/studio/api/errors";

// The invitation endpoints as the studio serves them, against a stand-in runtime: an owner's
// access token, however high its role, is refused by every one of them; the owner's session is not.

const KEY = Symbol.for("media-studio.runtime");
const holder = globalThis as { [KEY]?: Promise<StudioRuntime> };
const ORIGIN = "http://studio.test";
const OWNER_COOKIE = "owner=1";
const OWNER = { id: "u-owner", name: "Ada", email: "ada@studio.test", role: "owner" as const };
const ID = "0f0e0d0c-0b0a-4908-8706-050403020100";

let previous: Promise<StudioRuntime> | undefined;
const done: string[] = [];

beforeAll(() => {
  const sessions = new SessionCache(60_000);
  sessions.set(OWNER_COOKIE, OWNER);
  previous = holder[KEY];
  holder[KEY] = Promise.resolve({
    gate: { auth: { api: { getSession: async () => null } }, sessions, publicUrl: ORIGIN },
    tokens: {
      async verify(_request: Request, token: string) {
        if (token !== "mst_owner") throw studioErrors.invalidToken();
        return { user: OWNER, tokenId: "t1" };
      },
    },
    team: {
      async listInvitations() {
        done.push("list");
        return [];
      },
      async createInvitation() {
        done.push("create");
        return { token: "x".repeat(43), expiresAt: new Date() };
      },
      async revokeInvitation(id: string) {
        done.push(`revoke ${id}`);
        return true;
      },
    },
  } as unknown as StudioRuntime);
});

afterAll(() => {
  if (previous) holder[KEY] = previous;
  else delete holder[KEY];
});

function req(method: string, path: string, auth: { token?: string; cookie?: string }, body?: unknown) {
  const headers = new Headers({ host: "studio.test", origin: ORIGIN });
  if (auth.token) headers.set("authorization", `Bearer ${auth.token}`);
  if (auth.cookie) headers.set("cookie", auth.cookie);
  if (body !== undefined) headers.set("content-type", "application/json");
  return new Request(`${ORIGIN}${path}`, {
    method,
    headers,
    body: body === undefined ? null : JSON.stringify(body),
  });
}

const noParams = { params: Promise.resolve({}) };
const withId = { params: Promise.resolve({ id: ID }) };

describe("invitations", () => {
  it("refuse an owner's access token on every operation, and do nothing", async () => {
    const attempts = [
      () => all.GET(req("GET", "/api/invitations", { token: "mst_owner" }), noParams),
      () => all.POST(req("POST", "/api/invitations", { token: "mst_owner" }, { role: "owner" }), noParams),
      () => one.DELETE(req("DELETE", `/api/invitations/${ID}`, { token: "mst_owner" }), withId),
    ];
    for (const attempt of attempts) {
      const res = await attempt();
      expect(res.status).toBe(403);
      expect(((await res.json()) as { errors: unknown[] }).errors[0]).toMatchObject({
        code: "tokenNotAccepted",
        parameter: "authorization",
      });
    }
    expect(done).toEqual([]);
  });

  it("take the owner's session", async () => {
    const res = await one.DELETE(req("DELETE", `/api/invitations/${ID}`, { cookie: OWNER_COOKIE }), withId);
    expect(res.status).toBe(204);
    expect(done).toEqual([`revoke ${ID}`]);
  });

  it("declare one rule: every operation with a caller takes a session only", () => {
    const withCaller = Object.values(api.invitations).filter((e) => e.spec.access !== "public");
    expect(withCaller.map((e) => e.id).sort()).toEqual([
      "invitations.create",
      "invitations.list",
      "invitations.revoke",
    ]);
    for (const endpoint of withCaller)
      expect(endpoint.spec, endpoint.id).toMatchObject({ access: "manage", tokens: false });
  });
});
