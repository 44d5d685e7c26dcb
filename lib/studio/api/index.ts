import { approvalLinks } from "./approval-links";
import { approvals } from "./approvals";
import { auth } from "./auth";
import { boards } from "./boards";
import { canvasRecipes } from "./canvas-recipes";
import { comments } from "./comments";
import { doneAlerts } from "./done-alerts";
import { drafts, setups } from "./drafts";
import type { AnyEndpoint } from "./endpoint";
import { engineKeys } from "./engine-keys";
import { evalSetRegression } from "./eval-set-regression";
import { evalSets } from "./eval-sets";
import { experiments } from "./experiments";
import { gallery } from "./gallery";
import { guestVotes } from "./guest-votes";
import { inbox } from "./inbox";
import { invitations } from "./invitations";
import { items } from "./items";
import { limits } from "./limits";
import { masks } from "./masks";
import { media } from "./media";
import { members } from "./members";
import { ops } from "./ops";
import { passwordResets } from "./password-resets";
import { prompts } from "./prompts";
import { queue } from "./queue";
import { reference } from "./reference";
import { savedSearches } from "./saved-searches";
import { schemas } from "./schemas";
import { seedStacks } from "./seed-stacks";
import { sessions } from "./sessions";
import { setup } from "./setup";
import { share } from "./share";
import { shareLinks } from "./share-links";
import { spend } from "./spend";
import { tasks } from "./tasks";
import { tokens } from "./tokens";
import { tools } from "./tools";
import { trash } from "./trash";
import { uploads } from "./uploads";
import { versions } from "./versions";
import { votes } from "./votes";
import { webhooks } from "./webhooks";

/**
 * Every resource of the studio's own API. The published reference (`/api/openapi.json`) and the
 * test that holds every route file to a declaration both read this list.
 */
export const api = {
  experiments,
  tasks,
  queue,
  tools,
  uploads,
  masks,
  prompts,
  schemas,
  limits,
  items,
  gallery,
  trash,
  media,
  comments,
  boards,
  approvals,
  approvalLinks,
  inbox,
  savedSearches,
  shareLinks,
  share,
  // A set's baseline and regression view are declared in a file of their own.
  evalSets: { ...evalSets, ...evalSetRegression },
  votes,
  guestVotes,
  members,
  invitations,
  passwordResets,
  sessions,
  setup,
  engineKeys,
  webhooks,
  auth,
  tokens,
  reference,
  ops,
  versions,
  seedStacks,
  spend,
  drafts,
  setups,
  canvasRecipes,
  doneAlerts,
} as const;

export const ENDPOINTS: readonly AnyEndpoint[] = Object.values(api).flatMap((r) =>
  Object.values(r as Record<string, AnyEndpoint>),
);
