import "server-only";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { StudioDatabase } from "@/lib/server/db";
import { decodeCursor, encodeCursor } from "@/lib/server/db/cursor";
import { type CommentRow, comment, mention, user } from "@/lib/server/db/schema";
import { notify } from "@/lib/server/notifications/notify";
import { ApiError, studioErrors } from "@/lib/studio/api/errors";
import type {
  CommentPatch,
  CommentPin,
  CommentThread,
  CommentView,
  NewComment,
} from "@/lib/studio/comments/comments";
import { isUuid } from "@/lib/studio/params";
import { type Actor, assertCan, fail, findItem, type ReviewDeps, type Tx } from "../review/access";
import { appendEvent } from "../review/audit-trail";
import { insertComment, mentionsIn, publishComment } from "./insert";

export function pinOf(
  row: Pick<CommentRow, "pinX" | "pinY" | "pinSeconds" | "pinEndSeconds">,
): CommentPin | null {
  if (row.pinX !== null && row.pinY !== null) return { x: row.pinX, y: row.pinY };
  if (row.pinSeconds !== null) {
    return row.pinEndSeconds !== null
      ? { seconds: row.pinSeconds, endSeconds: row.pinEndSeconds }
      : { seconds: row.pinSeconds };
  }
  return null;
}

/** Comments with their authors' and mentioned members' names, in three queries. */
export async function commentViews(db: Tx, rows: CommentRow[]): Promise<CommentView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const people = [
    ...new Set(rows.flatMap((r) => [r.authorId, r.resolvedBy]).filter((v): v is string => v !== null)),
  ];
  const [names, mentions] = await Promise.all([
    people.length > 0
      ? db.select({ id: user.id, name: user.name }).from(user).where(inArray(user.id, people))
      : Promise.resolve([]),
    db
      .select({ commentId: mention.commentId, id: user.id, name: user.name })
      .from(mention)
      .innerJoin(user, eq(user.id, mention.userId))
      .where(inArray(mention.commentId, ids)),
  ]);
  const nameOf = new Map(names.map((n) => [n.id, n.name]));
  return rows.map((r) => ({
    id: r.id,
    itemId: r.itemId,
    parentId: r.parentId,
    authorId: r.authorId,
    authorName: r.authorId
      ? (nameOf.get(r.authorId) ?? "Former member")
      : `${r.guestName ?? "Guest"} (guest)`,
    body: r.body,
    pin: pinOf(r),
    marks: r.marks ?? [],
    resolved: r.resolvedAt !== null,
    resolvedByName: r.resolvedBy ? (nameOf.get(r.resolvedBy) ?? "Former member") : null,
    mentions: mentions.filter((m) => m.commentId === r.id).map((m) => ({ id: m.id, name: m.name })),
    createdAt: r.createdAt.toISOString(),
    editedAt: r.editedAt?.toISOString() ?? null,
  }));
}

/**
 * An item's comment threads, oldest first, a page of threads at a time (index
 * `comment_item_idx`), each with all its replies (index `comment_parent_idx`).
 */
export async function commentThreads(
  db: StudioDatabase,
  itemId: string,
  query: { cursor?: string | null; limit?: number } = {},
): Promise<{ threads: CommentThread[]; nextCursor: string | null }> {
  const found = await findItem(db, itemId);
  const limit = query.limit ?? 50;
  const after = decodeCursor(query.cursor);
  const tops = await db
    .select()
    .from(comment)
    .where(
      and(
        eq(comment.itemId, found.id),
        isNull(comment.parentId),
        after
          ? sql`(${comment.createdAt}, ${comment.id}) > (${after.at.toISOString()}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(comment.createdAt), asc(comment.id))
    .limit(limit + 1);
  const page = tops.slice(0, limit);
  const replies =
    page.length > 0
      ? await db
          .select()
          .from(comment)
          .where(
            inArray(
              comment.parentId,
              page.map((t) => t.id),
            ),
          )
          .orderBy(asc(comment.createdAt), asc(comment.id))
      : [];
  const all = await commentViews(db, [...page, ...replies]);
  const byId = new Map(all.map((v) => [v.id, v]));
  const threads = page.flatMap((t) => {
    const view = byId.get(t.id);
    if (!view) return [];
    return [{ ...view, replies: all.filter((v) => v.parentId === t.id) }];
  });
  const last = page.at(-1);
  return { threads, nextCursor: tops.length > limit && last ? encodeCursor(last.createdAt, last.id) : null };
}

/** Adds a comment (or a reply) to an item, pinned or not; members named with @ get it in their inbox. */
export async function addComment(
  deps: ReviewDeps,
  actor: Actor,
  itemId: string,
  input: NewComment,
): Promise<CommentView> {
  const row = await insertComment(deps, { kind: "member", actor }, itemId, input);
  const [view] = await commentViews(deps.db, [row]);
  if (!view) throw new Error("The comment was not stored.");
  return view;
}

/** Resolves or reopens a comment (any reviewer), or edits its text (its author only). */
export async function updateComment(
  deps: ReviewDeps,
  actor: Actor,
  commentId: string,
  patch: CommentPatch,
): Promise<CommentView> {
  assertCan(actor, "review");
  if (!isUuid(commentId)) fail(studioErrors.notFound("comment", "id"));
  const row = await deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(comment)
      .where(eq(comment.id, commentId.toLowerCase()))
      .for("update");
    if (!before) fail(studioErrors.notFound("comment", "id"));
    await findItem(tx, before.itemId, { live: true });
    if ("resolved" in patch) {
      if (patch.resolved === (before.resolvedAt !== null)) return before;
      const [row] = await tx
        .update(comment)
        .set(
          patch.resolved
            ? { resolvedAt: sql`now()`, resolvedBy: actor.id }
            : { resolvedAt: null, resolvedBy: null },
        )
        .where(eq(comment.id, before.id))
        .returning();
      await appendEvent(tx, {
        itemId: before.itemId,
        actor,
        kind: patch.resolved ? "resolve" : "reopen",
        from: null,
        to: { commentId: before.id },
      });
      return row ?? before;
    }
    if (before.authorId !== actor.id) {
      throw new ApiError(403, {
        code: "forbidden",
        message: "Only its author can change a comment's text.",
        parameter: "body",
      });
    }
    if (patch.body === before.body) return before;
    const [row] = await tx
      .update(comment)
      .set({ body: patch.body, editedAt: sql`now()` })
      .where(eq(comment.id, before.id))
      .returning();
    const named = await mentionsIn(tx, patch.body, actor.id);
    const added =
      named.length > 0
        ? await tx
            .insert(mention)
            .values(named.map((m) => ({ commentId: before.id, userId: m.id, itemId: before.itemId })))
            .onConflictDoNothing()
            .returning({ userId: mention.userId })
        : [];
    await appendEvent(tx, {
      itemId: before.itemId,
      actor,
      kind: "comment",
      from: { commentId: before.id, body: before.body },
      to: { commentId: before.id, body: patch.body },
    });
    const mentioned = added.map((a) => a.userId);
    await notify(
      tx,
      { kind: "mention", actorId: actor.id, itemId: before.itemId, commentId: before.id, mentioned },
      deps.log,
    );
    return row ?? before;
  });
  await publishComment(deps, row.itemId, row.id);
  const [view] = await commentViews(deps.db, [row]);
  if (!view) throw new Error("The comment was not found.");
  return view;
}
