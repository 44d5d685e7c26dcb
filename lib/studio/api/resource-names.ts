/**
 * The name of every resource of the studio's API: the first part of each endpoint's id and the
 * root of its query keys. A mutation names the resources whose reads it makes stale from this
 * list (`invalidates`), so a misspelt one fails the type check rather than refreshing nothing.
 */
export const RESOURCE_NAMES = [
  "approvalLinks",
  "approvals",
  "auth",
  "boards",
  "comments",
  "doneAlerts",
  "drafts",
  "engineKeys",
  "evalSets",
  "experiments",
  "gallery",
  "guestVotes",
  "inbox",
  "invitations",
  "items",
  "limits",
  "media",
  "members",
  "ops",
  "passwordResets",
  "prompts",
  "queue",
  "reference",
  "savedSearches",
  "schemas",
  "seedStacks",
  "sessions",
  "setup",
  "setups",
  "share",
  "shareLinks",
  "spend",
  "tasks",
  "tokens",
  "tools",
  "trash",
  "uploads",
  "versions",
  "votes",
  "webhooks",
] as const;

export type ResourceName = (typeof RESOURCE_NAMES)[number];
