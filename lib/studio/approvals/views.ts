import { z } from "zod";
import { APPROVAL_DECISIONS, APPROVAL_STATUSES } from "./approvals";

/** A review request as the screens read it (members' and guests'). */

const decision = z.enum(APPROVAL_DECISIONS);
const status = z.enum(APPROVAL_STATUSES);

export const reviewerViewSchema = z.object({
  id: z.string(),
  kind: z.enum(["member", "guest"]),
  userId: z.string().nullable(),
  name: z.string(),
  /** This round's decision, null while it is awaited. */
  decision: decision.nullable(),
  note: z.string(),
  decidedAt: z.string().nullable(),
  /** The caller is this reviewer. */
  isYou: z.boolean(),
  /** A guest's email, as the requester gave it; null for members and for guests without one. */
  email: z.string().nullable(),
  /** A guest's link: working, or withdrawn by the requester; null for members. */
  link: z.enum(["active", "withdrawn"]).nullable(),
});
export type ReviewerView = z.infer<typeof reviewerViewSchema>;

export const STAGE_STATES = ["waiting", "active", "approved", "stopped"] as const;

export const stageViewSchema = z.object({
  /** 1-based. */
  position: z.number().int(),
  name: z.string(),
  state: z.enum(STAGE_STATES),
  reviewers: z.array(reviewerViewSchema),
});
export type StageView = z.infer<typeof stageViewSchema>;

export const approvalItemViewSchema = z.object({
  id: z.string(),
  kind: z.enum(["image", "video"]),
  prompt: z.string().nullable(),
  thumbUrl: z.string(),
});

export const approvalSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  status,
  /** 1-based stage deciding now (the one that stopped it, once decided). */
  activeStage: z.number().int(),
  stageCount: z.number().int(),
  round: z.number().int(),
  dueAt: z.string().nullable(),
  holdDownloads: z.boolean(),
  boardId: z.string().nullable(),
  boardName: z.string().nullable(),
  itemCount: z.number().int(),
  requestedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** The caller is a reviewer of the active stage and has not decided in this round. */
  awaitsYou: z.boolean(),
});
export type ApprovalSummary = z.infer<typeof approvalSummarySchema>;

export const approvalViewSchema = approvalSummarySchema.extend({
  stages: z.array(stageViewSchema),
  items: z.array(approvalItemViewSchema),
  /** The requester or an owner: may edit, cancel and reopen. */
  canEdit: z.boolean(),
});
export type ApprovalView = z.infer<typeof approvalViewSchema>;

export const guestLinkSchema = z.object({
  reviewerId: z.string(),
  name: z.string(),
  /** The guest's page; shown once, as only its hash is kept. */
  url: z.string(),
  /** Where the studio's mail sent the link; null when it was not emailed. */
  emailedTo: z.string().nullable(),
});
export type GuestLink = z.infer<typeof guestLinkSchema>;

export const approvalBadgeSchema = z.object({
  requestId: z.string(),
  status,
  stage: z.number().int(),
  stageCount: z.number().int(),
  overdue: z.boolean(),
});

/** What a guest reviewer sees: the request's items and where it stands, nobody's name. */
export const guestApprovalSchema = z.object({
  title: z.string(),
  status,
  activeStage: z.number().int(),
  stageCount: z.number().int(),
  dueAt: z.string().nullable(),
  yourName: z.string(),
  yourStage: z.number().int(),
  /** Your decision in this round, if you gave one. */
  yourDecision: decision.nullable(),
  yourNote: z.string(),
  /** Your stage is deciding now and you have not decided. */
  canDecide: z.boolean(),
  items: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(["image", "video"]),
      mime: z.string(),
      mediaUrl: z.string(),
    }),
  ),
});
export type GuestApproval = z.infer<typeof guestApprovalSchema>;
