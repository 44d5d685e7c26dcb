import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as baselineRoute from "@/app/api/eval-sets/[id]/baseline/route";
import * as regressionRoute from "@/app/api/eval-sets/[id]/regression/route";
import { SessionCache } from "@/lib/server/auth/session-cache";
import { evalSet } from "@/lib/server/db/schema";
import { createTestUser, type TestDatabase, testBackends } from "@/lib/server/db/test-databases";
import type { StudioRuntime } from "@/lib/server/runtime";
import { createEvalSet } from "./records";
import { startEvalRun } from "./runs";
import { finishRun } from "./test-runs";

// The baseline and regression endpoints as the studio serves them, against a stand-in runtime on
// a real database: a viewer reads the comparison but cannot move the baseline; an editor can.

const KEY = Symbol.for("media-studio.runtime");
const holder = globalThis as { [KEY]?: Promise<StudioRuntime> };
const ORIGIN = "http://studio.test";
const backend = testBackends[0];

let previous: Promise<StudioRuntime> | undefined;
let opened: TestDatabase;
let setId: string;
const runs: string[] = [];
let otherSetRun: string;

beforeAll(async () => {
  if (!backend) throw new Error("no test database");
  opened = await backend.open();
  const author = await createTestUser(opened);
  const deps = { db: opened.db, videoModel: "local:video@3.0-prime", maxCells: 100 };
  setId = (
    await createEvalSet(opened.db, { name: "Teapots", cases: [{ prompt: "a teapot", seed: 3 }] }, author)
  ).id;
  for (const model of ["runware:100@1", "runware:101@1"]) {
    const run = await startEvalRun(deps, setId, { model, width: 512, height: 512 }, author);
    await finishRun(opened.db, author, run.experimentId);
    runs.push(run.run.id);
  }
  const other = await createEvalSet(
    opened.db,
    { name: "Other", cases: [{ prompt: "a cup", seed: 4 }] },
    author,
  );
  otherSetRun = (
    await startEvalRun(deps, other.id, { model: "runware:100@1", width: 512, height: 512 }, author)
  ).run.id;
  const sessions = new SessionCache(60_000);
  sessions.set("viewer=1", { id: "u-viewer", name: "Vi", email: "vi@studio.test", role: "viewer" });
  sessions.set("editor=1", { id: author, name: "Ed", email: "ed@studio.test", role: "editor" });
  previous = holder[KEY];
  const quiet = { info() {}, warn() {}, error() {}, debug() {}, child: () => quiet };
  holder[KEY] = Promise.resolve({
    gate: { auth: { api: { getSession: async () => null } }, sessions, publicUrl: ORIGIN },
    database: { db: opened.db },
    log: quiet,
  } as unknown as StudioRuntime);
}, 120_000);

afterAll(async () => {
  if (previous) holder[KEY] = previous;
  else delete holder[KEY];
  await opened?.dispose();
});

function req(method: string, path: string, cookie: string, body?: unknown) {
  const headers = new Headers({ host: "studio.test", origin: ORIGIN, cookie });
  if (body !== undefined) headers.set("content-type", "application/json");
  return new Request(`${ORIGIN}${path}`, {
    method,
    headers,
    body: body === undefined ? null : JSON.stringify(body),
  });
}
const ctx = (id: string) => ({ params: Promise.resolve({ id }) });
const storedBaseline = async () =>
  (await opened.db.select().from(evalSet).where(eq(evalSet.id, setId)))[0]?.baselineRunId ?? null;

describe("a set's baseline, by role", () => {
  it("lets a viewer read the comparison but not change the baseline; an editor changes it", async () => {
    const [first, second] = runs as [string, string];
    const read = await regressionRoute.GET(
      req("GET", `/api/eval-sets/${setId}/regression?run=${second}`, "viewer=1"),
      ctx(setId),
    );
    expect(read.status).toBe(200);
    expect(((await read.json()) as { data: { baseline: { id: string } } }).data.baseline.id).toBe(first);

    const refused = await baselineRoute.PUT(
      req("PUT", `/api/eval-sets/${setId}/baseline`, "viewer=1", { run: second }),
      ctx(setId),
    );
    expect(refused.status).toBe(403);
    expect(await storedBaseline()).toBeNull();

    const moved = await baselineRoute.PUT(
      req("PUT", `/api/eval-sets/${setId}/baseline`, "editor=1", { run: second }),
      ctx(setId),
    );
    expect(moved.status).toBe(200);
    expect(await storedBaseline()).toBe(second);
  });

  it("answers bad ids with the contract's errors naming the parameter, never a 500", async () => {
    const [first] = runs as [string];
    const cases: [Promise<Response>, number, string][] = [
      [
        regressionRoute.GET(
          req("GET", `/api/eval-sets/${setId}/regression?run=nope`, "viewer=1"),
          ctx(setId),
        ),
        400,
        "run",
      ],
      [
        regressionRoute.GET(req("GET", `/api/eval-sets/${setId}/regression`, "viewer=1"), ctx(setId)),
        400,
        "run",
      ],
      [
        regressionRoute.GET(
          req("GET", `/api/eval-sets/${setId}/regression?run=${first}&baseline=${otherSetRun}`, "viewer=1"),
          ctx(setId),
        ),
        404,
        "baseline",
      ],
      [
        regressionRoute.GET(req("GET", `/api/eval-sets/x/regression?run=${first}`, "viewer=1"), ctx("x")),
        400,
        "id",
      ],
      [
        baselineRoute.PUT(
          req("PUT", `/api/eval-sets/${setId}/baseline`, "editor=1", { run: otherSetRun }),
          ctx(setId),
        ),
        404,
        "run",
      ],
      [
        baselineRoute.PUT(req("PUT", `/api/eval-sets/${setId}/baseline`, "editor=1", { run: 7 }), ctx(setId)),
        400,
        "run",
      ],
    ];
    for (const [answer, status, parameter] of cases) {
      const res = await answer;
      expect(res.status).toBe(status);
      const body = (await res.json()) as { errors: { parameter?: string }[] };
      expect(body.errors[0]?.parameter).toBe(parameter);
    }
  });
});
