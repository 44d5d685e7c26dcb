import "server-only";
import { sql } from "drizzle-orm";
import { comment, user } from "@/lib/server/db/schema";
import type { RateLimits } from "@/lib/server/rate-limits";
import { studioErrors } from "@/lib/studio/api/errors";
import type { GuestComment } from "@/lib/studio/api/share";
import type { GuestCommentInput } from "@/lib/studio/organize";
import { checkPlacement } from "./comments";
import { guestComment, guestThreads } from "./guest-threads";
import { appendEvents } from "./organize-common";
import { type OrganizeDeps, publish } from "./organize-live";
import type { SharedLink } from "./share-links";

/**
 * Guests' comments through a share link that takes them: read and written only on an item the
 * link names, under a name that is not a member's, at a pace a leaked link cannot flood. A guest
 * is the key of their browser's cookie for the link (./guest-identity.ts) and reads back only
 * their own threads.
 */

// `link` reaches `itemId` and takes comments: route() checked both (lib/server/api/link-callers.ts).

/** What the guest reads on a shared item: their own threads and the team's replies in them (./guest-threads.ts). */
export async function sharedComments(
  deps: OrganizeDeps,
  link: SharedLink,
  itemId: string,
  guestKey: string | null,
  query: { cursor?: string | undefined; limit?: number } = {},
): Promise<{ comments: GuestComment[]; nextCursor: string | null }> {
  return guestThreads(deps.db, { linkId: link.id, guestKey }, itemId, query);
}

/** What a guest's comment needs: the budget of comments per link (lib/server/rate-limits). */
export type GuestCommentDeps = OrganizeDeps & { limits: RateLimits };

export async function addGuestComment(
  deps: GuestCommentDeps,
  link: SharedLink,
  itemId: string,
  guestKey: string,
  input: GuestCommentInput,
): Promise<GuestComment> {
  const wait = await deps.limits.take("guestComments", link.id);
  if (wait > 0) throw studioErrors.guestCommentsLimited(wait);
  // A guest writes under a name of their own, never one the team reads as a member's.
  const [member] = await deps.db
    .select({ id: user.id })
    .from(user)
    .where(sql`lower(trim(${user.name})) = lower(${input.name.trim()})`)
    .limit(1);
  if (member) throw studioErrors.guestNameTaken();
  await checkPlacement(deps.db, itemId, input);
  const pin = input.pin ?? null;
  const marks = input.marks && input.marks.length > 0 ? input.marks : null;
  const created = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(comment)
      .values({
        itemId,
        guestName: input.name,
        shareLinkId: link.id,
        guestKey,
        body: input.body,
        pinX: pin && "x" in pin ? pin.x : null,
        pinY: pin && "y" in pin ? pin.y : null,
        pinSeconds: pin && "seconds" in pin ? pin.seconds : null,
        pinEndSeconds: pin && "seconds" in pin ? (pin.endSeconds ?? null) : null,
        marks,
      })
      .returning();
    if (!row) throw new Error("The comment was not stored.");
    const c = row;
    await appendEvents(tx, { id: null, name: input.name, role: "viewer" }, [
      { itemId, kind: "comment", from: null, to: { commentId: c.id, guest: true } },
    ]);
    return c;
  });
  publish(deps, { kind: "comment", itemId, commentId: created.id });
  return guestComment(deps.db, { linkId: link.id, guestKey }, created);
}
