import "server-only";
import { and, count, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { approvalRequest, approvalReviewer, approvalStage, notification } from "@/lib/server/db/schema";
import { notify } from "@/lib/server/notifications/notify";
import type { Tx } from "@/lib/server/notifications/types";
import { unreadCount } from "@/lib/server/notifications/unread";
import type { ApprovalStatus } from "@/lib/studio/approvals/approvals";
import { STATUS_LABELS } from "@/lib/studio/approvals/approvals";
import type { ApprovalDeps } from "./types";

/** A request's page in the studio: where its notifications open. */
export function approvalHref(requestId: string): string {
  return `/approvals/${requestId}`;
}

/**
 * Tells the members of the stage that just started that their decision is asked for (or only
 * `onlyUserId`, a member added to a stage already deciding).
 */
export async function stageStarted(
  tx: Tx,
  deps: Pick<ApprovalDeps, "log">,
  requestId: string,
  position: number,
  actorId: string | null,
  onlyUserId?: string,
): Promise<void> {
  const [request] = await tx
    .select({ title: approvalRequest.title })
    .from(approvalRequest)
    .where(eq(approvalRequest.id, requestId));
  const [stages] = await tx
    .select({ n: count() })
    .from(approvalStage)
    .where(eq(approvalStage.requestId, requestId));
  const members = await tx
    .select({ userId: approvalReviewer.userId })
    .from(approvalReviewer)
    .innerJoin(approvalStage, eq(approvalStage.id, approvalReviewer.stageId))
    .where(
      and(
        eq(approvalReviewer.requestId, requestId),
        eq(approvalStage.position, position),
        isNotNull(approvalReviewer.userId),
        isNull(approvalReviewer.removedAt),
        onlyUserId === undefined ? undefined : eq(approvalReviewer.userId, onlyUserId),
      ),
    );
  await notify(
    tx,
    {
      kind: "approval",
      actorId,
      userIds: members.flatMap((m) => (m.userId ? [m.userId] : [])),
      detail: {
        approval: "stage",
        name: request?.title ?? "Untitled",
        href: approvalHref(requestId),
        stage: position + 1,
        stages: Number(stages?.n ?? 1),
      },
    },
    deps.log,
  );
}

/**
 * A member taken off a request: the notice asking for their decision leaves their inbox, so it no
 * longer says the request waits on them.
 */
export async function reviewerRemoved(
  tx: Tx,
  deps: Pick<ApprovalDeps, "log">,
  requestId: string,
  userId: string,
): Promise<void> {
  const gone = await tx
    .delete(notification)
    .where(
      and(
        eq(notification.userId, userId),
        eq(notification.kind, "approval"),
        sql`${notification.detail}->>'approval' = 'stage'`,
        sql`${notification.detail}->>'href' = ${approvalHref(requestId)}`,
      ),
    )
    .returning({ id: notification.id });
  if (gone.length > 0)
    deps.log.publishGallery({ kind: "inbox", unread: await unreadCount(tx, userId) }, { userId });
}

/** Tells the requester how their request ended (approved, or stopped at a stage). */
export async function requestDecided(
  tx: Tx,
  deps: Pick<ApprovalDeps, "log">,
  request: { id: string; title: string; requestedBy: string | null },
  status: ApprovalStatus,
  actorId: string | null,
): Promise<void> {
  await notify(
    tx,
    {
      kind: "approval",
      actorId,
      userIds: request.requestedBy ? [request.requestedBy] : [],
      detail: {
        approval: "decided",
        name: request.title,
        outcome: STATUS_LABELS[status],
        href: approvalHref(request.id),
      },
    },
    deps.log,
  );
}

/** Every open page, list and card hears where the request stands now (after it committed). */
export function announce(
  deps: Pick<ApprovalDeps, "log">,
  request: { id: string; status: ApprovalStatus; activeStage: number },
): void {
  deps.log.publishGallery({
    kind: "approval",
    requestId: request.id,
    status: request.status,
    stage: request.activeStage,
  });
}
