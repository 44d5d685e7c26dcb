import { randomUUID } from "node:crypto";
import fs from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET } from "@/app/api/tasks/[taskUUID]/route";
import { POST } from "@/app/api/tasks/route";
import { SessionCache } from "@/lib/server/auth/session-cache";
import type { OpenedDatabase } from "@/lib/server/db/database";
import { user } from "@/lib/server/db/schema";
import { recordTasks } from "@/lib/server/db/task-records";
import { openTestPglite } from "@/lib/server/db/test-databases";
import { pathOf } from "@/lib/server/http/request-path";
import type { StudioRuntime } from "@/lib/server/runtime";
import { studioErrors } from "@/lib/studio/api/errors";
import { ownRoutesListener } from "./own-routes";

// `POST /api/tasks` and `GET /api/tasks/{taskUUID}` have two roads: Next's Route Handlers
// (development) and server.ts's listener ahead of Next's router (production). Every answer must
// read the same on both.

const KEY = Symbol.for("media-studio.runtime");
const holder = globalThis as { [KEY]?: Promise<StudioRuntime> };
const ORIGIN = "http://studio.test";
const EDITOR = "editor=1";
const VIEWER = "viewer=1";

let previous: Promise<StudioRuntime> | undefined;
let server: Server;
let base = "";
let submitted = 0;
let database: OpenedDatabase;
/** A task the editor sent, recorded as waiting. */
const SENT = randomUUID();
/** The status the test server answers with for a request its listener left to Next. */
const LEFT_TO_NEXT = 299;

beforeAll(async () => {
  database = await openTestPglite();
  for (const [id, name] of [
    ["u-editor", "Eda"],
    ["u-viewer", "Vic"],
  ] as const) {
    await database.db.insert(user).values({ id, name, email: `${name.toLowerCase()}@studio.test` });
  }
  await recordTasks(database.db, "u-editor", [
    { taskType: "imageInference", taskUUID: SENT, positivePrompt: "a lighthouse at dusk" },
  ]);
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
    database,
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
  const own = ownRoutesListener({ hostname: "127.0.0.1", port: 0 });
  server = createServer((req, res) => {
    if (own(req, res, pathOf(req.url))) return;
    res.writeHead(LEFT_TO_NEXT).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  if (previous) holder[KEY] = previous;
  else delete holder[KEY];
  await new Promise((resolve) => server.close(resolve));
  await database.close();
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

describe("GET /api/tasks/{taskUUID}, through Next's Route Handler and server.ts's own listener", () => {
  const CASES: Record<string, { task: string; headers: Record<string, string>; status?: number }> = {
    "no session": { task: SENT, headers: {}, status: 401 },
    "a stranger's session cookie": { task: SENT, headers: { cookie: "stranger=1" } },
    "an unknown token": { task: SENT, headers: { authorization: "Bearer mst_nobody" } },
    "a token over its budget": { task: SENT, headers: { authorization: "Bearer mst_busy" }, status: 429 },
    "a malformed authorization": { task: SENT, headers: { authorization: "Bearer" } },
    "an address that names no task": { task: "not%20a%20task", headers: { cookie: EDITOR }, status: 400 },
    "a task nobody sent": { task: randomUUID(), headers: { cookie: EDITOR }, status: 404 },
    "its sender": { task: SENT, headers: { cookie: EDITOR }, status: 200 },
    "its sender, the address %-escaped": {
      task: `%${SENT.charCodeAt(0).toString(16)}${SENT.slice(1)}`,
      headers: { cookie: EDITOR },
      status: 200,
    },
    "a teammate who only views": { task: SENT, headers: { cookie: VIEWER } },
    "a read-only token": { task: SENT, headers: { authorization: "Bearer mst_read_only" } },
    "a task asked for from another origin": {
      task: SENT,
      headers: { cookie: EDITOR, origin: "http://evil.test" },
    },
  };
  for (const [name, { task, headers, status }] of Object.entries(CASES)) {
    it(`answers ${name} alike on both roads`, async () => {
      const url = `${base}/api/tasks/${task}`;
      const viaNext = await answer(
        await GET(new Request(url, { headers }), {
          params: Promise.resolve({ taskUUID: decodeURIComponent(task) }),
        }),
      );
      const viaListener = await answer(await fetch(url, { headers }));
      if (status !== undefined) expect(viaNext.status).toBe(status);
      expect(viaListener).toEqual(viaNext);
    });
  }

  it("reads the task as sent, its prompt and its waiting state", async () => {
    const read = await fetch(`${base}/api/tasks/${SENT}`, { headers: { cookie: EDITOR } });
    const { data } = (await read.json()) as { data: { taskUUID: string; status: string } };
    expect(data).toMatchObject({ taskUUID: SENT });
    expect(JSON.stringify(data)).toContain("a lighthouse at dusk");
  });

  it("takes no path of another Route Handler: the app's task routes are these two alone", () => {
    // A static route beside [taskUUID] (say /api/tasks/batch) would match the listener's pattern
    // and never reach Next: this fails first, so the listener learns of it.
    const files = fs.readdirSync(new URL("../../../app/api/tasks", import.meta.url), {
      recursive: true,
      encoding: "utf8",
    });
    expect(files.filter((f) => f.endsWith("route.ts")).sort()).toEqual(["[taskUUID]/route.ts", "route.ts"]);
  });

  it("leaves every other request to Next: other methods, deeper paths and the collection", async () => {
    const leftToNext = [
      { path: `/api/tasks/${SENT}`, method: "DELETE" },
      { path: `/api/tasks/${SENT}`, method: "HEAD" },
      { path: `/api/tasks/${SENT}/results`, method: "GET" },
      { path: "/api/tasks", method: "GET" },
      { path: "/api/tasks/", method: "GET" },
      { path: `/api/tasksx/${SENT}`, method: "GET" },
    ];
    for (const { path, method } of leftToNext) {
      const res = await fetch(`${base}${path}`, { method, headers: { cookie: EDITOR } });
      expect(res.status, `${method} ${path}`).toBe(LEFT_TO_NEXT);
    }
  });
});
