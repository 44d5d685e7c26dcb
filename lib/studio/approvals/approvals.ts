import { localClock } from "./digest-time";

/**
 * The approvals vocabulary, shared by the database's checks, the endpoints and the screens: what
 * a reviewer decides, where a request stands, and how both read in words.
 */

export const APPROVAL_DECISIONS = ["approve", "approveWithChanges", "changesRequested", "reject"] as const;
export type ApprovalDecision = (typeof APPROVAL_DECISIONS)[number];

export const APPROVAL_STATUSES = [
  "inReview",
  "approved",
  "changesRequested",
  "rejected",
  "cancelled",
] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export const DECISION_LABELS: Record<ApprovalDecision, string> = {
  approve: "Approve",
  approveWithChanges: "Approve with changes",
  changesRequested: "Request changes",
  reject: "Reject",
};

/** A decision as it reads once taken ("Approved", not the button's "Approve"). */
export const DECIDED_LABELS: Record<ApprovalDecision, string> = {
  approve: "Approved",
  approveWithChanges: "Approved with changes",
  changesRequested: "Changes requested",
  reject: "Rejected",
};

export const STATUS_LABELS: Record<ApprovalStatus, string> = {
  inReview: "In review",
  approved: "Approved",
  changesRequested: "Changes requested",
  rejected: "Rejected",
  cancelled: "Cancelled",
};

/** Decisions that let a stage pass; any other stops the request where it stands. */
export function approves(decision: ApprovalDecision): boolean {
  return decision === "approve" || decision === "approveWithChanges";
}

/** Limits of one request, so a form and the server read the same numbers. */
export const APPROVAL_LIMITS = {
  titleMax: 120,
  noteMax: 2000,
  stagesMax: 5,
  reviewersPerStageMax: 20,
  itemsMax: 500,
  guestNameMax: 80,
  guestEmailMax: 200,
} as const;

/** The badge a card shows for its latest request, in words. */
export interface ApprovalBadge {
  requestId: string;
  status: ApprovalStatus;
  /** 1-based, of `stageCount`; meaningful while in review. */
  stage: number;
  stageCount: number;
  overdue: boolean;
}

export function badgeText(badge: ApprovalBadge): string {
  if (badge.status === "inReview") {
    if (badge.overdue) return "Overdue";
    return badge.stageCount > 1 ? `In review — stage ${badge.stage} of ${badge.stageCount}` : "In review";
  }
  return STATUS_LABELS[badge.status];
}

const DAY = 24 * 60 * 60 * 1000;

/**
 * A due date in words against `now`: "Due in 3 days", "Due today", "Overdue by 2 days"; days and
 * the date as they fall in `timeZone` (the team's, in its digest).
 */
export function dueText(dueAt: string | null, now: Date, open = true, timeZone = "UTC"): string {
  if (!dueAt) return "No due date";
  const due = new Date(dueAt);
  const days = Math.round((startOfDay(due, timeZone) - startOfDay(now, timeZone)) / DAY);
  const date = due.toLocaleDateString("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone,
  });
  if (!open) return `Was due ${date}`;
  if (due.getTime() < now.getTime()) {
    const late = Math.max(1, -days);
    return days === 0
      ? `Overdue since today (${date})`
      : `Overdue by ${late} day${late === 1 ? "" : "s"} (${date})`;
  }
  if (days === 0) return `Due today (${date})`;
  if (days === 1) return `Due tomorrow (${date})`;
  return `Due in ${days} days (${date})`;
}

function startOfDay(d: Date, timeZone: string): number {
  const [y, m, day] = localClock(d, timeZone).day.split("-").map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, day);
}

export function isOverdue(dueAt: string | null, status: ApprovalStatus, now: Date): boolean {
  return status === "inReview" && dueAt !== null && new Date(dueAt).getTime() < now.getTime();
}
