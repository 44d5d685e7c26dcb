import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordTasks } from "@/lib/server/db";
import { recordItem } from "@/lib/server/db/item-records";
import { experimentCell, item } from "@/lib/server/db/schema";
import {
  backendTitle,
  createTestUser,
  type TestDatabase,
  testBackends,
} from "@/lib/server/db/test-databases";
import { createEvalSet, updateEvalSet } from "@/lib/server/eval-sets/records";
import { compareRuns, runSummaries, startEvalRun } from "@/lib/server/eval-sets/runs";
import { cellRows } from "@/lib/server/experiments/records";
import { promptQuerySchema } from "@/lib/studio/prompts/query";
import { CANCELLED_CODE } from "@/lib/studio/queue/cancelled";
import { promptHistoryPage, promptHistoryRows } from "./history";

const task = (prompt: string, extra: Record<string, unknown> = {}) => ({
  taskType: "imageInference",
  taskUUID: randomUUID(),
  positivePrompt: prompt,
  model: "runware:100@1",
  width: 512,
  height: 512,
  ...extra,
});

for (const backend of testBackends) {
  describe.skipIf(backend.skip !== undefined)(
    backendTitle(backend, "prompt history and evaluation sets"),
    () => {
      let opened: TestDatabase;
      let ada: string;
      let bob: string;

      beforeAll(async () => {
        opened = await backend.open();
        ada = await createTestUser(opened);
        bob = await createTestUser(opened);
        for (const prompt of ["a red fox in snow", "a red fox in deep snow", "a lighthouse at dusk"]) {
          await recordTasks(opened.db, ada, [task(prompt)]);
          // Times are kept to the millisecond: each task in its own, so "newest first" has one answer.
          await new Promise((resolve) => setTimeout(resolve, 3));
        }
        await recordTasks(opened.db, bob, [task("a heron in a marsh")]);
        await recordTasks(opened.db, ada, [
          { taskType: "imageCaption", taskUUID: randomUUID(), prompt: "x" },
        ]);
      }, 60_000);
      afterAll(async () => {
        await opened?.dispose();
      });

      const query = (q: Record<string, string>) => promptQuerySchema.parse(q);

      it("lists my generation prompts newest first, a page at a time", async () => {
        const first = await promptHistoryPage(opened.db, query({ limit: "2" }), ada);
        expect(first?.runs.map((r) => r.prompt)).toEqual(["a lighthouse at dusk", "a red fox in deep snow"]);
        expect(first?.runs[0]?.workflow).toBe("text-to-image");
        const next = await promptHistoryPage(
          opened.db,
          query({ limit: "2", cursor: first?.nextCursor ?? "" }),
          ada,
        );
        expect(next?.runs.map((r) => r.prompt)).toEqual(["a red fox in snow"]);
        expect(next?.nextCursor).toBeNull();
      });

      it("searches the words of the prompts, for one member or everyone", async () => {
        const mine = await promptHistoryPage(opened.db, query({ q: "foxes" }), ada);
        expect(mine?.runs.map((r) => r.prompt)).toEqual(["a red fox in deep snow", "a red fox in snow"]);
        const everyone = await promptHistoryPage(opened.db, query({ member: "all", q: "heron" }), ada);
        expect(everyone?.runs.map((r) => [r.prompt, r.authorId])).toEqual([["a heron in a marsh", bob]]);
        const his = await promptHistoryPage(opened.db, query({ member: bob }), ada);
        expect(his?.runs).toHaveLength(1);
      });

      it("shows a run's first four live results and counts them all, trash left out", async () => {
        const many = task("a field of sunflowers");
        await recordTasks(opened.db, bob, [many]);
        const ids: string[] = [];
        for (let index = 0; index < 6; index++) {
          const mediaUUID = randomUUID();
          const { item: row } = await recordItem(opened.db, {
            taskUUID: many.taskUUID,
            mediaUUID,
            index,
            kind: "image",
            mime: "image/png",
            width: 512,
            height: 512,
            seed: index,
            storageKey: `items/test/${mediaUUID}.png`,
            bytes: 10,
          });
          ids.push(row.id);
        }
        await opened.db
          .update(item)
          .set({ deletedAt: new Date() })
          .where(eq(item.id, ids[0] ?? ""));
        const page = await promptHistoryPage(opened.db, query({ q: "sunflowers" }), bob);
        const run = page?.runs[0];
        expect(run?.items.map((i) => i.id)).toEqual(ids.slice(1, 5));
        expect(run?.itemCount).toBe(5);
      });

      it("starts a later page in the index at the cursor, whoever's prompts it lists", async () => {
        const first = await promptHistoryPage(opened.db, query({ member: "all", limit: "1" }), ada);
        for (const member of ["all", "me"]) {
          const later = promptHistoryRows(
            opened.db,
            query({ member, limit: "1", cursor: first.nextCursor ?? "" }),
            ada,
          );
          // A few rows would be read whole: the plan is asked as it would be for a team's history.
          const plan = await opened.db.transaction(async (tx) => {
            await tx.execute(sql`set local enable_seqscan = off`);
            await tx.execute(sql`set local enable_bitmapscan = off`);
            return (await tx.execute(sql`explain ${later}`)) as unknown as { rows: Record<string, string>[] };
          });
          const text = plan.rows.map((r) => Object.values(r)[0]).join("\n");
          expect(text).toMatch(/Index Cond: .*\(ROW\(\w*\.?created_at, \w*\.?task_uuid\) < ROW\(/);
          expect(text).not.toMatch(/Sort/);
        }
      });

      it("refuses a cursor it did not give", async () => {
        await expect(promptHistoryPage(opened.db, query({ cursor: "nonsense" }), ada)).rejects.toMatchObject({
          status: 400,
          errors: [{ code: "invalidCursor", parameter: "cursor" }],
        });
      });

      it("runs a set as an experiment over its cases and lines runs up by case", async () => {
        const deps = { db: opened.db, videoModel: "local:video@3.0-prime", maxCells: 100 };
        const made = await createEvalSet(
          opened.db,
          {
            name: "Foxes",
            cases: [
              { prompt: "a red fox", seed: 1 },
              { prompt: "a lighthouse", seed: 2 },
            ],
          },
          ada,
        );
        const first = await startEvalRun(
          deps,
          made.id,
          { model: "runware:100@1", width: 512, height: 512 },
          ada,
        );
        const cells = await cellRows(opened.db, first.experimentId);
        expect(cells.map((c) => [c.params.positivePrompt, c.params.seed, c.status])).toEqual([
          ["a red fox", 1, "pending"],
          ["a lighthouse", 2, "pending"],
        ]);
        expect(first.run).toMatchObject({ setVersion: 1, cells: 2, done: 0, ratingCount: 0 });

        // A new version drops a case and adds one; a second run is of version 2.
        const edited = await updateEvalSet(opened.db, made.id, {
          cases: [
            { prompt: "a lighthouse", seed: 2 },
            { prompt: "an owl", seed: 3 },
          ],
        });
        expect(edited.version).toBe(2);
        const second = await startEvalRun(
          deps,
          made.id,
          { model: "runware:101@1", width: 512, height: 512 },
          ada,
        );
        expect((await runSummaries(opened.db, made.id)).map((r) => r.setVersion)).toEqual([2, 1]);

        const side = await compareRuns(opened.db, made.id, [second.run.id, first.run.id]);
        expect(side.cases.map((c) => c.prompt)).toEqual(["a lighthouse", "an owl"]);
        // The first run had the lighthouse but not the owl.
        expect(side.runs[1]?.results.map((r) => r?.status ?? null)).toEqual(["pending", null]);
        expect(side.runs[0]?.results.map((r) => r?.status ?? null)).toEqual(["pending", "pending"]);
      });

      it("counts a run's cells cancelled while they waited apart from its failures", async () => {
        const deps = { db: opened.db, videoModel: "local:video@3.0-prime", maxCells: 100 };
        const made = await createEvalSet(
          opened.db,
          { name: "Herons", cases: [1, 2, 3].map((seed) => ({ prompt: "a heron", seed })) },
          ada,
        );
        const { run, experimentId } = await startEvalRun(
          deps,
          made.id,
          { model: "runware:100@1", width: 512, height: 512 },
          ada,
        );
        const [failed, ...cancelled] = await cellRows(opened.db, experimentId);
        const end = (key: string | undefined, error: { code: string; message: string }) =>
          opened.db
            .update(experimentCell)
            .set({ status: "error", error: [error] })
            .where(and(eq(experimentCell.experimentId, experimentId), eq(experimentCell.key, key ?? "")));
        await end(failed?.key, { code: "internalServerError", message: "The service failed." });
        for (const cell of cancelled) {
          await end(cell.key, {
            code: CANCELLED_CODE,
            message: "Cancelled while it waited; it was never sent.",
          });
        }
        const [summary] = await runSummaries(opened.db, made.id);
        expect(summary).toMatchObject({ id: run.id, cells: 3, done: 0, failed: 1 });
      });
    },
  );
}
