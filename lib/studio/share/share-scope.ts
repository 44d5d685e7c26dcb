/**
 * Who is looking at the item viewer, and so what it shows them: a member of the team, or a guest
 * of a share link. The viewer's components (media, details panel, comments) are the same for
 * both; what a guest may see and do is decided here, in one place, never by a second component.
 */
export type ViewerScope =
  | { kind: "member" }
  | {
      kind: "guest";
      /** The link takes guests' comments. */
      allowComments: boolean;
      /** The link shows the prompt and the settings. */
      showParams: boolean;
    };

export const MEMBER_SCOPE: ViewerScope = { kind: "member" };

/** A line of the details panel's facts about the result. */
export type DetailFact = "madeBy" | "made" | "size" | "length" | "seed" | "cost" | "notDrawn";

/** How the comments speak to whoever writes them. */
export interface CommentWords {
  /** Said above the comments: who reads them. */
  note: string | null;
  placeholder: string;
  submit: string;
}

export interface ScopeRules {
  /** The facts the details panel lists, in this order. */
  facts: readonly DetailFact[];
  /** Settings the details panel leaves out: shown elsewhere, or meaning nothing to a person. */
  hiddenParams: ReadonlySet<string>;
  /** The prompt and the settings. */
  prompt: boolean;
  /** Rating, review state, assignee, tags, trash: the team's review and its controls. */
  review: boolean;
  /** The item's audit trail. */
  history: boolean;
  /** Links into the studio: the gallery, lineage, Create, compare, download, share. */
  studioLinks: boolean;
  /** Whose comments are read: the team's threads, a guest's own threads, or none. */
  comments: "team" | "guest" | "none";
  /** Writing asks for the writer's name (a guest has no account). */
  askName: boolean;
  /** Typing @ offers the team's names, who then get it in their inbox. */
  mentions: boolean;
  /** Reply, resolve, reopen and edit in threads. */
  threadActions: boolean;
  /** Details and comments as tabs (a busy panel) or one below the other. */
  layout: "tabs" | "stacked";
  words: CommentWords;
}

const HIDDEN_PARAMS: ReadonlySet<string> = new Set([
  "taskType",
  "taskUUID",
  "positivePrompt",
  "webhookURL",
  "deliveryMethod",
  "includeCost",
]);

const MEMBER_RULES: ScopeRules = {
  facts: ["madeBy", "made", "size", "length", "seed", "cost", "notDrawn"],
  hiddenParams: HIDDEN_PARAMS,
  prompt: true,
  review: true,
  history: true,
  studioLinks: true,
  comments: "team",
  askName: false,
  mentions: true,
  threadActions: true,
  layout: "tabs",
  words: { note: null, placeholder: "Add a comment… type @ to mention someone", submit: "Comment" },
};

/** What a share link's guest sees: the media, when it was made, its size, and what the link adds. */
export function scopeRules(scope: ViewerScope): ScopeRules {
  if (scope.kind === "member") return MEMBER_RULES;
  return {
    // Who made it and what it cost are the team's; the seed is among the shown settings.
    facts: ["made", "size", "length"],
    hiddenParams: HIDDEN_PARAMS,
    prompt: scope.showParams,
    review: false,
    history: false,
    studioLinks: false,
    comments: scope.allowComments ? "guest" : "none",
    askName: true,
    mentions: false,
    threadActions: false,
    layout: "stacked",
    words: {
      note: "Only the team reads what you write here; their replies to you appear below it.",
      placeholder: "Add a comment…",
      submit: "Post comment",
    },
  };
}
