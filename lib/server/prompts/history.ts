import "server-only";
import { and, asc, desc, eq, inArray, isNull, lte, ne, type SQL, sql } from "drizzle-orm";
import { BLANK_PROMPT } from "@/lib/protocol/image-limits";
import type { StudioDatabase } from "@/lib/server/db";
import { decodeCursor, encodeCursor } from "@/lib/server/db/cursor";
import { item, task, user } from "@/lib/server/db/schema";
import type { PromptPage, PromptRun } from "@/lib/studio/api/prompts";
import type { PromptQuery } from "@/lib/studio/prompts/query";
import { isCancelled } from "@/lib/studio/queue/cancelled";
import { workflowOf } from "@/lib/studio/workflow-of";

/**
 * Prompt history: every generation task a member sent, newest first, read from the studio's own
 * task records. The author filter walks `task_author_created_idx` (everyone: `task_created_idx`),
 * both ending in the task's UUID so that the whole order, and so the cursor, is read from the index;
 * a search reads `task_prompt_search_idx`, the same English full-text matching as the gallery.
 */

/** Task types whose prompt is a generation prompt (not an enhancement or a caption). */
const GENERATION_TYPES = ["imageInference", "videoInference"];
/** Results shown per run; the rest are counted. */
const ITEMS_PER_RUN = 4;

const promptText = sql<string>`coalesce(${task.params} ->> 'positivePrompt', '')`;

/**
 * The rows of a page of history, one more than the limit (to tell whether another page follows),
 * as a query not yet run: the page reads it, and a plan can be asked of it.
 *
 * The cursor is one row comparison, `(created_at, task_uuid) < (at, id)`, which the planner reads
 * as the start of a backward index scan on `(created_at, task_uuid)`, so every page costs as much
 * as the first. (The same test spelled with `or` is a filter: page N reads every row of the N-1
 * pages before it.)
 */
export function promptHistoryRows(db: StudioDatabase, query: PromptQuery, me: string) {
  const after = decodeCursor(query.cursor);
  const where: (SQL | undefined)[] = [
    inArray(task.taskType, GENERATION_TYPES),
    ne(promptText, ""),
    ne(promptText, BLANK_PROMPT),
  ];
  if (query.member !== "all") where.push(eq(task.authorId, query.member === "me" ? me : query.member));
  if (query.q) {
    // The same expression as the index, so the planner reads the GIN index.
    where.push(
      sql`to_tsvector('english', coalesce(${task.params} ->> 'positivePrompt', '')) @@ websearch_to_tsquery('english', ${query.q})`,
    );
  }
  if (after) {
    where.push(
      sql`(${task.createdAt}, ${task.taskUUID}) < (${after.at.toISOString()}::timestamptz, ${after.id}::uuid)`,
    );
  }
  return db
    .select({
      taskUUID: task.taskUUID,
      authorId: task.authorId,
      authorName: user.name,
      taskType: task.taskType,
      params: task.params,
      status: task.status,
      error: task.error,
      createdAt: task.createdAt,
    })
    .from(task)
    .leftJoin(user, eq(user.id, task.authorId))
    .where(and(...where))
    .orderBy(desc(task.createdAt), desc(task.taskUUID))
    .limit(query.limit + 1);
}

/** A page of history (a cursor this list did not give is refused). `me` is the asking member. */
export async function promptHistoryPage(
  db: StudioDatabase,
  query: PromptQuery,
  me: string,
): Promise<PromptPage> {
  const rows = await promptHistoryRows(db, query, me);
  const page = rows.slice(0, query.limit);
  const items = await itemsByTask(
    db,
    page.map((r) => r.taskUUID),
  );
  const last = page.at(-1);
  return {
    runs: page.map((r): PromptRun => {
      const made = items.get(r.taskUUID) ?? { items: [], count: 0 };
      const params = r.params;
      return {
        taskUUID: r.taskUUID,
        authorId: r.authorId,
        authorName: r.authorName,
        prompt: String(params.positivePrompt ?? ""),
        negativePrompt: typeof params.negativePrompt === "string" ? params.negativePrompt : null,
        taskType: r.taskType,
        workflow: workflowOf({ ...params, taskType: r.taskType }),
        model: typeof params.model === "string" ? params.model : null,
        // Cancelled while it waited: never sent, so the history does not call it failed.
        status: r.status === "error" && isCancelled(r.error) ? "cancelled" : r.status,
        createdAt: r.createdAt.toISOString(),
        params: { ...params, taskType: r.taskType },
        items: made.items,
        itemCount: made.count,
      };
    }),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.createdAt, last.taskUUID) : null,
  };
}

/**
 * The first `ITEMS_PER_RUN` live results of each of the page's tasks and how many it has in all,
 * in one query (on `item_task_index_key`): a task of twenty results sends four rows, not twenty.
 */
async function itemsByTask(
  db: StudioDatabase,
  taskUUIDs: string[],
): Promise<Map<string, { items: { id: string; kind: "image" | "video" }[]; count: number }>> {
  const out = new Map<string, { items: { id: string; kind: "image" | "video" }[]; count: number }>();
  if (taskUUIDs.length === 0) return out;
  const ranked = db
    .select({
      id: item.id,
      kind: item.kind,
      taskUUID: item.taskUUID,
      place:
        sql<number>`row_number() over (partition by ${item.taskUUID} order by ${item.index}, ${item.createdAt})`.as(
          "place",
        ),
      total: sql<number>`count(*) over (partition by ${item.taskUUID})`.as("total"),
    })
    .from(item)
    .where(and(inArray(item.taskUUID, taskUUIDs), isNull(item.deletedAt)))
    .as("ranked");
  const rows = await db
    .select()
    .from(ranked)
    .where(lte(ranked.place, ITEMS_PER_RUN))
    .orderBy(asc(ranked.taskUUID), asc(ranked.place));
  for (const r of rows) {
    const entry = out.get(r.taskUUID) ?? { items: [], count: Number(r.total) };
    entry.items.push({ id: r.id, kind: r.kind });
    out.set(r.taskUUID, entry);
  }
  return out;
}
