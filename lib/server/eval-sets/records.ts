import "server-only";
import { and, asc, desc, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { StudioDatabase } from "@/lib/server/db";
import { decodeCursor, encodeCursor } from "@/lib/server/db/cursor";
import { outerColumn } from "@/lib/server/db/outer-column";
import {
  boardItem,
  type EvalSetRow,
  evalSet,
  experimentCell,
  item,
  task,
  user,
} from "@/lib/server/db/schema";
import { studioErrors } from "@/lib/studio/api/errors";
import type { EvalSetPage } from "@/lib/studio/api/eval-sets";
import { type CreateSetInput, casesFrom, MAX_CASES, type UpdateSetInput } from "@/lib/studio/eval-sets/input";
import type { EvalCase } from "@/lib/studio/experiments/axes";

/** Evaluation sets as stored: listed newest change first, made by hand or from results, edited. */

/** The team's sets, most recently changed first, on `eval_set_updated_idx`. */
export async function evalSetPage(
  db: StudioDatabase,
  options: { cursor?: string | undefined; limit: number },
): Promise<EvalSetPage> {
  const after = decodeCursor(options.cursor);
  const rows = await db
    .select({
      row: evalSet,
      createdByName: user.name,
      runs: sql<number>`(select count(*)::int from eval_run r where r.set_id = ${outerColumn(evalSet.id)})`,
    })
    .from(evalSet)
    .leftJoin(user, eq(user.id, evalSet.createdBy))
    .where(
      after
        ? or(lt(evalSet.updatedAt, after.at), and(eq(evalSet.updatedAt, after.at), lt(evalSet.id, after.id)))
        : undefined,
    )
    .orderBy(desc(evalSet.updatedAt), desc(evalSet.id))
    .limit(options.limit + 1);
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => ({
      id: r.row.id,
      name: r.row.name,
      version: r.row.version,
      cases: r.row.cases.length,
      runs: r.runs,
      createdByName: r.createdByName,
      updatedAt: r.row.updatedAt.toISOString(),
    })),
    nextCursor: rows.length > options.limit && last ? encodeCursor(last.row.updatedAt, last.row.id) : null,
  };
}

export async function evalSetRow(db: StudioDatabase, id: string): Promise<EvalSetRow | null> {
  const [row] = await db.select().from(evalSet).where(eq(evalSet.id, id));
  return row ?? null;
}

/** The set of that id; throws `evalSetNotFound` when there is none. */
export async function existingEvalSet(db: StudioDatabase, id: string): Promise<EvalSetRow> {
  const row = await evalSetRow(db, id);
  if (!row) throw studioErrors.evalSetNotFound();
  return row;
}

/** A board's live items as cases, in the order they were added. */
async function casesOfBoard(db: StudioDatabase, boardId: string): Promise<EvalCase[]> {
  const rows = await db
    .select({
      prompt: item.prompt,
      seed: item.seed,
      negativePrompt: sql<string | null>`${task.params} ->> 'negativePrompt'`,
    })
    .from(boardItem)
    .innerJoin(item, eq(item.id, boardItem.itemId))
    .innerJoin(task, eq(task.taskUUID, item.taskUUID))
    .where(and(eq(boardItem.boardId, boardId), isNull(item.deletedAt)))
    .orderBy(asc(boardItem.addedAt), asc(item.id))
    .limit(MAX_CASES * 4);
  return casesFrom(rows);
}

/**
 * An experiment's cells that made a result, as cases: each one's prompt, and its seed (or its
 * first result's). A cell that failed, was refused or has not run yet proved nothing to test again.
 */
async function casesOfExperiment(db: StudioDatabase, experimentId: string): Promise<EvalCase[]> {
  const rows = await db
    .select({
      params: experimentCell.params,
      itemSeed: sql<
        string | null
      >`(select i.seed from item i where i.task_uuid = ${outerColumn(experimentCell.taskUUID)} order by i.index limit 1)`,
    })
    .from(experimentCell)
    .where(
      and(
        eq(experimentCell.experimentId, experimentId),
        eq(experimentCell.status, "done"),
        sql`exists (select 1 from item i where i.task_uuid = ${outerColumn(experimentCell.taskUUID)} and i.deleted_at is null)`,
      ),
    )
    .orderBy(asc(experimentCell.key))
    .limit(1000);
  return casesFrom(
    rows.map((r) => ({
      prompt: r.params.positivePrompt,
      seed: r.params.seed ?? r.itemSeed,
      negativePrompt: r.params.negativePrompt,
    })),
  );
}

export async function createEvalSet(
  db: StudioDatabase,
  input: CreateSetInput,
  createdBy: string,
): Promise<EvalSetRow> {
  let cases = input.cases ?? [];
  if (input.from) {
    const found =
      input.from.kind === "board"
        ? await casesOfBoard(db, input.from.id)
        : await casesOfExperiment(db, input.from.id);
    if (found.length === 0) {
      throw studioErrors.noCases(
        input.from.kind === "board"
          ? "That board has no results with a prompt and a seed."
          : "That experiment has no cells that made a result with a prompt and a seed.",
        "from.id",
      );
    }
    cases = [...cases, ...found].slice(0, MAX_CASES);
  }
  const [row] = await db.insert(evalSet).values({ name: input.name, cases, createdBy }).returning();
  if (!row) throw new Error("evaluation set not stored");
  return row;
}

/** Renames a set or changes its cases; changed cases make a new version (runs keep theirs). */
export async function updateEvalSet(
  db: StudioDatabase,
  id: string,
  input: UpdateSetInput,
): Promise<EvalSetRow> {
  const old = await evalSetRow(db, id);
  if (!old) throw studioErrors.evalSetNotFound();
  const casesChanged = input.cases !== undefined && JSON.stringify(input.cases) !== JSON.stringify(old.cases);
  const [row] = await db
    .update(evalSet)
    .set({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(casesChanged && input.cases ? { cases: input.cases, version: old.version + 1 } : {}),
      updatedAt: new Date(),
    })
    .where(eq(evalSet.id, id))
    .returning();
  if (!row) throw studioErrors.evalSetNotFound();
  return row;
}

/** Deletes a set and the records of its runs (their experiments and results stay). */
export async function deleteEvalSet(db: StudioDatabase, id: string): Promise<{ id: string }> {
  const deleted = await db.delete(evalSet).where(eq(evalSet.id, id)).returning({ id: evalSet.id });
  if (!deleted[0]) throw studioErrors.evalSetNotFound();
  return { id };
}
