import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { recordItem, recordTasks, type SentTask, type StudioDatabase } from "@/lib/server/db";
import { experiment, experimentCell } from "@/lib/server/db/schema";
import { cellRows } from "@/lib/server/experiments/records";

/**
 * Test help: a run's cells finished as if the service had answered, each with a kept image, the
 * cells whose prompt `skip` names left waiting; then the run's experiment is done.
 */
export async function finishRun(
  db: StudioDatabase,
  author: string,
  experimentId: string,
  skip: (prompt: string) => boolean = () => false,
): Promise<void> {
  for (const cell of await cellRows(db, experimentId)) {
    if (skip(String(cell.params.positivePrompt ?? ""))) continue;
    const taskUUID = randomUUID();
    await recordTasks(db, author, [{ ...cell.params, taskType: "imageInference", taskUUID } as SentTask]);
    const mediaUUID = randomUUID();
    await recordItem(db, {
      taskUUID,
      mediaUUID,
      kind: "image",
      mime: "image/png",
      width: 512,
      height: 512,
      seed: Number(cell.params.seed),
      storageKey: `items/2026/11/${mediaUUID}.png`,
      bytes: 100,
    });
    await db
      .update(experimentCell)
      .set({ status: "done", taskUUID })
      .where(and(eq(experimentCell.experimentId, experimentId), eq(experimentCell.key, cell.key)));
  }
  await db.update(experiment).set({ status: "done" }).where(eq(experiment.id, experimentId));
}
