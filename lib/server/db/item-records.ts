import "server-only";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { decodeCursor, encodeCursor } from "./cursor";
import type { StudioDatabase } from "./database";
import { batchPerDatabase, InsertBatch } from "./insert-batch";
import { itemFacts } from "./item-facts";
import { mediaRefsOf, recordItemSources } from "./item-sources";
import { outerColumn } from "./outer-column";
import { invalidRecord, RecordError } from "./record-errors";
import {
  intField,
  optionalBooleanField,
  optionalIntField,
  optionalNumberField,
  seedField,
  textField,
  uuidField,
} from "./record-input";
import {
  boardItem,
  ITEM_KINDS,
  type ItemKind,
  type ItemRow,
  item,
  itemColumns,
  task,
  user,
  versionTask,
} from "./schema";
import { seedKeyOf } from "./seed-key";
import { insertVersion, type StackPlace } from "./version-records";

/** One result of a task, its bytes already in media storage under `storageKey`. */
export interface ItemInput {
  taskUUID: string;
  /** 0-based position among the task's results, when the delivery tells it. */
  index?: number | null;
  /** The service's `imageUUID` or `videoUUID`. */
  mediaUUID: string;
  kind: ItemKind;
  mime: string;
  width: number;
  height: number;
  durationSeconds?: number | null;
  /** Pass a string or bigint for seeds past 2^53 (see `seedField`). */
  seed: string | number | bigint;
  cost?: number | null;
  nsfw?: boolean | null;
  /** The prompt's words the service said it did not draw; none (null) when it said nothing. */
  notDrawn?: string[] | null;
  storageKey: string;
  bytes: number;
}

export interface ListItemsQuery {
  /** `nextCursor` of the previous page; absent for the first. */
  cursor?: string | null;
  /** 1-200, default 50. */
  limit?: number;
  authorId?: string;
  /** Only the items on this board. */
  boardId?: string;
}

export interface ItemPage {
  items: ItemRow[];
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}

/**
 * Records one result. The same result reaches the studio by several routes, possibly at the same
 * moment; the unique keys (mediaUUID, and taskUUID + index when the index is known) make a second
 * row impossible, and `on conflict do nothing` turns the race into a read: every caller gets the
 * one stored row, and `created` is true for exactly one of them.
 */
export async function recordItem(
  db: StudioDatabase,
  input: ItemInput,
  /**
   * What `readItemOwner` answered for the item's task, when the caller holds it already (the
   * keeper, for a task's second result on): the read is not made again.
   */
  known?: TaskOwner,
): Promise<{ created: boolean; item: ItemRow; owner: ItemOwner }> {
  const row = itemRow(input);
  const { stackId, owner: read } = known ?? (await readItemOwner(db, row.taskUUID));
  // The caller's copy stays as it was: `stack` is this item's alone.
  const owner: ItemOwner = { ...read };
  const values = { ...row, ...itemFacts(owner), seedKey: seedKeyOf(owner.params), authorId: owner.authorId };
  const insert = async (into: StudioDatabase) => {
    if (stackId === null && into === db) {
      const made = await itemInserts(db).add(values);
      return made ? [made] : [];
    }
    if (stackId === null)
      return into.insert(item).values(values).onConflictDoNothing().returning(itemColumns);
    const actor = { id: owner.authorId, name: owner.authorName ?? "Former member" };
    const placed = await insertVersion(into, stackId, values, actor);
    if (placed.stack) owner.stack = placed.stack;
    return placed.rows;
  };
  // Lineage is written with the item, in one transaction: an item never exists without knowing
  // its sources. Most results have none and are no version: one statement, no transaction.
  const [created] =
    mediaRefsOf(owner.params, row.taskUUID).length === 0 && stackId === null
      ? await insert(db)
      : await db.transaction(async (tx) => {
          const rows = await insert(tx);
          const [made] = rows;
          if (made) await recordItemSources(tx, made.id, owner.params, row.taskUUID);
          return rows;
        });
  if (created !== undefined) return { created: true, item: created, owner };

  const [sameMedia] = await db.select(itemColumns).from(item).where(eq(item.mediaUUID, row.mediaUUID));
  if (sameMedia !== undefined) return { created: false, item: sameMedia, owner };
  if (row.index !== null) {
    // Another result already holds this position: the first one recorded stays.
    const [sameSlot] = await db
      .select(itemColumns)
      .from(item)
      .where(and(eq(item.taskUUID, row.taskUUID), eq(item.index, row.index)));
    if (sameSlot !== undefined) return { created: false, item: sameSlot, owner };
  }
  throw new RecordError(
    "recordConflict",
    `storageKey ${row.storageKey} already belongs to another item; each result needs its own key.`,
    "storageKey",
  );
}

/**
 * Items recorded at the same moment (a task's results arriving together) go in one statement.
 * Each row's answer is its stored row when it was made, undefined when a unique key turned it
 * away; the rows made are told apart by storage key, which no two results share, so of two
 * deliveries of one result in the same batch only the one whose row was kept is told it was made.
 */
const itemInserts = batchPerDatabase(
  (db: StudioDatabase) =>
    new InsertBatch(async (rows: (typeof item.$inferInsert)[]) => {
      const made = await db.insert(item).values(rows).onConflictDoNothing().returning(itemColumns);
      const byKey = new Map(made.map((r) => [r.storageKey, r]));
      return rows.map((r) => byKey.get(r.storageKey));
    }),
);

/** A task's owner facts and the version stack its results join (null: none), as recording reads them. */
export interface TaskOwner {
  owner: ItemOwner;
  stackId: string | null;
}

/** What recording a result of `taskUUID` reads of its task; a task not recorded is refused. */
export async function readItemOwner(db: StudioDatabase, taskUUID: string): Promise<TaskOwner> {
  const id = uuidField(taskUUID, "taskUUID");
  const [found] = await db
    .select({
      authorId: task.authorId,
      taskType: task.taskType,
      params: task.params,
      authorName: user.name,
      stackId: versionTask.stackId,
    })
    .from(task)
    .leftJoin(user, eq(user.id, task.authorId))
    .leftJoin(versionTask, eq(versionTask.taskUUID, task.taskUUID))
    .where(eq(task.taskUUID, id));
  if (found === undefined) {
    throw new RecordError("unknownTask", `No task ${id} is recorded; record the task first.`, "taskUUID");
  }
  const { stackId, ...owner } = found;
  return { owner, stackId };
}

/** What recording an item read of its task: the facts every view of it shows. */
export interface ItemOwner {
  authorId: string;
  taskType: string;
  params: Record<string, unknown>;
  authorName: string | null;
  /** Set when the item was just made as the next version of a stack. */
  stack?: StackPlace;
}

/** Items newest first, optionally by one author, a page at a time. */
export async function listItems(db: StudioDatabase, query: ListItemsQuery = {}): Promise<ItemPage> {
  const limit = optionalIntField(query.limit, "limit", 1, 200) ?? 50;
  const after = query.cursor === undefined || query.cursor === null ? null : afterOf(query.cursor);
  // Items in the trash leave the gallery (an owner sees them on the trash page).
  const conditions = [isNull(item.deletedAt)];
  if (query.authorId !== undefined) conditions.push(eq(item.authorId, textField(query.authorId, "authorId")));
  if (query.boardId !== undefined) {
    conditions.push(
      sql`exists (select 1 from ${boardItem} where ${boardItem.boardId} = ${uuidField(query.boardId, "board")} and ${boardItem.itemId} = ${outerColumn(item.id)})`,
    );
  }
  if (after !== null) {
    // A row comparison matches the (created_at, id) index order exactly, ties included, so a page
    // boundary never skips or repeats an item however many share a millisecond.
    conditions.push(
      sql`(${item.createdAt}, ${item.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`,
    );
  }
  const rows = await db
    .select(itemColumns)
    .from(item)
    .where(and(...conditions))
    .orderBy(desc(item.createdAt), desc(item.id))
    .limit(limit + 1);
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return {
    items,
    nextCursor: rows.length > limit && last !== undefined ? encodeCursor(last.createdAt, last.id) : null,
  };
}

function afterOf(cursor: string): { createdAt: string; id: string } {
  // The one cursor codec; a records caller reads its refusals as a RecordError, like every field's.
  const key = (() => {
    try {
      return decodeCursor(cursor);
    } catch {
      return null;
    }
  })();
  if (key) return { createdAt: key.at.toISOString(), id: key.id };
  throw new RecordError("invalidCursor", "Invalid page cursor; start again without one.", "cursor");
}

/** At most a prompt's worth of short words; an empty list is stored as none. */
function notDrawnField(words: ItemInput["notDrawn"]): string[] | null {
  if (words === undefined || words === null) return null;
  if (
    !Array.isArray(words) ||
    words.length > 200 ||
    !words.every((w) => typeof w === "string" && w.length <= 100)
  )
    throw invalidRecord("notDrawn", "a list of words", words);
  return words.length > 0 ? [...words] : null;
}

function itemRow(input: ItemInput) {
  if (typeof input !== "object" || input === null) throw invalidRecord("item", "an item object", input);
  if (!ITEM_KINDS.includes(input.kind)) throw invalidRecord("kind", ITEM_KINDS.join(" or "), input.kind);
  return {
    taskUUID: uuidField(input.taskUUID, "taskUUID"),
    index: optionalIntField(input.index, "index", 0, 100_000),
    mediaUUID: textField(input.mediaUUID, "mediaUUID", 200),
    kind: input.kind,
    mime: textField(input.mime, "mime", 200),
    width: intField(input.width, "width", 1, 1_000_000),
    height: intField(input.height, "height", 1, 1_000_000),
    durationSeconds: optionalNumberField(input.durationSeconds, "durationSeconds", 0),
    seed: seedField(input.seed),
    cost: optionalNumberField(input.cost, "cost", 0),
    nsfw: optionalBooleanField(input.nsfw, "nsfw"),
    notDrawn: notDrawnField(input.notDrawn),
    storageKey: textField(input.storageKey, "storageKey", 1024),
    bytes: intField(input.bytes, "bytes", 0),
  };
}
