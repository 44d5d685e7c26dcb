import "server-only";
import { and, asc, eq, inArray, isNull, or, type SQL } from "drizzle-orm";
import { decodeCursor, encodeCursor } from "@/lib/server/db/cursor";
import { type CommentRow, comment, user } from "@/lib/server/db/schema";
import type { GuestComment } from "@/lib/studio/api/share";
import { maskMentions } from "@/lib/studio/comments/mentions";
import { after } from "../items/actor";
import type { Tx } from "../review/access";
import { pinOf } from "./comments";

/**
 * The one rule for what a guest on a share link reads of an item's comments: the threads they
 * started through that link (their guest key, lib/server/comments/guest-identity.ts) and what the
 * team replies in them. Nothing else: not the team's threads, not another guest's, not a member's
 * name (a member's reply is signed "Team"), not whom the team @mentions. Every guest read of
 * comments (the list, what a guest's own post answers, the marks they carry) goes through here;
 * the share page and its JSON carry no comments at all.
 */

/** Who reads: a guest on one link; without a key (no cookie yet) they have written nothing. */
export interface GuestReader {
  linkId: string;
  guestKey: string | null;
}

/** How a member is named to a guest. */
export const TEAM_AUTHOR = "Team";
const TEAM_MENTION = "@team";

/** The rows a guest may read on an item: the threads they started and the replies in them. */
function guestThreadsWhere(db: Tx, itemId: string, linkId: string, guestKey: string): SQL | undefined {
  const theirs = and(
    eq(comment.itemId, itemId),
    isNull(comment.parentId),
    eq(comment.shareLinkId, linkId),
    eq(comment.guestKey, guestKey),
  );
  const tops = db.select({ id: comment.id }).from(comment).where(theirs);
  return or(theirs, and(eq(comment.itemId, itemId), inArray(comment.parentId, tops)));
}

/** Rows as a guest reads them: their own name on their comments, "Team" on the team's, no member named. */
async function guestViews(db: Tx, reader: GuestReader, rows: CommentRow[]): Promise<GuestComment[]> {
  const fromTeam = rows.some((r) => r.authorId !== null);
  const members = fromTeam ? await db.select({ id: user.id, name: user.name }).from(user) : [];
  return rows.map((r) => {
    const own = reader.guestKey !== null && r.guestKey === reader.guestKey;
    return {
      id: r.id,
      parentId: r.parentId,
      authorName: own ? (r.guestName ?? "You") : r.authorId !== null ? TEAM_AUTHOR : "Guest",
      guest: r.authorId === null,
      body: r.authorId !== null ? maskMentions(r.body, members, TEAM_MENTION) : r.body,
      pin: pinOf(r),
      marks: r.marks ?? [],
      createdAt: r.createdAt.toISOString(),
    };
  });
}

/** A page of what a guest may read on an item, oldest first. */
export async function guestThreads(
  db: Tx,
  reader: GuestReader,
  itemId: string,
  query: { cursor?: string | undefined; limit?: number } = {},
): Promise<{ comments: GuestComment[]; nextCursor: string | null }> {
  const limit = query.limit ?? 100;
  const from = decodeCursor(query.cursor);
  if (reader.guestKey === null) return { comments: [], nextCursor: null };
  const rows = await db
    .select()
    .from(comment)
    .where(
      and(
        guestThreadsWhere(db, itemId, reader.linkId, reader.guestKey),
        from ? after(comment.createdAt, comment.id, from) : undefined,
      ),
    )
    .orderBy(asc(comment.createdAt), asc(comment.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    comments: await guestViews(db, reader, page),
    nextCursor: rows.length > limit && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}

/** One comment a guest just wrote, as they read it back. */
export async function guestComment(db: Tx, reader: GuestReader, row: CommentRow): Promise<GuestComment> {
  const [view] = await guestViews(db, reader, [row]);
  if (!view) throw new Error("The comment was not stored.");
  return view;
}
