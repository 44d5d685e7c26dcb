import { type ApprovalStatus, STATUS_LABELS } from "./approvals";
import type { ReviewerView, StageView } from "./views";

/** Removing a reviewer, or withdrawing a guest's link, as the question before it is done. */
export type ReviewerChange = { kind: "remove" | "revoke"; reviewer: ReviewerView; stage: StageView };

export interface ChangeWords {
  title: string;
  /** Who loses access, and what becomes of their decision. */
  lines: string[];
  confirmLabel: string;
}

/** A guest's display name without the "(guest)" the list adds. */
export const plainName = (r: ReviewerView) => r.name.replace(/ \(guest\)$/, "");

/** Whether everyone else in a deciding stage has decided, so removing this one settles it. */
function settlesStage({ reviewer, stage }: ReviewerChange): boolean {
  return (
    stage.state === "active" && stage.reviewers.every((r) => r.id === reviewer.id || r.decision !== null)
  );
}

function removeWords(change: ReviewerChange): ChangeWords {
  const { reviewer, stage } = change;
  const name = plainName(reviewer);
  const access =
    reviewer.kind === "guest"
      ? `${name}’s link stops working at once: it no longer opens this request or takes a decision.`
      : `${name} no longer decides in stage ${stage.position}, and the request leaves their list to decide.`;
  const decision =
    reviewer.decision === null
      ? `${name} has not decided in this round, so no decision is lost; one they gave in an earlier round stays on record.`
      : `The decision ${name} gave stays on record.`;
  const lines = [access, decision];
  if (settlesStage(change))
    lines.push(
      `Everyone else in stage ${stage.position} has decided, so the stage is settled at once by their decisions.`,
    );
  return { title: `Remove ${name} from stage ${stage.position}?`, lines, confirmLabel: `Remove ${name}` };
}

function revokeWords({ reviewer }: ReviewerChange): ChangeWords {
  const name = plainName(reviewer);
  return {
    title: `Withdraw ${name}’s link?`,
    lines: [
      `${name}’s link stops working at once: it no longer opens this request or takes a decision, and its page says it was withdrawn.`,
      reviewer.decision === null
        ? `${name} stays a reviewer of the stage and has not decided yet: make them a new link if they should still decide.`
        : `The decision ${name} gave stays on record.`,
    ],
    confirmLabel: "Withdraw link",
  };
}

/** The question's words: who loses access and what becomes of their decision. */
export function reviewerChangeWords(change: ReviewerChange): ChangeWords {
  return change.kind === "remove" ? removeWords(change) : revokeWords(change);
}

/**
 * Why a finished request's reviewers offer no changes, for whoever could change them while it was
 * in review; null while it is.
 */
export function reviewersClosedWords(status: ApprovalStatus): string | null {
  switch (status) {
    case "inReview":
      return null;
    case "approved":
      return "This request is approved: who decides it can no longer be changed.";
    case "cancelled":
      return "This request was cancelled: who decides it can no longer be changed.";
    default:
      return `This request is decided (${STATUS_LABELS[status].toLowerCase()}): who decides can be changed again once you start a new round.`;
  }
}
