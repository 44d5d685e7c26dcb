import "server-only";
import type { StudioDatabase } from "@/lib/server/db";
import type { CellStatus } from "@/lib/server/db/schema";
import type { CellView, ExperimentView } from "@/lib/studio/api/experiments";
import { expandAxis } from "@/lib/studio/experiments/axes";
import { isCancelled } from "@/lib/studio/queue/cancelled";
import { refusalWords } from "./plan";
import { cellResults, cellRows, experimentRow, relatives } from "./records";

export type { CellView, ExperimentView };

export async function experimentView(db: StudioDatabase, id: string): Promise<ExperimentView | null> {
  const row = await experimentRow(db, id);
  if (!row) return null;
  const cells = await cellRows(db, id);
  const tasks = cells.flatMap((c) => (c.taskUUID ? [c.taskUUID] : []));
  const [{ items, seconds: times }, versions] = await Promise.all([
    cellResults(db, tasks),
    relatives(db, row),
  ]);
  const count = (s: CellStatus) => cells.filter((c) => c.status === s).length;
  const cancelled = cells.filter((c) => c.status === "error" && isCancelled(c.error)).length;
  return {
    id: row.id,
    name: row.name,
    taskType: row.taskType,
    status: row.status,
    version: row.version,
    parentId: row.parentId,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    concurrency: row.concurrency,
    base: row.base,
    axes: row.axes.map((spec) => {
      const out = expandAxis(spec, row.base);
      return out.ok
        ? {
            name: out.axis.name,
            labels: out.axis.values.map((v) => v.label),
            titles: out.axis.values.map((v) => v.title),
            kind: spec.kind,
          }
        : { name: "?", labels: [], titles: [], kind: spec.kind };
    }),
    cells: cells.map((c) => ({
      key: c.key,
      coords: c.coords,
      status: c.status,
      params: c.params,
      // In words a person reads: settings by their names, not their wire names.
      errors: (c.error ?? []).map((e) => ({ ...e, message: refusalWords(e) })),
      attempts: c.attempts,
      taskUUID: c.taskUUID,
      seconds: c.taskUUID && c.status === "done" ? (times.get(c.taskUUID) ?? null) : null,
      items: c.taskUUID && c.status === "done" ? (items.get(c.taskUUID) ?? []) : [],
    })),
    progress: {
      done: count("done"),
      failed: count("error") - cancelled,
      cancelled,
      refused: count("refused"),
      running: count("pending") + count("sent"),
      total: cells.length,
    },
    versions,
  };
}
