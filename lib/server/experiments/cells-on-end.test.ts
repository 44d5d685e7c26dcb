import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordTasks } from "@/lib/server/db";
import { experiment, experimentCell } from "@/lib/server/db/schema";
import {
  backendTitle,
  createTestUser,
  type TestDatabase,
  testBackends,
} from "@/lib/server/db/test-databases";
import { keeperTestKit } from "@/lib/server/results/keeper-test-kit";
import type { CellPatch } from "@/lib/studio/experiments/cell-patch";
import { ExperimentRunner } from "./runner";

/**
 * A task's end reaches the experiments as the studio wires them (the keeper's `onFinished` into
 * `taskEnded`): an experiment's cell fills from its task's end, and a task no cell names costs the
 * experiments nothing, not even a statement.
 */

for (const backend of testBackends) {
  describe.skipIf(backend.skip !== undefined)(backendTitle(backend, "cells as tasks end"), () => {
    let opened: TestDatabase;
    let kit: Awaited<ReturnType<typeof keeperTestKit>>;
    let author = "";

    beforeAll(async () => {
      opened = await backend.open();
      author = await createTestUser(opened, "cells-on-end");
      kit = await keeperTestKit("cells-on-end");
    }, 60_000);
    afterAll(async () => {
      await opened?.dispose();
      await kit?.close();
    });

    async function task(): Promise<string> {
      const taskUUID = crypto.randomUUID();
      await recordTasks(opened.db, author, [
        { taskType: "imageInference", taskUUID, positivePrompt: "a lighthouse", model: "runware:100@1" },
      ]);
      return taskUUID;
    }

    it("fills the cell of a task that ends, and asks nothing of the experiments for a task in none", async () => {
      // Started first: tasks recorded before a keeper starts are taken up as left by a restart.
      const keeper = kit.keeper(opened);
      await keeper.start();
      const plain = await task();
      const inCell = await task();
      const [exp] = await opened.db
        .insert(experiment)
        .values({ name: "Lights", createdBy: author, taskType: "imageInference", base: {}, axes: [] })
        .returning({ id: experiment.id });
      const experimentId = exp?.id as string;
      await opened.db
        .insert(experimentCell)
        .values({ experimentId, coords: [0], key: "0", params: {}, status: "sent", taskUUID: inCell });

      const published: CellPatch[] = [];
      const runner = new ExperimentRunner({
        db: opened.db,
        submit: async () => {
          throw new Error("nothing is sent here");
        },
        perRequest: () => 4,
        publish: (_id, cells) => published.push(...(cells ?? [])),
      });
      // The tasks the runner settles cells for (this runner's own method, wrapped).
      const settled: string[] = [];
      const taskFinished = runner.taskFinished.bind(runner);
      runner.taskFinished = (taskUUID) => {
        settled.push(taskUUID);
        return taskFinished(taskUUID);
      };
      const told = new Map<string, boolean>();
      const ends: Promise<void>[] = [];
      keeper.onFinished((_author, taskUUID, ended) => {
        told.set(taskUUID, ended.inExperiment);
        ends.push(runner.taskEnded(taskUUID, ended));
      });
      for (const taskUUID of [plain, inCell]) {
        keeper.track(
          {
            taskUUID,
            taskType: "imageInference",
            authorId: author,
            authorName: "Ada",
            params: {},
            itemCount: 1,
          },
          60_000,
        );
        await keeper.ingest(kit.imageItem(taskUUID, 0));
      }
      await Promise.all(ends);

      expect(Object.fromEntries(told)).toEqual({ [plain]: false, [inCell]: true });
      expect(settled).toEqual([inCell]);
      const [cell] = await opened.db
        .select({ status: experimentCell.status, taskUUID: experimentCell.taskUUID })
        .from(experimentCell)
        .where(eq(experimentCell.experimentId, experimentId));
      expect(cell).toEqual({ status: "done", taskUUID: inCell });
      expect(published.map((p) => [p.taskUUID, p.status])).toEqual([[inCell, "done"]]);
      await runner.idle();
      runner.close();
      await keeper.close();
    });
  });
}
