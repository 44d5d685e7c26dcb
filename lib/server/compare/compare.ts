import "server-only";
import { inArray } from "drizzle-orm";
import type { StudioDatabase } from "@/lib/server/db";
import { item, itemColumns, task } from "@/lib/server/db/schema";
import { itemViewsById } from "@/lib/server/items/item-view";
import { studioErrors } from "@/lib/studio/api/errors";
import type { CompareEntry } from "@/lib/studio/compare/compare";

/**
 * The items named by `ids`, in that order, each with its task's parameters; a 404 naming `ids`
 * when one is unknown. A fixed number of queries whatever the count: the items, their tasks'
 * parameters, and their item views. (`?ids=` itself is read by the endpoint's declaration.)
 */
export async function compareItems(db: StudioDatabase, ids: readonly string[]): Promise<CompareEntry[]> {
  const rows = await db
    .select(itemColumns)
    .from(item)
    .where(inArray(item.id, [...ids]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length > 0) {
    const what = missing.length === 1 ? "item" : "items";
    throw studioErrors.notFound(
      `${what} ${missing.join(", ")} to compare (deleted for good, or never made)`,
      "ids",
    );
  }
  const [tasks, views] = await Promise.all([
    db
      .select({ taskUUID: task.taskUUID, params: task.params })
      .from(task)
      .where(inArray(task.taskUUID, [...new Set(rows.map((r) => r.taskUUID))])),
    itemViewsById(db, rows, "unknown"),
  ]);
  const paramsOf = new Map(tasks.map((t) => [t.taskUUID, t.params]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    const view = views.get(id);
    if (row === undefined || view === undefined) return [];
    return [{ item: view, params: { ...paramsOf.get(row.taskUUID), seed: seedValue(row.seed) } }];
  });
}

/** A seed as the service reads it: a number while exact, else its decimal string (past 2^53). */
function seedValue(seed: string): number | string {
  const n = Number(seed);
  return Number.isSafeInteger(n) ? n : seed;
}
