import "server-only";
import { eq } from "drizzle-orm";
import { approvalRequest } from "@/lib/server/db/schema";
import { studioErrors } from "@/lib/studio/api/errors";
import { STATUS_LABELS } from "@/lib/studio/approvals/approvals";
import type { ApprovalView } from "@/lib/studio/approvals/views";
import type { Actor } from "../items/actor";
import { lockRequest } from "./decide";
import { announce, stageStarted } from "./notices";
import type { ApprovalDeps } from "./types";
import { approvalView, mayEdit } from "./view";

/** Changes only the requester or an owner may make, each under the request's lock. */

export async function updateApproval(
  deps: ApprovalDeps,
  actor: Actor,
  id: string,
  patch: {
    title?: string | undefined;
    dueAt?: string | null | undefined;
    holdDownloads?: boolean | undefined;
  },
): Promise<ApprovalView> {
  await deps.db.transaction(async (tx) => {
    const request = await lockRequest(tx, id);
    if (!mayEdit(request, actor)) throw studioErrors.approvalNotYours();
    await tx
      .update(approvalRequest)
      .set({
        ...(patch.title !== undefined ? { title: patch.title } : {}),
        ...(patch.dueAt !== undefined ? { dueAt: patch.dueAt ? new Date(patch.dueAt) : null } : {}),
        ...(patch.holdDownloads !== undefined ? { holdDownloads: patch.holdDownloads } : {}),
        updatedAt: new Date(),
      })
      .where(eq(approvalRequest.id, id));
  });
  const view = await approvalView(deps.db, id, actor);
  announce(deps, view);
  return view;
}

export async function cancelApproval(deps: ApprovalDeps, actor: Actor, id: string): Promise<ApprovalView> {
  await deps.db.transaction(async (tx) => {
    const request = await lockRequest(tx, id);
    if (!mayEdit(request, actor)) throw studioErrors.approvalNotYours();
    if (request.status !== "inReview") throw studioErrors.approvalNotOpen(STATUS_LABELS[request.status]);
    const now = new Date();
    await tx
      .update(approvalRequest)
      .set({ status: "cancelled", updatedAt: now, decidedAt: now })
      .where(eq(approvalRequest.id, id));
  });
  const view = await approvalView(deps.db, id, actor);
  announce(deps, view);
  return view;
}

/** A stopped request starts a new round: its first stage decides again; earlier decisions stay on record. */
export async function reopenApproval(deps: ApprovalDeps, actor: Actor, id: string): Promise<ApprovalView> {
  await deps.db.transaction(async (tx) => {
    const request = await lockRequest(tx, id);
    if (!mayEdit(request, actor)) throw studioErrors.approvalNotYours();
    if (request.status !== "changesRequested" && request.status !== "rejected")
      throw studioErrors.approvalNotStopped();
    await tx
      .update(approvalRequest)
      .set({
        status: "inReview",
        round: request.round + 1,
        activeStage: 0,
        decidedAt: null,
        updatedAt: new Date(),
      })
      .where(eq(approvalRequest.id, id));
    await stageStarted(tx, deps, id, 0, actor.id);
  });
  const view = await approvalView(deps.db, id, actor);
  announce(deps, view);
  return view;
}
