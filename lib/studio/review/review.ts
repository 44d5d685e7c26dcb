/**
 * The review vocabulary shared by the server, the gallery and its filters: one list of review
 * states, one rating scale. No server imports here, so browser code reads the same labels.
 */

export const REVIEW_STATES = ["draft", "in_review", "approved", "rejected"] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

export const REVIEW_STATE_LABELS: Record<ReviewState, string> = {
  draft: "Draft",
  in_review: "In review",
  approved: "Approved",
  rejected: "Rejected",
};

export function isReviewState(value: unknown): value is ReviewState {
  return typeof value === "string" && (REVIEW_STATES as readonly string[]).includes(value);
}

/** A reviewer's rating: whole stars from 1 to 5. */
export const RATING_MIN = 1;
export const RATING_MAX = 5;

/** Days an item stays in the trash, restorable by an owner, before it is deleted for good. */
export const TRASH_DAYS = 30;

/** What the audit trail records; each entry is appended once and never changed. */
export const REVIEW_EVENT_KINDS = [
  "state",
  "assign",
  "rating",
  "comment",
  "resolve",
  "reopen",
  "trash",
  "restore",
  "purge",
  "board",
  "tag",
  "share",
] as const;
export type ReviewEventKind = (typeof REVIEW_EVENT_KINDS)[number];
