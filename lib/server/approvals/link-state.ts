import "server-only";
import { eq } from "drizzle-orm";
import type { StudioDatabase } from "@/lib/server/db";
import { approvalRequest, approvalRetiredLink, approvalReviewer, user } from "@/lib/server/db/schema";
import { APPROVAL_TOKEN_RE, hashApprovalToken } from "./guest-token";

/**
 * What a guest reviewer's link is now. A link that once worked and no longer does names who asked
 * for the review, so its guest knows whom to ask; it never names the request. A token that never
 * named a link (or whose request was deleted) is only "unknown": there is nobody to name.
 *
 * Telling an old link from one that never existed leaks nothing: a token is 32 random bytes, so
 * only someone the requester once sent it to can hold one. Of the old links, one that was taken
 * away (withdrawn, or its guest taken off the request, even after a newer link) says only
 * "withdrawn"; only a link a still-working newer one replaced says "replaced", so nobody is told
 * the review goes on without them.
 */
export type ApprovalLinkState =
  | { state: "live" }
  | { state: "withdrawn" | "replaced"; requesterName: string | null }
  | { state: "unknown" };

const facts = {
  revokedAt: approvalReviewer.linkRevokedAt,
  removedAt: approvalReviewer.removedAt,
  requesterName: user.name,
};

export async function approvalLinkState(db: StudioDatabase, token: string): Promise<ApprovalLinkState> {
  if (!APPROVAL_TOKEN_RE.test(token)) return { state: "unknown" };
  const tokenHash = hashApprovalToken(token);
  const [current] = await db
    .select(facts)
    .from(approvalReviewer)
    .innerJoin(approvalRequest, eq(approvalRequest.id, approvalReviewer.requestId))
    .leftJoin(user, eq(user.id, approvalRequest.requestedBy))
    .where(eq(approvalReviewer.guestTokenHash, tokenHash));
  const [retired] = current
    ? []
    : await db
        .select(facts)
        .from(approvalRetiredLink)
        .innerJoin(approvalReviewer, eq(approvalReviewer.id, approvalRetiredLink.reviewerId))
        .innerJoin(approvalRequest, eq(approvalRequest.id, approvalReviewer.requestId))
        .leftJoin(user, eq(user.id, approvalRequest.requestedBy))
        .where(eq(approvalRetiredLink.tokenHash, tokenHash));
  const row = current ?? retired;
  if (!row) return { state: "unknown" };
  const requesterName = row.requesterName ?? null;
  if (row.revokedAt || row.removedAt) return { state: "withdrawn", requesterName };
  return current ? { state: "live" } : { state: "replaced", requesterName };
}
