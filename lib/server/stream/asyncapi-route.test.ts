import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET } from "@/app/api/asyncapi.json/route";
import { SessionCache } from "@/lib/server/auth/session-cache";
import type { StudioRuntime } from "@/lib/server/runtime";
import { studioErrors } from "@/lib/studio/api/errors";

// The live stream's reference as the studio serves it, against a stand-in runtime: to a member,
// by session or token, like /api/openapi.json; to nobody else.

const KEY = Symbol.for("media-studio.runtime");
const holder = globalThis as { [KEY]?: Promise<StudioRuntime> };
const VIEWER = { id: "u-viewer", name: "Grace", email: "grace@studio.test", role: "viewer" as const };
let previous: Promise<StudioRuntime> | undefined;

beforeAll(() => {
  const sessions = new SessionCache(60_000);
  sessions.set("viewer=1", VIEWER);
  previous = holder[KEY];
  holder[KEY] = Promise.resolve({
    gate: { auth: { api: { getSession: async () => null } }, sessions, publicUrl: "https://studio.test" },
    tokens: {
      async verify(_request: Request, token: string) {
        if (token !== "mst_viewer") throw studioErrors.invalidToken();
        return { user: VIEWER, tokenId: "t1" };
      },
    },
  } as unknown as StudioRuntime);
});

afterAll(() => {
  if (previous) holder[KEY] = previous;
  else delete holder[KEY];
});

const get = (headers: Record<string, string>) =>
  GET(
    new Request("https://studio.test/api/asyncapi.json", { headers: { host: "studio.test", ...headers } }),
    {
      params: Promise.resolve({}),
    },
  );

describe("GET /api/asyncapi.json", () => {
  it("answers the document to a member's session and to a token, with the studio as its server", async () => {
    const ways: Record<string, string>[] = [{ cookie: "viewer=1" }, { authorization: "Bearer mst_viewer" }];
    for (const headers of ways) {
      const res = await get(headers);
      expect(res.status).toBe(200);
      const doc = (await res.json()) as {
        asyncapi: string;
        servers: { studio: { host: string; protocol: string } };
      };
      expect(doc.asyncapi).toBe("3.0.0");
      expect(doc.servers.studio).toMatchObject({ host: "studio.test", protocol: "wss" });
    }
  });

  it("refuses a caller without a session or with an unknown token", async () => {
    expect((await get({})).status).toBe(401);
    expect((await get({ authorization: "Bearer mst_nope" })).status).toBe(401);
  });
});
