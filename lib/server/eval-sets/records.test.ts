import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeKeys } from "@/lib/server/db/cursor";
import { experiment, experimentCell, item, task } from "@/lib/server/db/schema";
import {
  backendTitle,
  createTestUser,
  type TestDatabase,
  testBackends,
} from "@/lib/server/db/test-databases";
import { createEvalSet, deleteEvalSet, evalSetPage, updateEvalSet } from "./records";

for (const backend of testBackends) {
  describe.skipIf(backend.skip !== undefined)(backendTitle(backend, "evaluation sets as stored"), () => {
    let opened: TestDatabase;
    let author: string;

    beforeAll(async () => {
      opened = await backend.open();
      author = await createTestUser(opened);
    }, 60_000);
    afterAll(async () => {
      await opened?.dispose();
    });

    it("pages the sets newest change first with the studio's one cursor, and refuses one it did not give", async () => {
      const older = await createEvalSet(
        opened.db,
        { name: "Older", cases: [{ prompt: "a fox", seed: 1 }] },
        author,
      );
      const newer = await createEvalSet(opened.db, { name: "Newer", cases: [] }, author);
      await updateEvalSet(opened.db, newer.id, { name: "Newer, renamed" });
      const first = await evalSetPage(opened.db, { limit: 1 });
      expect(first.items.map((s) => s.name)).toEqual(["Newer, renamed"]);
      expect(first.nextCursor).not.toBeNull();
      const second = await evalSetPage(opened.db, { cursor: first.nextCursor ?? undefined, limit: 1 });
      expect(second.items.map((s) => s.id)).toEqual([older.id]);
      expect(second.items[0]).toMatchObject({ cases: 1, runs: 0 });
      for (const cursor of ["bm9uc2Vuc2U", encodeKeys(["1", "not-a-uuid"])]) {
        await expect(evalSetPage(opened.db, { cursor, limit: 1 })).rejects.toMatchObject({
          status: 400,
          errors: [{ code: "invalidCursor", parameter: "cursor" }],
        });
      }
    });

    it("answers a missing set with the studio's error naming its id", async () => {
      const made = await createEvalSet(opened.db, { name: "Gone soon", cases: [] }, author);
      expect(await deleteEvalSet(opened.db, made.id)).toEqual({ id: made.id });
      const missing = { status: 404, errors: [{ code: "evalSetNotFound", parameter: "id" }] };
      await expect(deleteEvalSet(opened.db, made.id)).rejects.toMatchObject(missing);
      await expect(updateEvalSet(opened.db, made.id, { name: "x" })).rejects.toMatchObject(missing);
    });

    it("refuses a set from an experiment with no cells, naming where the cases were to come from", async () => {
      await expect(
        createEvalSet(
          opened.db,
          { name: "Empty", from: { kind: "experiment", id: "00000000-0000-4000-8000-000000000001" } },
          author,
        ),
      ).rejects.toMatchObject({ status: 422, errors: [{ code: "noCases", parameter: "from.id" }] });
    });

    it("makes cases only of an experiment's cells that made a result: five failed cells make none", async () => {
      const prompts = ["a fox", "a wolf", "an owl", "a hare", "a stag"];
      const [made] = await opened.db
        .insert(experiment)
        .values({
          name: "All failed",
          createdBy: author,
          taskType: "imageInference",
          base: { positivePrompt: "a fox", model: "runware:100@1", width: 512, height: 512 },
          axes: [{ kind: "prompts", prompts }],
          status: "done",
        })
        .returning();
      const id = made?.id ?? "";
      await opened.db.insert(experimentCell).values(
        prompts.map((prompt, i) => ({
          experimentId: id,
          coords: [i],
          key: String(i),
          params: { positivePrompt: prompt, seed: 100 + i },
          status: "error" as const,
          taskUUID: randomUUID(),
          attempts: 3,
          error: [{ code: "internalServerError", message: "The service failed." }],
        })),
      );
      const from = { kind: "experiment" as const, id };
      // Before: five cases, one per failed cell.
      await expect(createEvalSet(opened.db, { name: "From failures", from }, author)).rejects.toMatchObject({
        status: 422,
        errors: [{ code: "noCases", parameter: "from.id" }],
      });

      // One cell done with a kept result: that one cell is the set's one case.
      const taskUUID = randomUUID();
      await opened.db.insert(task).values({
        taskUUID,
        taskType: "imageInference",
        authorId: author,
        params: { positivePrompt: "an owl", seed: 102 },
        status: "success",
      });
      await opened.db.insert(item).values({
        taskUUID,
        authorId: author,
        index: 0,
        mediaUUID: randomUUID(),
        kind: "image",
        mime: "image/png",
        width: 512,
        height: 512,
        seed: "102",
        storageKey: `test/${taskUUID}.png`,
        bytes: 1,
        prompt: "an owl",
      });
      await opened.db
        .update(experimentCell)
        .set({ status: "done", taskUUID, error: null })
        .where(and(eq(experimentCell.experimentId, id), eq(experimentCell.key, "2")));
      const set = await createEvalSet(opened.db, { name: "From the one that worked", from }, author);
      expect(set.cases).toEqual([{ prompt: "an owl", seed: 102 }]);
    });
  });
}
