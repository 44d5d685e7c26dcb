import "server-only";
import { sql } from "drizzle-orm";
import { user } from "@/lib/server/db/schema";
import type { RateLimits } from "@/lib/server/rate-limits";
import { studioErrors } from "@/lib/studio/api/errors";
import type { GuestComment } from "@/lib/studio/api/share";
import type { GuestCommentInput } from "@/lib/studio/organize/organize";
import type { OrganizeDeps } from "../items/live";
import type { SharedLink } from "../share/links";
import { guestComment, guestThreads } from "./guest-threads";
import { insertComment } from "./insert";

/**
 * Guests' comments through a share link that takes them: read and written only on an item the
 * link names, under a name that is not a member's, at a pace a leaked link cannot flood. A guest
 * is the key of their browser's cookie for the link (./guest-identity.ts) and reads back only
 * their own threads. The comment itself is stored as a member's is (./insert.ts).
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
  const created = await insertComment(
    deps,
    { kind: "guest", linkId: link.id, guestKey, name: input.name },
    itemId,
    input,
  );
  return guestComment(deps.db, { linkId: link.id, guestKey }, created);
}
