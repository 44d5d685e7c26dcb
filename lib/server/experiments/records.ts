import "server-only";
import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { StudioDatabase } from "@/lib/server/db";
import { decodeCursor, encodeCursor } from "@/lib/server/db/cursor";
import { outerColumn } from "@/lib/server/db/outer-column";
import {
  type ExperimentCellRow,
  type ExperimentRow,
  type ExperimentStatus,
  experiment,
  experimentCell,
  item,
  task,
  user,
} from "@/lib/server/db/schema";
import type { CellItem, ExperimentPage } from "@/lib/studio/api/experiments";
import { CANCELLED_CODE } from "@/lib/studio/queue/cancelled";
import { mediaUrl } from "../items/gallery-item";
import type { Plan } from "./plan";

/** A cell's coords as its key: "0-2-1". */
export const cellKey = (coords: readonly number[]) => coords.join("-");

/** Stores a plan as an experiment: runnable cells pending, refused ones marked with why. */
export async function storePlan(
  db: StudioDatabase,
  plan: Plan,
  createdBy: string,
  lineage: { parentId: string; version: number } | null = null,
  carried: Map<string, ExperimentCellRow> = new Map(),
): Promise<ExperimentRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(experiment)
      .values({
        name: plan.name,
        createdBy,
        taskType: plan.taskType,
        base: plan.base,
        axes: plan.specs,
        status: "running",
        concurrency: plan.concurrency,
        // Its place in the author's waiting queue: after what they sent before, as a task's.
        queueRank: Date.now(),
        ...(lineage ?? {}),
      })
      .returning();
    if (!row) throw new Error("experiment not stored");
    const cells = plan.cells.map((c) => {
      const key = cellKey(c.coords);
      const old = carried.get(key);
      if (old && c.errors.length === 0 && old.status === "done") {
        const { experimentId: _e, ...rest } = old;
        return { ...rest, experimentId: row.id, params: c.params };
      }
      return {
        experimentId: row.id,
        coords: c.coords,
        key,
        params: c.params,
        status: c.errors.length > 0 ? ("refused" as const) : ("pending" as const),
        error: c.errors.length > 0 ? c.errors : null,
      };
    });
    for (let i = 0; i < cells.length; i += 200)
      await tx.insert(experimentCell).values(cells.slice(i, i + 200));
    return row;
  });
}

export async function experimentRow(db: StudioDatabase, id: string): Promise<ExperimentRow | null> {
  const [row] = await db.select().from(experiment).where(eq(experiment.id, id));
  return row ?? null;
}

export async function cellRows(db: StudioDatabase, id: string): Promise<ExperimentCellRow[]> {
  return db
    .select()
    .from(experimentCell)
    .where(eq(experimentCell.experimentId, id))
    .orderBy(asc(experimentCell.key));
}

/** A cell's result as the grid shows it. */
export type { CellItem };

/** What a grid shows of its finished cells' tasks: their live items, and seconds from sent to done. */
export interface CellResults {
  items: Map<string, CellItem[]>;
  seconds: Map<string, number>;
}

/** The items and times of the given tasks, by task, read in one query. */
export async function cellResults(db: StudioDatabase, taskUUIDs: string[]): Promise<CellResults> {
  const out: CellResults = { items: new Map(), seconds: new Map() };
  if (taskUUIDs.length === 0) return out;
  const rows = await db
    .select({
      taskUUID: task.taskUUID,
      createdAt: task.createdAt,
      completedAt: task.completedAt,
      item: {
        id: item.id,
        kind: item.kind,
        storageKey: item.storageKey,
        width: item.width,
        height: item.height,
        cost: item.cost,
        seed: item.seed,
      },
    })
    .from(task)
    .leftJoin(item, and(eq(item.taskUUID, task.taskUUID), isNull(item.deletedAt)))
    .where(inArray(task.taskUUID, taskUUIDs))
    .orderBy(asc(task.taskUUID), asc(item.index));
  for (const r of rows) {
    if (r.completedAt) out.seconds.set(r.taskUUID, (r.completedAt.getTime() - r.createdAt.getTime()) / 1000);
    const list = out.items.get(r.taskUUID) ?? [];
    out.items.set(r.taskUUID, list);
    const i = r.item;
    if (i)
      list.push({
        id: i.id,
        kind: i.kind,
        url: mediaUrl(i),
        width: i.width,
        height: i.height,
        cost: i.cost,
        seed: i.seed,
      });
  }
  return out;
}

export type { ExperimentPage, ExperimentSummary } from "@/lib/studio/api/experiments";

/** Newest first, on `experiment_created_idx`; null for a cursor that is not one of ours. */
export async function experimentPage(
  db: StudioDatabase,
  options: { cursor?: string | undefined; limit: number },
): Promise<ExperimentPage> {
  const after = decodeCursor(options.cursor);
  const rows = await db
    .select({
      row: experiment,
      createdByName: user.name,
      cells: sql<number>`(select count(*)::int from experiment_cell c where c.experiment_id = ${outerColumn(experiment.id)})`,
      done: sql<number>`(select count(*)::int from experiment_cell c where c.experiment_id = ${outerColumn(experiment.id)} and c.status = 'done')`,
      failed: sql<number>`(select count(*)::int from experiment_cell c where c.experiment_id = ${outerColumn(experiment.id)} and c.status = 'error' and coalesce(c.error -> 0 ->> 'code', '') <> ${CANCELLED_CODE})`,
      cancelled: sql<number>`(select count(*)::int from experiment_cell c where c.experiment_id = ${outerColumn(experiment.id)} and c.status = 'error' and c.error -> 0 ->> 'code' = ${CANCELLED_CODE})`,
      coverKey: sql<
        string | null
      >`(select i.storage_key from experiment_cell c join item i on i.task_uuid = c.task_uuid where c.experiment_id = ${outerColumn(experiment.id)} and c.status = 'done' and i.deleted_at is null and i.kind = 'image' order by c.key limit 1)`,
    })
    .from(experiment)
    .leftJoin(user, eq(user.id, experiment.createdBy))
    .where(
      after
        ? or(
            lt(experiment.createdAt, after.at),
            and(eq(experiment.createdAt, after.at), lt(experiment.id, after.id)),
          )
        : undefined,
    )
    .orderBy(desc(experiment.createdAt), desc(experiment.id))
    .limit(options.limit + 1);
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => ({
      id: r.row.id,
      name: r.row.name,
      taskType: r.row.taskType,
      status: r.row.status,
      version: r.row.version,
      parentId: r.row.parentId,
      createdBy: r.row.createdBy,
      createdByName: r.createdByName,
      createdAt: r.row.createdAt.toISOString(),
      cells: r.cells,
      done: r.done,
      failed: r.failed,
      cancelled: r.cancelled,
      coverUrl: r.coverKey ? mediaUrl({ storageKey: r.coverKey }) : null,
    })),
    nextCursor: rows.length > options.limit && last ? encodeCursor(last.row.createdAt, last.row.id) : null,
  };
}

export async function setStatus(db: StudioDatabase, id: string, status: ExperimentStatus): Promise<void> {
  await db.update(experiment).set({ status, updatedAt: new Date() }).where(eq(experiment.id, id));
}

/** Experiments the runner must keep going (on `experiment_running_idx`). */
export async function runningIds(db: StudioDatabase): Promise<string[]> {
  const rows = await db
    .select({ id: experiment.id })
    .from(experiment)
    .where(eq(experiment.status, "running"));
  return rows.map((r) => r.id);
}

/** Versions of the same experiment: its parent and its children. */
export async function relatives(
  db: StudioDatabase,
  row: ExperimentRow,
): Promise<{ id: string; version: number; name: string }[]> {
  const rows = await db
    .select({ id: experiment.id, version: experiment.version, name: experiment.name })
    .from(experiment)
    .where(
      row.parentId
        ? or(eq(experiment.id, row.parentId), eq(experiment.parentId, row.id))
        : eq(experiment.parentId, row.id),
    )
    .orderBy(asc(experiment.version), asc(experiment.createdAt));
  return rows;
}
