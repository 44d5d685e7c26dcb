import { BLANK_PROMPT } from "../../protocol/blank-prompt";
import { REVIEW_STATE_LABELS, type ReviewState } from "../review/review";

/**
 * What a member is told about, in the order Settings lists the kinds. Shared by the database's
 * check, the endpoints, the inbox, Settings and the emails.
 */
export const NOTIFICATION_KINDS = [
  "mention",
  "assigned",
  "state",
  "reply",
  "vote",
  "experiment",
  "approval",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, { label: string; description: string }> = {
  mention: { label: "Mentions", description: "A teammate writes @ and your name in a comment." },
  assigned: { label: "Assignments", description: "A teammate assigns an image or a video to you." },
  state: {
    label: "Review states",
    description: "A teammate moves one of your images or videos to another review state.",
  },
  reply: { label: "Replies", description: "A teammate replies in a thread you started or replied in." },
  vote: { label: "Blind votes", description: "A teammate opens a blind vote you can vote in." },
  experiment: { label: "Experiments", description: "One of your experiments finishes or fails." },
  approval: {
    label: "Approvals",
    description: "A review request reaches your stage or is decided, and a daily digest of what is due.",
  },
};

/** What a notification keeps of its event, as it was then (names can change later). */
export interface NotificationDetail {
  /** `state`: the state the item was moved to. */
  state?: ReviewState;
  /** `vote`: the vote's name; `experiment`: the experiment's. */
  name?: string;
  /** `experiment`: how many of its cells have results and how many failed. */
  done?: number;
  failed?: number;
  /** `vote`, `experiment`, `approval`: the page it opens (a path on the studio). */
  href?: string;
  /** `approval`: what happened to the request (its `name`). */
  approval?: "stage" | "decided" | "digest";
  /** `approval` decided: the outcome in words ("Approved", "Changes requested"). */
  outcome?: string;
  /** `approval` stage: which stage started, of how many. */
  stage?: number;
  stages?: number;
  /** `approval` digest: the requests due or overdue, each as one line. */
  lines?: string[];
}

/** One kind's choice: listed in the inbox, sent by email. */
export interface NotificationChoice {
  inbox: boolean;
  email: boolean;
}

/** A member's choice for every kind (checked by `notificationSettingsSchema`, lib/studio/api/inbox.ts). */
export type NotificationSettings = Record<NotificationKind, NotificationChoice>;

/** What a notification is about, as the inbox and the email put it in words. */
export interface NotificationFacts {
  kind: NotificationKind;
  detail: NotificationDetail;
  item: { kind: "image" | "video"; prompt: string | null } | null;
  comment: { parentId: string | null } | null;
}

/** An item as a sentence names it: its prompt, quoted, or "an image". */
function itemName(item: NotificationFacts["item"]): string {
  if (!item) return "an item that is gone";
  const prompt = item.prompt === BLANK_PROMPT ? null : item.prompt;
  if (!prompt) return item.kind === "video" ? "a video" : "an image";
  const short = prompt.length > 80 ? `${prompt.slice(0, 79).trimEnd()}…` : prompt;
  return `“${short}”`;
}

/**
 * The words after the actor's name ("Rita" + "assigned “a fox” to you"); an experiment ending
 * has no actor and reads whole ("Your experiment “Seeds” finished").
 */
export function describeNotification(facts: NotificationFacts): string {
  const { detail } = facts;
  const thing = itemName(facts.item);
  switch (facts.kind) {
    case "mention":
      return `mentioned you ${facts.comment?.parentId ? "in a reply " : ""}on ${thing}`;
    case "assigned":
      return `assigned ${thing} to you`;
    case "state":
      return `moved your ${facts.item?.kind ?? "item"} ${thing} to ${detail.state ? REVIEW_STATE_LABELS[detail.state] : "another state"}`;
    case "reply":
      return `replied in your thread on ${thing}`;
    case "vote":
      return `opened a blind vote you can vote in: “${detail.name ?? "Untitled"}”`;
    case "experiment":
      return experimentEnd(detail);
    case "approval":
      return approvalWords(detail);
  }
}

function approvalWords(detail: NotificationDetail): string {
  const name = `“${detail.name ?? "Untitled"}”`;
  switch (detail.approval) {
    case "decided":
      return `decided your review request ${name}: ${detail.outcome ?? "decided"}`;
    case "digest": {
      const n = detail.lines?.length ?? 0;
      return `Your approvals today: ${n} review request${n === 1 ? "" : "s"} due or overdue`;
    }
    default:
      return detail.stages && detail.stages > 1
        ? `asked for your approval on ${name} (stage ${detail.stage ?? 1} of ${detail.stages})`
        : `asked for your approval on ${name}`;
  }
}

function experimentEnd(detail: NotificationDetail): string {
  const name = `Your experiment “${detail.name ?? "Untitled"}”`;
  const failed = detail.failed ?? 0;
  const done = detail.done ?? 0;
  if (failed === 0) return `${name} finished`;
  if (done === 0) return `${name} failed: every cell failed`;
  return `${name} finished, ${failed} of ${done + failed} cell${done + failed === 1 ? "" : "s"} failed`;
}

/** The sentence whole, with the actor's name when there is one. */
export function notificationSentence(actorName: string | null, facts: NotificationFacts): string {
  const words = describeNotification(facts);
  return actorName ? `${actorName} ${words}` : words;
}
