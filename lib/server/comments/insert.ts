import "server-only";
import { eq, isNull } from "drizzle-orm";
import { type CommentRow, comment, item, mention, user } from "@/lib/server/db/schema";
import { notify } from "@/lib/server/notifications/notify";
import { studioErrors } from "@/lib/studio/api/errors";
import type { NewComment } from "@/lib/studio/comments/comments";
import { mentionedMembers } from "@/lib/studio/comments/mentions";
import { itemReviews } from "../items/item-review";
import { type Actor, assertCan, fail, findItem, type ReviewDeps, type Tx } from "../review/access";
import { appendEvent } from "../review/audit-trail";

/**
 * Who writes a comment. A member may reply in any thread and name members with @, who then get it
 * in their inbox; a guest of a share link starts threads of their own under the name they give,
 * keyed by their browser's cookie (./guest-identity.ts), and names nobody.
 */
export type CommentAuthor =
  | { kind: "member"; actor: Actor }
  | { kind: "guest"; linkId: string; guestKey: string; name: string };

/** What a comment says and where it points; only a member's may answer a thread. */
export type CommentInput = Pick<NewComment, "body" | "pin" | "marks"> & {
  parentId?: string | null | undefined;
};

/**
 * What the body's schema cannot know without the item: a range ends within the video, marks on
 * a video belong to a moment of it, and an image takes no range.
 */
export async function checkPlacement(
  tx: Tx,
  itemId: string,
  input: Pick<NewComment, "pin" | "marks">,
): Promise<void> {
  const pin = input.pin ?? null;
  const marks = input.marks ?? [];
  const hasRange = pin !== null && "endSeconds" in pin && pin.endSeconds !== undefined;
  if (!hasRange && marks.length === 0) return;
  const [media] = await tx
    .select({ kind: item.kind, durationSeconds: item.durationSeconds })
    .from(item)
    .where(eq(item.id, itemId));
  if (!media) return;
  if (media.kind === "image" && hasRange)
    fail(studioErrors.invalidCommentRange("An image has no range to mark: pin a point instead."));
  if (
    media.kind === "video" &&
    hasRange &&
    media.durationSeconds !== null &&
    pin.endSeconds !== undefined &&
    pin.endSeconds > media.durationSeconds + 0.001
  ) {
    fail(
      studioErrors.invalidCommentRange(`The out point is past the video's end (${media.durationSeconds} s).`),
    );
  }
  if (media.kind === "video" && marks.length > 0 && (pin === null || !("seconds" in pin))) {
    fail(studioErrors.marksNeedMoment());
  }
}

/** The team's active members that a text mentions, the writer excepted (nobody notifies themself). */
export async function mentionsIn(tx: Tx, text: string, writerId: string) {
  const members = await tx
    .select({ id: user.id, name: user.name })
    .from(user)
    .where(isNull(user.deactivatedAt));
  return mentionedMembers(text, members).filter((m) => m.id !== writerId);
}

/** Tells the team live: the comment, and the item's review it counts in. */
export async function publishComment(deps: ReviewDeps, itemId: string, commentId: string) {
  deps.log.publishGallery({ kind: "comment", itemId, commentId });
  const review = (await itemReviews(deps.db, [itemId])).get(itemId);
  if (review) deps.log.publishGallery({ kind: "review", itemId, review });
}

/** The thread a member's reply joins: threads are one level deep, so a reply to a reply joins its thread. */
async function threadOf(tx: Tx, itemId: string, parentId: string): Promise<string> {
  const [parent] = await tx
    .select({ id: comment.id, itemId: comment.itemId, parentId: comment.parentId })
    .from(comment)
    .where(eq(comment.id, parentId.toLowerCase()));
  if (!parent || parent.itemId !== itemId) fail(studioErrors.notFound("comment", "parentId"));
  return parent.parentId ?? parent.id;
}

/**
 * The one way a comment is stored, a member's or a guest's: checked against the item, written
 * with its audit entry, and (a member's only) its mentions and inbox notices, then told live.
 */
export async function insertComment(
  deps: ReviewDeps,
  author: CommentAuthor,
  itemId: string,
  input: CommentInput,
): Promise<CommentRow> {
  const member = author.kind === "member" ? author.actor : null;
  if (member) assertCan(member, "review");
  const row = await deps.db.transaction(async (tx) => {
    const found = await findItem(tx, itemId, { live: true });
    const parentId = member && input.parentId ? await threadOf(tx, found.id, input.parentId) : null;
    await checkPlacement(tx, found.id, input);
    const pin = input.pin ?? null;
    const marks = input.marks && input.marks.length > 0 ? input.marks : null;
    if (parentId && marks) fail(studioErrors.replyMarks());
    const [row] = await tx
      .insert(comment)
      .values({
        itemId: found.id,
        parentId,
        ...(author.kind === "member"
          ? { authorId: author.actor.id }
          : { guestName: author.name, shareLinkId: author.linkId, guestKey: author.guestKey }),
        body: input.body,
        pinX: pin && "x" in pin ? pin.x : null,
        pinY: pin && "y" in pin ? pin.y : null,
        pinSeconds: pin && "seconds" in pin ? pin.seconds : null,
        pinEndSeconds: pin && "seconds" in pin ? (pin.endSeconds ?? null) : null,
        marks,
      })
      .returning();
    if (!row) throw new Error("The comment was not stored.");
    if (!member) {
      // A guest names nobody and reaches no inbox: the team reads them in the item's threads.
      await appendEvent(tx, {
        itemId: found.id,
        actor: { id: null, name: row.guestName ?? "Guest" },
        kind: "comment",
        from: null,
        to: { commentId: row.id, guest: true },
      });
      return row;
    }
    const named = await mentionsIn(tx, input.body, member.id);
    if (named.length > 0) {
      await tx
        .insert(mention)
        .values(named.map((m) => ({ commentId: row.id, userId: m.id, itemId: found.id })))
        .onConflictDoNothing();
    }
    const mentioned = named.map((m) => m.id);
    await appendEvent(tx, {
      itemId: found.id,
      actor: member,
      kind: "comment",
      from: null,
      to: { commentId: row.id, parentId, mentions: mentioned },
    });
    await notify(
      tx,
      { kind: "comment", actorId: member.id, itemId: found.id, commentId: row.id, parentId, mentioned },
      deps.log,
    );
    return row;
  });
  await publishComment(deps, row.itemId, row.id);
  return row;
}
