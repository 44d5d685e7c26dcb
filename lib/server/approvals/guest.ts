import "server-only";
import { and, asc, eq, isNull } from "drizzle-orm";
import type { StudioDatabase } from "@/lib/server/db";
import {
  approvalDecision,
  approvalItem,
  approvalReviewer,
  approvalStage,
  item,
} from "@/lib/server/db/schema";
import { api } from "@/lib/studio/api";
import { studioErrors } from "@/lib/studio/api/errors";
import { urlOf } from "@/lib/studio/api/url";
import type { ApprovalDecision } from "@/lib/studio/approvals/approvals";
import type { DecisionInput } from "@/lib/studio/approvals/inputs";
import type { GuestApproval } from "@/lib/studio/approvals/views";
import { decide } from "./decide";
import { APPROVAL_TOKEN_RE, hashApprovalToken } from "./guest-token";
import { approvalLinkState } from "./link-state";
import type { ApprovalDeps } from "./types";
import { requestRow } from "./view";

/** A guest reviewer as their link names them: their row, their stage and their request. */
export interface ApprovalGuest {
  token: string;
  tokenHash: string;
  reviewerId: string;
  requestId: string;
  name: string;
  /** 0-based. */
  stage: number;
}

/**
 * The guest a token names. Every token that never named one (wrong shape, unknown) is the same
 * 404; a link its requester withdrew, or whose guest they took off the request, answers that it
 * was withdrawn, and one a newer link replaced says so (both 410; see `approvalLinkState`).
 */
export async function approvalGuestOf(db: StudioDatabase, token: string): Promise<ApprovalGuest> {
  if (!APPROVAL_TOKEN_RE.test(token)) throw studioErrors.approvalLinkGone();
  const tokenHash = hashApprovalToken(token);
  const [row] = await db
    .select({
      reviewerId: approvalReviewer.id,
      requestId: approvalReviewer.requestId,
      name: approvalReviewer.guestName,
      stage: approvalStage.position,
      revokedAt: approvalReviewer.linkRevokedAt,
      removedAt: approvalReviewer.removedAt,
    })
    .from(approvalReviewer)
    .innerJoin(approvalStage, eq(approvalStage.id, approvalReviewer.stageId))
    .where(eq(approvalReviewer.guestTokenHash, tokenHash));
  if (!row) {
    const { state } = await approvalLinkState(db, token);
    if (state === "replaced") throw studioErrors.approvalLinkReplaced();
    if (state === "withdrawn") throw studioErrors.approvalLinkWithdrawn();
    throw studioErrors.approvalLinkGone();
  }
  if (row.revokedAt || row.removedAt) throw studioErrors.approvalLinkWithdrawn();
  return {
    token,
    tokenHash,
    reviewerId: row.reviewerId,
    requestId: row.requestId,
    name: row.name ?? "Guest",
    stage: row.stage,
  };
}

/** What the guest sees: the request's items and where it stands; no member's name. */
export async function guestApproval(db: StudioDatabase, guest: ApprovalGuest): Promise<GuestApproval> {
  const request = await requestRow(db, guest.requestId);
  const stages = await db
    .select({ id: approvalStage.id })
    .from(approvalStage)
    .where(eq(approvalStage.requestId, request.id));
  const [mine] = await db
    .select({ decision: approvalDecision.decision, note: approvalDecision.note })
    .from(approvalDecision)
    .where(and(eq(approvalDecision.reviewerId, guest.reviewerId), eq(approvalDecision.round, request.round)));
  const items = await db
    .select({ id: item.id, kind: item.kind, mime: item.mime })
    .from(approvalItem)
    .innerJoin(item, eq(item.id, approvalItem.itemId))
    .where(and(eq(approvalItem.requestId, request.id), isNull(item.deletedAt)))
    .orderBy(asc(item.createdAt), asc(item.id));
  return {
    title: request.title,
    status: request.status,
    activeStage: request.activeStage + 1,
    stageCount: stages.length,
    dueAt: request.dueAt?.toISOString() ?? null,
    yourName: guest.name,
    yourStage: guest.stage + 1,
    yourDecision: (mine?.decision ?? null) as ApprovalDecision | null,
    yourNote: mine?.note ?? "",
    canDecide: request.status === "inReview" && request.activeStage === guest.stage && !mine,
    items: items.map((i) => ({
      id: i.id,
      kind: i.kind,
      mime: i.mime,
      mediaUrl: urlOf(api.approvalLinks.media, { params: { token: guest.token, itemId: i.id } }),
    })),
  };
}

export async function guestDecide(
  deps: ApprovalDeps,
  guest: ApprovalGuest,
  input: DecisionInput,
): Promise<GuestApproval> {
  await decide(
    deps,
    { reviewerId: guest.reviewerId, tokenHash: guest.tokenHash },
    guest.requestId,
    input,
    null,
  );
  return guestApproval(deps.db, guest);
}

/** The stored media of an item of the guest's request; any other item is the same 404. */
export async function guestItemMedia(
  db: StudioDatabase,
  guest: ApprovalGuest,
  itemId: string,
): Promise<{ storageKey: string }> {
  const [row] = await db
    .select({ storageKey: item.storageKey })
    .from(approvalItem)
    .innerJoin(item, eq(item.id, approvalItem.itemId))
    .where(and(eq(approvalItem.requestId, guest.requestId), eq(item.id, itemId), isNull(item.deletedAt)));
  if (!row) throw studioErrors.notFound("item in this review request", "itemId");
  return row;
}
