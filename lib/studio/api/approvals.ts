import { z } from "zod";
import {
  approvalCreateSchema,
  approvalPatchSchema,
  decisionInputSchema,
  digestSettingSchema,
  reviewerAddSchema,
  reviewerReplaceSchema,
} from "@/lib/studio/approvals/inputs";
import {
  approvalBadgeSchema,
  approvalSummarySchema,
  approvalViewSchema,
  guestLinkSchema,
} from "@/lib/studio/approvals/views";
import { pageQuery, resource, uuid } from "./endpoint";

/**
 * Review requests: a board or a selection sent through ordered stages of reviewers (members, or
 * guests by a link of their own), each deciding; the outcome shows on every card.
 */

const idParams = z.object({ id: uuid() });
const one = z.object({ approval: approvalViewSchema });
const reviewerParams = idParams.extend({ reviewerId: uuid() });
const withLinks = one.extend({ guestLinks: z.array(guestLinkSchema) });
const changeErrors = ["approvalNotFound", "approvalNotYours", "approvalNotOpen"] as const;

export const APPROVAL_LISTS = ["toDecide", "requested", "all"] as const;

export const approvals = resource("approvals", {
  list: {
    method: "GET",
    path: "/api/approvals",
    summary: "Review requests, newest first: those awaiting the caller, those they asked for, or all.",
    access: "view",
    query: z.object({
      show: z.enum(APPROVAL_LISTS, { error: `show is one of ${APPROVAL_LISTS.join(", ")}.` }).default("all"),
      ...pageQuery(50, 100),
    }),
    response: z.object({ approvals: z.array(approvalSummarySchema), nextCursor: z.string().nullable() }),
    errors: ["invalidCursor"],
  },
  digest: {
    method: "GET",
    path: "/api/approvals/digest",
    summary: "When the team's daily reminder digest goes out: an hour of the day in the team's time zone.",
    access: "view",
    response: z.object({ digest: digestSettingSchema }),
  },
  setDigest: {
    method: "PUT",
    path: "/api/approvals/digest",
    summary:
      "Moves the team's daily digest to another hour or time zone; it still goes out once per day there.",
    access: "manage",
    body: digestSettingSchema,
    response: z.object({ digest: digestSettingSchema }),
    invalidates: ["approvals"],
  },
  badges: {
    method: "GET",
    path: "/api/approvals/badges",
    summary: "Each item's latest review request, as its card's badge reads it.",
    access: "view",
    response: z.object({ badges: z.record(z.string(), approvalBadgeSchema) }),
  },
  get: {
    method: "GET",
    path: "/api/approvals/{id}",
    summary: "One review request: its stages, reviewers and their decisions, and its items.",
    access: "view",
    params: idParams,
    response: one,
    errors: ["approvalNotFound"],
  },
  create: {
    method: "POST",
    path: "/api/approvals",
    summary: "Asks for approval of a board or of items, through ordered stages of reviewers.",
    description:
      "The first stage starts at once. A guest reviewer's link is answered here only (its hash is kept).",
    access: "organize",
    body: approvalCreateSchema,
    status: 201,
    response: one.extend({ guestLinks: z.array(guestLinkSchema) }),
    errors: ["boardNotFound", "notFound", "invalidApproval"],
    invalidates: ["approvals", "inbox"],
  },
  update: {
    method: "PATCH",
    path: "/api/approvals/{id}",
    summary: "Renames a request, moves its due date, or holds or frees its downloads.",
    access: "view",
    params: idParams,
    body: approvalPatchSchema,
    response: one,
    errors: ["approvalNotFound", "approvalNotYours"],
    invalidates: ["approvals"],
  },
  cancel: {
    method: "POST",
    path: "/api/approvals/{id}/cancel",
    summary: "Cancels a request; its decisions stay on record.",
    access: "view",
    params: idParams,
    response: one,
    errors: ["approvalNotFound", "approvalNotYours", "approvalNotOpen"],
    invalidates: ["approvals"],
  },
  reopen: {
    method: "POST",
    path: "/api/approvals/{id}/reopen",
    summary: "Starts a new round of a request that was stopped: its first stage decides again.",
    access: "view",
    params: idParams,
    response: one,
    errors: ["approvalNotFound", "approvalNotYours", "approvalNotStopped"],
    invalidates: ["approvals", "inbox"],
  },
  decide: {
    method: "POST",
    path: "/api/approvals/{id}/decision",
    summary: "The caller's decision as a reviewer of the stage deciding now, with an optional note.",
    access: "view",
    params: idParams,
    body: decisionInputSchema,
    response: one,
    errors: ["approvalNotFound", "notYourStage", "approvalNotOpen", "alreadyDecided"],
    invalidates: ["approvals", "inbox"],
  },
  addReviewer: {
    method: "POST",
    path: "/api/approvals/{id}/reviewers",
    summary: "Adds a member, or a guest with a new link, to a stage that has not decided yet.",
    description:
      "A member added to the stage deciding now is told through their inbox. A guest's link is answered here only.",
    access: "view",
    params: idParams,
    body: reviewerAddSchema,
    response: withLinks,
    errors: [...changeErrors, "notFound", "invalidApproval", "stageDecided"],
    invalidates: ["approvals", "inbox"],
  },
  replaceReviewer: {
    method: "PUT",
    path: "/api/approvals/{id}/reviewers/{reviewerId}",
    summary: "Puts another member or guest in a reviewer's place, before that reviewer decides.",
    access: "view",
    params: reviewerParams,
    body: reviewerReplaceSchema,
    response: withLinks,
    errors: [
      ...changeErrors,
      "reviewerNotFound",
      "notFound",
      "invalidApproval",
      "stageDecided",
      "reviewerDecided",
    ],
    invalidates: ["approvals", "inbox"],
  },
  removeReviewer: {
    method: "DELETE",
    path: "/api/approvals/{id}/reviewers/{reviewerId}",
    summary: "Takes a reviewer off a stage that has not decided; the stage may then pass at once.",
    description:
      "A reviewer who decided in this round stays, as does a stage's last reviewer. When the stage was waiting only on them, it is decided again at once.",
    access: "view",
    params: reviewerParams,
    response: one,
    errors: [...changeErrors, "reviewerNotFound", "stageDecided", "reviewerDecided", "lastReviewer"],
    invalidates: ["approvals", "inbox"],
  },
  reissueLink: {
    method: "POST",
    path: "/api/approvals/{id}/reviewers/{reviewerId}/link",
    summary: "Makes a guest reviewer a new link; the old one stops working, decisions given stay.",
    access: "view",
    params: reviewerParams,
    response: one.extend({ guestLink: guestLinkSchema }),
    errors: ["approvalNotFound", "approvalNotYours", "reviewerNotFound", "notAGuestReviewer"],
    invalidates: ["approvals"],
  },
  revokeLink: {
    method: "DELETE",
    path: "/api/approvals/{id}/reviewers/{reviewerId}/link",
    summary: "Withdraws a guest reviewer's link: it then says so, and decides nothing.",
    access: "view",
    params: reviewerParams,
    response: one,
    errors: ["approvalNotFound", "approvalNotYours", "reviewerNotFound", "notAGuestReviewer"],
    invalidates: ["approvals"],
  },
});
