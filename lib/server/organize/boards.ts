import "server-only";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { StudioDatabase } from "@/lib/server/db";
import { decodeCursor, encodeCursor } from "@/lib/server/db/cursor";
import { outerColumn } from "@/lib/server/db/outer-column";
import { board, boardItem, item } from "@/lib/server/db/schema";
import type { BoardPage, BoardView } from "@/lib/studio/api/boards";
import { studioErrors } from "@/lib/studio/api/errors";
import { thumbUrl } from "@/lib/studio/api/gallery-urls";
import { TEAM_BOARDS_MAX } from "@/lib/studio/organize/organize";
import { type Actor, appendEvents, before, liveItems, requirePermission } from "../items/actor";

/**
 * Boards newest first, each with its live item count and its cover: the chosen item while it is
 * live, else the newest live item on the board.
 */
export async function listBoards(
  db: StudioDatabase,
  query: { cursor?: string | null; limit?: number; ids?: string[] } = {},
): Promise<BoardPage> {
  const limit = query.limit ?? 100;
  const after = decodeCursor(query.cursor);
  const boardId = outerColumn(board.id);
  const coverItemId = outerColumn(board.coverItemId);
  const itemCount = sql<number>`(select count(*)::int from ${boardItem} bi join ${item} i on i.id = bi.item_id
    where bi.board_id = ${boardId} and i.deleted_at is null)`;
  const chosen = sql`(select i.id from ${item} i where i.id = ${coverItemId} and i.deleted_at is null)`;
  const newest = sql`(select i.id from ${boardItem} bi join ${item} i on i.id = bi.item_id
    where bi.board_id = ${boardId} and i.deleted_at is null order by i.created_at desc, i.id desc limit 1)`;
  const coverId = sql<string | null>`coalesce(${chosen}, ${newest})::text`;
  const rows = await db
    .select({
      id: board.id,
      name: board.name,
      description: board.description,
      coverItemId: board.coverItemId,
      createdBy: board.createdBy,
      createdAt: board.createdAt,
      itemCount,
      coverId,
    })
    .from(board)
    .where(
      and(
        after ? before(board.createdAt, board.id, after) : undefined,
        query.ids ? inArray(board.id, query.ids) : undefined,
      ),
    )
    .orderBy(desc(board.createdAt), desc(board.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    boards: page.map((r) => ({
      id: r.id,
      name: r.name,
      description: r.description,
      coverItemId: r.coverId,
      coverUrl: r.coverId ? thumbUrl(r.coverId, 640) : null,
      itemCount: Number(r.itemCount),
      createdBy: r.createdBy,
      createdAt: r.createdAt.toISOString(),
    })),
    nextCursor: rows.length > limit && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}

export async function getBoard(db: StudioDatabase, id: string): Promise<BoardView> {
  const [found] = (await listBoards(db, { ids: [id], limit: 1 })).boards;
  if (!found) throw studioErrors.boardNotFound();
  return found;
}

export async function createBoard(
  db: StudioDatabase,
  actor: Actor,
  input: { name: string; description?: string | undefined },
  maxBoards = TEAM_BOARDS_MAX,
): Promise<BoardView> {
  requirePermission(actor, "organize");
  const id = await db.transaction(async (tx) => {
    const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(board);
    if ((count?.n ?? 0) >= maxBoards)
      throw studioErrors.teamLimit(
        `The team has ${maxBoards} boards, the most it can keep. Delete a board you no longer use to make a new one.`,
      );
    const [row] = await tx
      .insert(board)
      .values({ name: input.name, description: input.description ?? "", createdBy: actor.id })
      .returning({ id: board.id });
    return (row as { id: string }).id;
  });
  return getBoard(db, id);
}

export async function updateBoard(
  db: StudioDatabase,
  actor: Actor,
  id: string,
  patch: {
    name?: string | undefined;
    description?: string | undefined;
    coverItemId?: string | null | undefined;
  },
): Promise<BoardView> {
  requirePermission(actor, "organize");
  await boardExists(db, id);
  if (patch.coverItemId) {
    const [on] = await db
      .select({ id: boardItem.itemId })
      .from(boardItem)
      .where(and(eq(boardItem.boardId, id), eq(boardItem.itemId, patch.coverItemId)));
    if (!on) throw studioErrors.notFound("item on this board", "coverItemId");
  }
  await db
    .update(board)
    .set({
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.description !== undefined ? { description: patch.description } : {}),
      ...(patch.coverItemId !== undefined ? { coverItemId: patch.coverItemId } : {}),
      updatedAt: new Date(),
    })
    .where(eq(board.id, id));
  return getBoard(db, id);
}

/** Deletes the board; its items stay in the gallery. Answers the items that were on it. */
export async function deleteBoard(db: StudioDatabase, actor: Actor, id: string): Promise<string[]> {
  requirePermission(actor, "organize");
  return db.transaction(async (tx) => {
    await boardExists(tx, id);
    const members = await tx
      .select({ id: boardItem.itemId })
      .from(boardItem)
      .where(eq(boardItem.boardId, id));
    const itemIds = members.map((m) => m.id);
    await appendEvents(
      tx,
      actor,
      itemIds.map((itemId) => ({ itemId, kind: "board", from: { boardId: id }, to: null })),
    );
    await tx.delete(board).where(eq(board.id, id));
    return itemIds;
  });
}

async function boardExists(db: StudioDatabase, id: string, parameter = "id"): Promise<void> {
  const [found] = await db.select({ id: board.id }).from(board).where(eq(board.id, id));
  if (!found) throw studioErrors.boardNotFound(parameter);
}

/**
 * Puts items on a board or takes them off, in the caller's transaction: every item must be live,
 * one audit row per item whose membership changed.
 */
export async function setBoardMembership(
  db: StudioDatabase,
  actor: Actor,
  boardId: string,
  itemIds: readonly string[],
  on: boolean,
  boardParameter = "boardId",
): Promise<string[]> {
  requirePermission(actor, "organize", "action");
  await boardExists(db, boardId, boardParameter);
  const items = await liveItems(db, itemIds);
  const ids = items.map((i) => i.id);
  const changed = on
    ? await db
        .insert(boardItem)
        .values(ids.map((itemId) => ({ boardId, itemId, addedBy: actor.id })))
        .onConflictDoNothing()
        .returning({ id: boardItem.itemId })
    : await db
        .delete(boardItem)
        .where(and(eq(boardItem.boardId, boardId), inArray(boardItem.itemId, ids)))
        .returning({ id: boardItem.itemId });
  await appendEvents(
    db,
    actor,
    changed.map((c) => ({
      itemId: c.id,
      kind: "board",
      from: on ? null : { boardId },
      to: on ? { boardId } : null,
    })),
  );
  return changed.map((c) => c.id);
}
