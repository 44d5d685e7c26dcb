import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET, PUT } from "@/app/api/canvas-recipes/[taskUUID]/route";
import { installTestRuntime, routeRequest } from "@/lib/server/api/route-test-kit";
import type { OpenedDatabase } from "@/lib/server/db/database";
import { task } from "@/lib/server/db/schema";
import {
  backendTitle,
  createTestUser,
  openTwice,
  type TestDatabase,
  testBackends,
} from "@/lib/server/db/test-databases";
import { readCanvasRecipe, saveCanvasRecipe } from "./canvas-recipes";

// The canvas a task was sent from, kept beside the task: only its author keeps one, once, and any
// member reads it to reopen the canvas.

const ADA = { id: "u-ada", name: "Ada", email: "ada@studio.test", role: "editor" as const };
const BOB = { id: "u-bob", name: "Bob", email: "bob@studio.test", role: "editor" as const };
const VIC = { id: "u-vic", name: "Vic", email: "vic@studio.test", role: "viewer" as const };

const req = (method: string, taskUUID: string, cookie: string | null, body?: unknown) =>
  routeRequest(method, `/api/canvas-recipes/${taskUUID}`, cookie, body);

const at = (taskUUID: string) => ({ params: Promise.resolve({ taskUUID }) });

async function json(res: Response) {
  return (await res.json()) as {
    data?: { recipe: { values: Record<string, unknown> } | null };
    errors?: { code: string; parameter?: string }[];
  };
}

async function addTask(opened: OpenedDatabase, authorId: string): Promise<string> {
  const taskUUID = randomUUID();
  await opened.db.insert(task).values({
    taskUUID,
    taskType: "imageInference",
    authorId,
    params: { positivePrompt: "more sea on the left" },
  });
  return taskUUID;
}

const canvas = (n: number) => ({
  state: { doc: { picture: null, layers: [{ id: `l${n}`, strokes: [{ points: [1, 2, 0.5] }] }] } },
  version: 1,
});

for (const backend of testBackends) {
  describe.skipIf(backend.skip)(backendTitle(backend, "canvas recipes"), () => {
    let database: TestDatabase;
    let restore: () => void = () => {};

    beforeAll(async () => {
      database = await backend.open();
      for (const who of [ADA, BOB, VIC]) await createTestUser(database, who.id);
      restore = installTestRuntime(database, { "ada=1": ADA, "bob=1": BOB, "vic=1": VIC });
    }, 60_000);

    afterAll(async () => {
      restore();
      await database?.dispose();
    });

    it("keeps the author's recipe once, refuses another member's, and shows it to the team", async () => {
      const id = await addTask(database, ADA.id);
      const saved = await PUT(req("PUT", id, "ada=1", { values: canvas(1) }), at(id));
      expect(saved.status).toBe(200);
      // Bob may generate, but not explain Ada's task with a canvas of his.
      const theirs = await PUT(req("PUT", id, "bob=1", { values: canvas(2) }), at(id));
      expect(theirs.status).toBe(404);
      expect((await json(theirs)).errors?.[0]).toMatchObject({ parameter: "taskUUID" });
      // A second save of Ada's own answers the first and changes nothing.
      const again = await json(await PUT(req("PUT", id, "ada=1", { values: canvas(3) }), at(id)));
      expect(again.data?.recipe?.values).toEqual(canvas(1));
      const read = await json(await GET(req("GET", id, "vic=1"), at(id)));
      expect(read.data?.recipe?.values).toEqual(canvas(1));
      // A viewer reads but does not write; a guest does neither.
      expect((await PUT(req("PUT", id, "vic=1", { values: canvas(4) }), at(id))).status).toBe(403);
      expect((await GET(req("GET", id, null), at(id))).status).toBe(401);
    });

    it("answers null for a task with no canvas, and bad input naming the parameter", async () => {
      const id = await addTask(database, ADA.id);
      expect((await json(await GET(req("GET", id, "ada=1"), at(id)))).data).toEqual({ recipe: null });
      const unknown = randomUUID();
      const missing = await PUT(req("PUT", unknown, "ada=1", { values: canvas(1) }), at(unknown));
      expect(missing.status).toBe(404);
      const bad = await GET(req("GET", "nope", "ada=1"), at("nope"));
      expect(bad.status).toBe(400);
      expect((await json(bad)).errors?.[0]?.parameter).toBe("taskUUID");
      const values = await PUT(req("PUT", id, "ada=1", { values: ["a"] }), at(id));
      expect((await json(values)).errors?.[0]?.parameter).toBe("values");
    });
  });

  describe.skipIf(backend.skip)(
    backendTitle(backend, "canvas recipes saved at once from two studios"),
    () => {
      it("keeps exactly one of twenty recipes sent at once, and every save answers that one", async () => {
        const pair = await openTwice(backend);
        try {
          const author = await createTestUser(pair.a);
          const id = await addTask(pair.a, author);
          const outcomes = await Promise.all(
            Array.from({ length: 20 }, (_, n) =>
              saveCanvasRecipe((n % 2 ? pair.b : pair.a).db, author, id, canvas(n)),
            ),
          );
          const kept = await readCanvasRecipe(pair.b.db, id);
          for (const o of outcomes) expect(o.values).toEqual(kept?.values);
        } finally {
          await pair.dispose();
        }
      }, 60_000);
    },
  );
}
