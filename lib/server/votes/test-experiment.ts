import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { recordItem, recordTasks, type SentTask } from "@/lib/server/db";
import { experimentCell } from "@/lib/server/db/schema";
import type { TestDatabase } from "@/lib/server/db/test-databases";
import { createExperiment } from "@/lib/server/experiments/actions";
import { cellRows } from "@/lib/server/experiments/records";

/** For tests: an experiment over these prompts whose every cell finished with one image. */
export async function finishedExperiment(
  opened: TestDatabase,
  author: string,
  prompts: readonly string[],
): Promise<{ experimentId: string; itemIds: string[] }> {
  const created = await createExperiment(
    { db: opened.db, videoModel: "local:video@3.0-prime", maxCells: 100 },
    {
      base: {
        taskType: "imageInference",
        positivePrompt: prompts[0],
        model: "runware:100@1",
        width: 512,
        height: 512,
      },
      axes: [{ kind: "prompts", prompts: [...prompts] }],
    },
    author,
  );
  if (!created.ok) throw new Error(JSON.stringify(created.errors));
  const experimentId = created.value.experiment.id;
  const itemIds: string[] = [];
  for (const cell of await cellRows(opened.db, experimentId)) {
    const taskUUID = randomUUID();
    await recordTasks(opened.db, author, [
      { ...cell.params, taskType: "imageInference", taskUUID } as SentTask,
    ]);
    const mediaUUID = randomUUID();
    const recorded = await recordItem(opened.db, {
      taskUUID,
      mediaUUID,
      kind: "image",
      mime: "image/png",
      width: 512,
      height: 512,
      seed: 11,
      storageKey: `items/2026/11/${mediaUUID}.png`,
      bytes: 100,
    });
    itemIds.push(recorded.item.id);
    await opened.db
      .update(experimentCell)
      .set({ status: "done", taskUUID })
      .where(and(eq(experimentCell.experimentId, experimentId), eq(experimentCell.key, cell.key)));
  }
  return { experimentId, itemIds };
}
