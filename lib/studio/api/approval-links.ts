import { z } from "zod";
import { decisionInputSchema } from "@/lib/studio/approvals/inputs";
import { guestApprovalSchema } from "@/lib/studio/approvals/views";
import { resource, uuid } from "./endpoint";

/**
 * A guest reviewer's link: the request's items and the guest's own decision, nothing else of the
 * team. Every dead token answers the same 404 naming `token`; a link its requester withdrew
 * answers 410 saying so.
 */

const tokenParams = z.object({ token: z.string().min(1).max(200) });

export const approvalLinks = resource("approvalLinks", {
  get: {
    method: "GET",
    path: "/api/approval-links/{token}",
    summary: "The review request a guest reviewer's link names, as the guest sees it.",
    access: "public",
    caller: { kind: "approvalLink" },
    params: tokenParams,
    response: z.object({ approval: guestApprovalSchema }),
    errors: ["approvalLinkGone", "approvalLinkWithdrawn"],
  },
  decide: {
    method: "POST",
    path: "/api/approval-links/{token}/decision",
    summary: "The guest's decision, while their stage is deciding.",
    access: "public",
    caller: { kind: "approvalLink" },
    params: tokenParams,
    body: decisionInputSchema,
    response: z.object({ approval: guestApprovalSchema }),
    errors: [
      "approvalLinkGone",
      "approvalLinkWithdrawn",
      "notYourStage",
      "approvalNotOpen",
      "alreadyDecided",
    ],
    invalidates: ["approvalLinks"],
  },
  media: {
    method: "GET",
    path: "/api/approval-links/{token}/media/{itemId}",
    summary: "The media of an item of the link's request, checked on every request.",
    access: "public",
    caller: { kind: "approvalLink" },
    params: tokenParams.extend({ itemId: uuid() }),
    produces: "application/octet-stream",
    errors: ["approvalLinkGone", "approvalLinkWithdrawn", "notFound"],
  },
});
