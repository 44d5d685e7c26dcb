import "server-only";
import { and, asc, desc, eq, getTableColumns, inArray, type SQL, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import { keepableCopy, UNKEEPABLE_TEXT_MESSAGE, unkeepableTextPath } from "@/lib/protocol/text";
import { isUuid } from "@/lib/studio/params";
import type { StudioDatabase } from "./database";
import { externalizeInlineMedia, type InlineMediaSink } from "./inline-media";
import { outerColumn } from "./outer-column";
import { invalidRecord, RecordError } from "./record-errors";
import { intField, optionalIntField, textField, uuidField } from "./record-input";
import { redactTaskParams } from "./redact-params";
import {
  experimentCell,
  FINISHED_TASK_STATUSES,
  type ItemRow,
  item,
  itemColumns,
  type NewTaskRow,
  type StoredTaskError,
  type StudioTaskStatus,
  TASK_STATUSES,
  type TaskRow,
  task,
  taskLease,
} from "./schema";

/** A task as the studio sent it: at least `taskType` and `taskUUID`, plus its parameters. */
export interface SentTask {
  taskType: string;
  taskUUID: string;
  [param: string]: unknown;
}

export interface RecordTasksOptions {
  /** Keeps the bytes of inline media (see `inlineMediaSink` in lib/server/storage). */
  inlineMedia?: InlineMediaSink;
  /** USD each task holds against the budgets while it runs (by position; see `task.heldUsd`). */
  heldUsd?: readonly (number | null)[];
}

export interface TaskPatch {
  status?: StudioTaskStatus;
  /** 0-100; fractions are rounded. */
  progress?: number | null;
  error?: StoredTaskError | null;
  itemCount?: number;
}

export type TaskWithItems = TaskRow & { items: ItemRow[] };

// The contract allows 20 image results per task; room to spare without accepting nonsense.
const MAX_ITEM_COUNT = 1000;
const IN_FLIGHT: StudioTaskStatus[] = ["queued", "processing"];

function isFinished(status: StudioTaskStatus): boolean {
  return (FINISHED_TASK_STATUSES as readonly StudioTaskStatus[]).includes(status);
}

/**
 * Records the tasks a user sent, before they go upstream, as `queued`. Params are stored as sent
 * but for inline media (see `externalizeInlineMedia`) and credentials (see `redactTaskParams`). Recording the same task
 * again (a retried request) returns the existing row unchanged; a taskUUID already recorded for
 * another user is a conflict, and then nothing of the batch is recorded.
 * Returns the rows in the order of `tasks`.
 */
export async function recordTasks(
  db: StudioDatabase,
  authorId: string,
  tasks: readonly SentTask[],
  options: RecordTasksOptions = {},
): Promise<TaskRow[]> {
  textField(authorId, "authorId");
  if (!Array.isArray(tasks)) throw invalidRecord("tasks", "an array of tasks", tasks);
  if (tasks.length === 0) return [];
  const rows: (Omit<NewTaskRow, "held" | "priority" | "rank"> & { held: SQL; priority: SQL; rank: SQL })[] =
    [];
  const seen = new Set<string>();
  // Waiting tasks go out by rank: a batch keeps the order it was sent in, after earlier batches.
  const rankBase = Date.now();
  // A task sent while its author's or the team's queue is paused waits paused.
  const held = sql`exists (select 1 from queue_pause where scope in ('team', ${authorId}))`;
  for (const [i, sent] of tasks.entries()) {
    if (typeof sent !== "object" || sent === null || Array.isArray(sent)) {
      throw invalidRecord(`tasks.${i}`, "a task object", sent);
    }
    const taskUUID = uuidField(sent.taskUUID, `tasks.${i}.taskUUID`);
    if (seen.has(taskUUID)) {
      throw new RecordError(
        "invalidRecord",
        `taskUUID ${taskUUID} appears twice in one request.`,
        `tasks.${i}.taskUUID`,
      );
    }
    seen.add(taskUUID);
    const unkeepable = unkeepableTextPath(sent);
    if (unkeepable) {
      const parameter = [`tasks.${i}`, ...unkeepable].join(".");
      throw new RecordError(
        "invalidRecord",
        `Invalid '${parameter}': ${UNKEEPABLE_TEXT_MESSAGE}.`,
        parameter,
      );
    }
    const numberResults = sent.numberResults ?? 1;
    rows.push({
      taskUUID,
      taskType: textField(sent.taskType, `tasks.${i}.taskType`, 100),
      authorId,
      params: await externalizeInlineMedia(redactTaskParams(sent), options.inlineMedia),
      itemCount: intField(numberResults, `tasks.${i}.numberResults`, 0, MAX_ITEM_COUNT),
      heldUsd: options.heldUsd?.[i] ?? null,
      ...queuePlace(taskUUID, rankBase + i / 1000),
      held,
    });
  }
  // One statement in the common case (every task new): the embedded database runs on the
  // server's own thread, so each round trip is time no other request gets.
  const inserted = await db
    .insert(task)
    .values(rows)
    .onConflictDoNothing({ target: task.taskUUID })
    .returning();
  if (inserted.length === rows.length) {
    const byUUID = new Map(inserted.map((row) => [row.taskUUID, row]));
    return rows.map((row) => byUUID.get(row.taskUUID) as TaskRow);
  }
  // Some were recorded before: a retried request (same author: answer the stored rows), or
  // another user's task (a conflict: then nothing of this batch stays recorded).
  const stored = await db
    .select()
    .from(task)
    .where(inArray(task.taskUUID, [...seen]));
  const byUUID = new Map(stored.map((row) => [row.taskUUID, row]));
  const conflict = rows.findIndex((row) => byUUID.get(row.taskUUID)?.authorId !== authorId);
  if (conflict >= 0) {
    const mine = inserted.map((row) => row.taskUUID);
    if (mine.length > 0) await db.delete(task).where(inArray(task.taskUUID, mine));
    throw new RecordError(
      "recordConflict",
      `taskUUID ${rows[conflict]?.taskUUID} is already recorded for another user; every task needs a new UUID.`,
      `tasks.${conflict}.taskUUID`,
    );
  }
  return rows.map((row) => byUUID.get(row.taskUUID) as TaskRow);
}

/**
 * A task's place among its author's waiting tasks: an experiment's cell (claimed with this
 * taskUUID before it is sent) goes where its experiment stands in the queue, any other task
 * after those sent before it.
 */
function queuePlace(taskUUID: string, rank: number): { priority: SQL; rank: SQL } {
  const ofExperiment = (column: SQL) =>
    sql`(select ${column} from experiment_cell c join experiment e on e.id = c.experiment_id where c.task_uuid = ${taskUUID}::uuid limit 1)`;
  return {
    priority: sql`coalesce(${ofExperiment(sql`e.queue_priority`)}, 0)`,
    rank: sql`coalesce(${ofExperiment(sql`e.queue_rank`)}, ${rank}::double precision)`,
  };
}

/**
 * Updates a task's status, progress, error or expected item count. Results reach the studio by
 * several routes (relay, polling, webhook) in any order, so a finished task (`success`, `error`)
 * never goes back to `queued` or `processing` and ignores progress; such a patch leaves the row as
 * it is. Finishing sets `completedAt` once. Returns the row as stored, or null for an unknown task.
 */
export async function markTask(
  db: StudioDatabase,
  taskUUID: string,
  patch: TaskPatch,
): Promise<TaskRow | null> {
  if (!isUuid(taskUUID)) return null;
  const values = patchValues(patch);
  const movesBack = patch.status === undefined ? patch.progress !== undefined : !isFinished(patch.status);
  const where = movesBack
    ? and(eq(task.taskUUID, taskUUID.toLowerCase()), inArray(task.status, IN_FLIGHT))
    : eq(task.taskUUID, taskUUID.toLowerCase());
  const [updated] = await db.update(task).set(values).where(where).returning();
  if (updated !== undefined) return updated;
  const [current] = await db.select().from(task).where(eq(task.taskUUID, taskUUID.toLowerCase()));
  return current ?? null;
}

/**
 * Ends a task still in flight with `patch` (a finished status): the row as this write left it, or
 * null when the task had ended already (by another route, or another studio on this database) or
 * is unknown. One write ends a task, so one caller announces its end, in the words it recorded.
 */
export async function finishTask(
  db: StudioDatabase,
  taskUUID: string,
  patch: TaskPatch & { status: StudioTaskStatus },
  /**
   * The studio instance whose lease on the task goes in the same statement (ended or not by this
   * write: an ended task is nobody's to watch), instead of a statement of its own after.
   */
  leaseHolder?: string,
): Promise<EndedTask | null> {
  if (!isUuid(taskUUID)) return null;
  if (!isFinished(patch.status))
    throw invalidRecord("status", FINISHED_TASK_STATUSES.join(", "), patch.status);
  const id = taskUUID.toLowerCase();
  const [ended] = await (leaseHolder === undefined ? db : db.with(releasing(db, id, leaseHolder)))
    .update(task)
    .set(patchValues(patch))
    .where(and(eq(task.taskUUID, id), inArray(task.status, IN_FLIGHT)))
    .returning({
      ...getTableColumns(task),
      // Asked in the same statement: most tasks are no experiment's, and their end then costs the
      // experiments nothing (see the keeper's `onFinished`).
      inExperiment: sql<boolean>`exists (select 1 from ${experimentCell} c where c.task_uuid = ${outerColumn(task.taskUUID)})`,
    });
  return ended ?? null;
}

/** Deletes `holder`'s lease on a task, as a statement's `with` (Postgres runs it, named or not). */
function releasing(db: StudioDatabase, taskUUID: string, holder: string) {
  return db.$with("released").as(
    db
      .delete(taskLease)
      .where(and(eq(taskLease.taskUUID, taskUUID), eq(taskLease.holder, holder)))
      .returning({ taskUUID: taskLease.taskUUID }),
  );
}

/** A task's row as ending it left it, and whether an experiment's cell waits on it. */
export type EndedTask = TaskRow & { inExperiment: boolean };

function patchValues(patch: TaskPatch): PgUpdateSetSource<typeof task> {
  const values: PgUpdateSetSource<typeof task> = { updatedAt: sql`now()` };
  if (patch.status !== undefined) {
    if (!TASK_STATUSES.includes(patch.status))
      throw invalidRecord("status", TASK_STATUSES.join(", "), patch.status);
    values.status = patch.status;
    if (isFinished(patch.status)) {
      values.completedAt = sql`coalesce(${task.completedAt}, now())`;
      if (patch.status === "success" && patch.progress === undefined) values.progress = 100;
    }
  }
  if (patch.progress !== undefined) values.progress = progressField(patch.progress);
  if (patch.error !== undefined) values.error = errorField(patch.error);
  if (patch.itemCount !== undefined)
    values.itemCount = intField(patch.itemCount, "itemCount", 0, MAX_ITEM_COUNT);
  return values;
}

/** A task with its items, in result order (items without a known position last, oldest first). */
export async function getTask(db: StudioDatabase, taskUUID: string): Promise<TaskWithItems | null> {
  if (!isUuid(taskUUID)) return null;
  const id = taskUUID.toLowerCase();
  const [row] = await db.select().from(task).where(eq(task.taskUUID, id));
  if (row === undefined) return null;
  const items = await db
    .select(itemColumns)
    .from(item)
    .where(eq(item.taskUUID, id))
    .orderBy(sql`${item.index} asc nulls last`, asc(item.createdAt), asc(item.id));
  return { ...row, items };
}

/** Tasks still `queued` or `processing`, oldest first: what to poll again after a restart. */
export async function tasksInFlight(
  db: StudioDatabase,
  options: { limit?: number } = {},
): Promise<TaskRow[]> {
  const limit = optionalIntField(options.limit, "limit", 1, 100_000) ?? 10_000;
  return db
    .select()
    .from(task)
    .where(inArray(task.status, IN_FLIGHT))
    .orderBy(asc(task.createdAt), asc(task.taskUUID))
    .limit(limit);
}

function progressField(value: number | null): number | null {
  if (value === null) return null;
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0 || value > 100) {
    throw invalidRecord("progress", "a number from 0 to 100", value);
  }
  return Math.round(value);
}

function errorField(value: StoredTaskError | null): StoredTaskError | null {
  if (value === null) return null;
  if (typeof value !== "object" || typeof value.code !== "string" || typeof value.message !== "string") {
    throw invalidRecord("error", "the contract's error object ({ code, message, ... })", value);
  }
  // The service's words, not a person's input: nothing to refuse, so what jsonb cannot hold is
  // replaced rather than failing the task's update.
  return JSON.parse(JSON.stringify(value), (_key, v: unknown) =>
    typeof v === "string" ? keepableCopy(v) : v,
  ) as StoredTaskError;
}

export interface RecentTasksQuery {
  /** 1-100, default 50. */
  limit?: number;
  /** Only tasks still `queued` or `processing`. */
  activeOnly?: boolean;
  /** Only tasks older than this one (a page's last row): the next page. */
  before?: { at: Date; id: string } | null;
}

/** In flight, as a literal: the partial indexes on it are used only when the planner can prove it. */
const inFlight = sql`${task.status} in ('queued', 'processing')`;

/**
 * One user's tasks, newest first, each with its items in result order: what the queue drawer
 * lists, a page at a time. Two statements whatever the number of tasks (the tasks, then all their
 * items); the page is a range of `task_author_created_idx` (or `task_author_in_flight_idx` for
 * tasks in flight), so a long queue behind it is not read.
 */
export async function recentTasks(
  db: StudioDatabase,
  authorId: string,
  query: RecentTasksQuery = {},
): Promise<{ tasks: TaskWithItems[]; more: boolean }> {
  const limit = optionalIntField(query.limit, "limit", 1, 100) ?? 50;
  const before = query.before;
  const rows = await db
    .select()
    .from(task)
    .where(
      and(
        eq(task.authorId, textField(authorId, "authorId")),
        query.activeOnly ? inFlight : undefined,
        before
          ? sql`(${task.createdAt}, ${task.taskUUID}) < (${before.at.toISOString()}::timestamptz, ${before.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(task.createdAt), desc(task.taskUUID))
    // One more than the page: whether another follows, without counting what is behind it.
    .limit(limit + 1);
  const more = rows.length > limit;
  if (more) rows.pop();
  if (rows.length === 0) return { tasks: [], more };
  const items = await db
    .select(itemColumns)
    .from(item)
    .where(
      inArray(
        item.taskUUID,
        rows.map((row) => row.taskUUID),
      ),
    )
    .orderBy(sql`${item.index} asc nulls last`, asc(item.createdAt), asc(item.id));
  const byTask = new Map<string, ItemRow[]>();
  for (const row of items) {
    const list = byTask.get(row.taskUUID);
    if (list) list.push(row);
    else byTask.set(row.taskUUID, [row]);
  }
  return { tasks: rows.map((row) => ({ ...row, items: byTask.get(row.taskUUID) ?? [] })), more };
}

/** Tasks queued or processing: the member's own and the whole team's. */
export async function inFlightCounts(
  db: StudioDatabase,
  authorId: string,
): Promise<{ yours: number; team: number }> {
  const [row] = await db
    .select({
      yours: sql<number>`count(*) filter (where ${task.authorId} = ${textField(authorId, "authorId")})`,
      team: sql<number>`count(*)`,
    })
    .from(task)
    .where(inFlight);
  return { yours: Number(row?.yours ?? 0), team: Number(row?.team ?? 0) };
}
