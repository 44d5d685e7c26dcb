import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { approvalRetiredLink, approvalReviewer } from "@/lib/server/db/schema";
import { studioErrors } from "@/lib/studio/api/errors";
import type { ApprovalView, GuestLink } from "@/lib/studio/approvals/views";
import type { Actor } from "../items/actor";
import { lockRequest } from "./decide";
import { emailGuestLinks } from "./guest-mail";
import { approvalGuestUrl, hashApprovalToken, newApprovalToken } from "./guest-token";
import { announce } from "./notices";
import type { ApprovalDeps } from "./types";
import { approvalView, mayEdit } from "./view";

/**
 * A guest reviewer's link, withdrawn or made anew by the request's requester (or an owner), under
 * the request's lock so a decision through the old link sent at the same moment either lands
 * before or is refused. Only the new token's hash is kept; decisions already given stay.
 */

type Tx = Parameters<Parameters<ApprovalDeps["db"]["transaction"]>[0]>[0];

async function guestOf(
  tx: Tx,
  actor: Actor,
  id: string,
  reviewerId: string,
): Promise<{ name: string; tokenHash: string | null; email: string | null }> {
  const request = await lockRequest(tx, id);
  if (!mayEdit(request, actor)) throw studioErrors.approvalNotYours();
  const [row] = await tx
    .select({
      userId: approvalReviewer.userId,
      guestName: approvalReviewer.guestName,
      tokenHash: approvalReviewer.guestTokenHash,
      email: approvalReviewer.guestEmail,
    })
    .from(approvalReviewer)
    .where(
      and(
        eq(approvalReviewer.id, reviewerId),
        eq(approvalReviewer.requestId, id),
        isNull(approvalReviewer.removedAt),
      ),
    );
  if (!row) throw studioErrors.reviewerNotFound();
  if (row.userId) throw studioErrors.notAGuestReviewer();
  return { name: row.guestName ?? "Guest", tokenHash: row.tokenHash, email: row.email };
}

async function answer(deps: ApprovalDeps, actor: Actor, id: string): Promise<ApprovalView> {
  const view = await approvalView(deps.db, id, actor);
  announce(deps, view);
  return view;
}

/** The link stops working: its page says it was withdrawn and it decides nothing. */
export async function revokeGuestLink(
  deps: ApprovalDeps,
  actor: Actor,
  id: string,
  reviewerId: string,
): Promise<ApprovalView> {
  await deps.db.transaction(async (tx) => {
    await guestOf(tx, actor, id, reviewerId);
    await tx
      .update(approvalReviewer)
      .set({ linkRevokedAt: new Date() })
      .where(and(eq(approvalReviewer.id, reviewerId), isNull(approvalReviewer.linkRevokedAt)));
  });
  return answer(deps, actor, id);
}

/**
 * A new link for the same guest (answered once, and emailed to them when the requester gave an
 * address); the old one, withdrawn or not, stops working, and its hash is kept so that opening it
 * says it was replaced.
 */
export async function reissueGuestLink(
  deps: ApprovalDeps,
  actor: Actor,
  id: string,
  reviewerId: string,
  origin: string,
): Promise<{ approval: ApprovalView; guestLink: GuestLink }> {
  const token = newApprovalToken();
  const { name, email } = await deps.db.transaction(async (tx) => {
    const guest = await guestOf(tx, actor, id, reviewerId);
    if (guest.tokenHash)
      await tx
        .insert(approvalRetiredLink)
        .values({ tokenHash: guest.tokenHash, reviewerId })
        .onConflictDoNothing();
    await tx
      .update(approvalReviewer)
      .set({ guestTokenHash: hashApprovalToken(token), linkRevokedAt: null })
      .where(eq(approvalReviewer.id, reviewerId));
    return guest;
  });
  const [guestLink] = await emailGuestLinks(deps.db, id, [
    { reviewerId, name, url: approvalGuestUrl(origin, token), email },
  ]);
  return { approval: await answer(deps, actor, id), guestLink: guestLink as GuestLink };
}
