import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import { item, itemRating, user } from "@/lib/server/db/schema";
import { notify } from "@/lib/server/notifications/notify";
import { ApiError, studioErrors } from "@/lib/studio/api/errors";
import { ratingBody } from "@/lib/studio/api/items";
import type { ItemReview } from "@/lib/studio/items/gallery-item";
import type { ReviewState } from "@/lib/studio/review/review";
import { itemReviews } from "../items/item-review";
import { type Actor, assertCan, fail, findItem, itemIdOf, type ReviewDeps, type Tx } from "./access";
import { appendEvent } from "./audit-trail";

/**
 * Locks the item's row for the rest of the transaction: two reviewers rating at once then count
 * one after the other, so the stored count and average always match the ratings.
 */
async function lockItem(tx: Tx, id: string) {
  const itemId = itemIdOf(id);
  const [row] = await tx
    .select({
      id: item.id,
      reviewState: item.reviewState,
      assigneeId: item.assigneeId,
      deletedAt: item.deletedAt,
    })
    .from(item)
    .where(eq(item.id, itemId))
    .for("update");
  if (!row) fail(studioErrors.notFound("item", "id"));
  if (row.deletedAt !== null) await findItem(tx, itemId, { live: true });
  return row;
}

/** Recounts the item's ratings into its own columns (exact: a mean of whole stars, not a drift). */
async function recount(tx: Tx, itemId: string): Promise<void> {
  await tx
    .update(item)
    .set({
      ratingCount: sql`(select count(*)::int from ${itemRating} where ${itemRating.itemId} = ${itemId})`,
      ratingAvg: sql`(select avg(${itemRating.value})::float8 from ${itemRating} where ${itemRating.itemId} = ${itemId})`,
    })
    .where(eq(item.id, itemId));
}

async function publishReview(deps: ReviewDeps, itemId: string): Promise<ItemReview> {
  const review = (await itemReviews(deps.db, [itemId])).get(itemId);
  if (!review) fail(studioErrors.notFound("item", "id"));
  deps.log.publishGallery({ kind: "review", itemId, review });
  return review;
}

/** Sets the actor's own 1-5 rating of an item (reviewer or stronger). */
export async function rateItem(
  deps: ReviewDeps,
  actor: Actor,
  id: string,
  value: number,
): Promise<ItemReview> {
  assertCan(actor, "review");
  const parsed = ratingBody.safeParse({ value });
  if (!parsed.success)
    fail(studioErrors.invalidBody(parsed.error.issues[0]?.message ?? "Invalid rating.", "value"));
  const itemId = await deps.db.transaction(async (tx) => {
    const row = await lockItem(tx, id);
    const [before] = await tx
      .select({ value: itemRating.value })
      .from(itemRating)
      .where(and(eq(itemRating.itemId, row.id), eq(itemRating.userId, actor.id)));
    if (before?.value === value) return row.id;
    await tx
      .insert(itemRating)
      .values({ itemId: row.id, userId: actor.id, value })
      .onConflictDoUpdate({
        target: [itemRating.itemId, itemRating.userId],
        set: { value, updatedAt: sql`now()` },
      });
    await recount(tx, row.id);
    await appendEvent(tx, { itemId: row.id, actor, kind: "rating", from: before?.value ?? null, to: value });
    return row.id;
  });
  return publishReview(deps, itemId);
}

/** Removes the actor's own rating; nothing happens (and nothing is recorded) without one. */
export async function unrateItem(deps: ReviewDeps, actor: Actor, id: string): Promise<ItemReview> {
  assertCan(actor, "review");
  const itemId = await deps.db.transaction(async (tx) => {
    const row = await lockItem(tx, id);
    const [removed] = await tx
      .delete(itemRating)
      .where(and(eq(itemRating.itemId, row.id), eq(itemRating.userId, actor.id)))
      .returning({ value: itemRating.value });
    if (!removed) return row.id;
    await recount(tx, row.id);
    await appendEvent(tx, { itemId: row.id, actor, kind: "rating", from: removed.value, to: null });
    return row.id;
  });
  return publishReview(deps, itemId);
}

/** Moves an item to a review state (reviewer or stronger). The same state again records nothing. */
export async function setReviewState(
  deps: ReviewDeps,
  actor: Actor,
  id: string,
  state: ReviewState,
): Promise<ItemReview> {
  assertCan(actor, "review");
  const itemId = await deps.db.transaction(async (tx) => {
    const row = await lockItem(tx, id);
    if (row.reviewState === state) return row.id;
    await tx.update(item).set({ reviewState: state }).where(eq(item.id, row.id));
    await appendEvent(tx, { itemId: row.id, actor, kind: "state", from: row.reviewState, to: state });
    await notify(tx, { kind: "state", actorId: actor.id, itemId: row.id, state }, deps.log);
    return row.id;
  });
  return publishReview(deps, itemId);
}

/** Assigns the item to a member of the team (reviewer or stronger may be assigned), or to nobody. */
export async function assignItem(
  deps: ReviewDeps,
  actor: Actor,
  id: string,
  userId: string | null,
): Promise<ItemReview> {
  assertCan(actor, "review");
  const itemId = await deps.db.transaction(async (tx) => {
    const row = await lockItem(tx, id);
    if (userId !== null) {
      const [member] = await tx
        .select({ id: user.id, role: user.role })
        .from(user)
        .where(and(eq(user.id, userId), isNull(user.deactivatedAt)));
      if (!member) fail(studioErrors.notFound("member", "userId"));
      if (member.role === "viewer") {
        throw new ApiError(409, {
          code: "conflictAssignee",
          message: "A viewer cannot review: assign a reviewer, an editor or an owner.",
          parameter: "userId",
        });
      }
    }
    if (row.assigneeId === userId) return row.id;
    await tx.update(item).set({ assigneeId: userId }).where(eq(item.id, row.id));
    await appendEvent(tx, { itemId: row.id, actor, kind: "assign", from: row.assigneeId, to: userId });
    await notify(tx, { kind: "assigned", actorId: actor.id, itemId: row.id, userId }, deps.log);
    return row.id;
  });
  return publishReview(deps, itemId);
}
