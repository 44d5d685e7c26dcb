import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST } from "@/app/api/tasks/route";
import { SessionCache } from "@/lib/server/auth/session-cache";
import type { StudioRuntime } from "@/lib/server/runtime";
import { studioErrors } from "@/lib/studio/api/errors";
import { postTasksListener } from "./post-tasks";

// `POST /api/tasks` has two roads: Next's Route Handler (development) and server.ts's listener
// ahead of Next's router (production). Every refusal must read the same on both.

const KEY = Symbol.for("media-studio.runtime");
const holder = globalThis as { [KEY]?: Promise<StudioRuntime> };
const ORIGIN = "http://studio.test";
const EDITOR = "editor=1";
const VIEWER = "viewer=1";

let previous: Promise<StudioRuntime> | undefined;
let server: Server;
let base = "";
let submitted = 0;

beforeAll(async () => {
  const sessions = new SessionCache(60_000);
  sessions.set(EDITOR, { id: "u-editor", name: "Eda", email: "eda@studio.test", role: "editor" });
  sessions.set(VIEWER, { id: "u-viewer", name: "Vic", email: "vic@studio.test", role: "viewer" });
  const tokens = {
    async verify(_request: Request, token: string) {
      // A viewer's token, and an editor's token made read-only: both reach no further than viewing.
      if (token === "mst_viewer_member")
        return {
          user: { id: "u-viewer", name: "Vic", email: "vic@studio.test", role: "viewer" },
          tokenId: "t1",
        };
      if (token === "mst_read_only")
        return {
          user: { id: "u-editor", name: "Eda", email: "eda@studio.test", role: "viewer" },
          tokenId: "t2",
        };
      if (token === "mst_busy") throw studioErrors.rateLimited(30).retryAfter(30);
      throw studioErrors.invalidToken();
    },
  };
  previous = holder[KEY];
  holder[KEY] = Promise.resolve({
    gate: { auth: { api: { getSession: async () => null } }, sessions, publicUrl: ORIGIN, tokens },
    tokens,
    submit: new Proxy(
      {},
      {
        get() {
          submitted += 1;
          throw new Error("a refused request reached the service");
        },
      },
    ),
  } as unknown as StudioRuntime);
  server = createServer(postTasksListener({ hostname: "127.0.0.1", port: 0 }));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  if (previous) holder[KEY] = previous;
  else delete holder[KEY];
  await new Promise((resolve) => server.close(resolve));
});

const BODY = JSON.stringify([
  { taskType: "imageInference", taskUUID: crypto.randomUUID(), positivePrompt: "a" },
]);

const BAD: Record<string, Record<string, string>> = {
  "no session": { origin: ORIGIN },
  "a stranger's session cookie": { origin: ORIGIN, cookie: "stranger=1" },
  "another origin": { origin: "http://evil.test", cookie: EDITOR },
  "no origin at all": { cookie: EDITOR },
  "a viewer's session": { origin: ORIGIN, cookie: VIEWER },
  "an unknown token": { authorization: "Bearer mst_nobody" },
  "a token made read-only": { authorization: "Bearer mst_read_only" },
  "a token of a read-only member": { authorization: "Bearer mst_viewer_member" },
  "a token over its budget": { authorization: "Bearer mst_busy" },
  "a malformed authorization": { authorization: "Bearer" },
};

async function answer(response: Response) {
  return {
    status: response.status,
    body: await response.json(),
    contentType: response.headers.get("content-type"),
    retryAfter: response.headers.get("retry-after"),
  };
}

describe("POST /api/tasks, through Next's Route Handler and server.ts's own listener", () => {
  for (const [name, headers] of Object.entries(BAD)) {
    it(`answers ${name} alike on both roads`, async () => {
      const init = {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: BODY,
      };
      const viaNext = await answer(
        await POST(new Request(`${base}/api/tasks`, init), { params: Promise.resolve({}) }),
      );
      const viaListener = await answer(await fetch(`${base}/api/tasks`, init));
      expect(viaNext.status).toBeGreaterThanOrEqual(400);
      expect(viaListener).toEqual(viaNext);
    });
  }

  it("sent nothing to the service", () => {
    expect(submitted).toBe(0);
  });
});
