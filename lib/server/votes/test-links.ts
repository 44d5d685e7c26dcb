import "server-only";
import { itemLinkCaller, shareLinkCaller, voteLinkCaller } from "@/lib/server/api/link-callers";
import * as comments from "@/lib/server/comments/guest-comments";
import type { OrganizeDeps } from "@/lib/server/items/live";
import * as view from "@/lib/server/share/view";
import * as ballot from "@/lib/server/votes/guest-ballot";
import * as votes from "@/lib/server/votes/shared";

/**
 * For tests: the guests' library called with a token, resolved first as route() resolves the
 * token of each declaration (lib/studio/api/share.ts, guest-votes.ts), so a test of a dead or
 * foreign link goes through the same checks a request does.
 */

type Rest<F> = F extends (deps: never, link: never, ...rest: infer R) => unknown ? R : never;

export async function sharedView(deps: OrganizeDeps, token: string, ...rest: Rest<typeof view.sharedView>) {
  return view.sharedView(deps, await shareLinkCaller(deps.db, token), ...rest);
}

export async function sharedMediaKey(deps: OrganizeDeps, token: string, itemId: string) {
  const link = await itemLinkCaller(deps.db, token, itemId);
  return { link, storageKey: link.item.storageKey };
}

export async function sharedComments(
  deps: OrganizeDeps,
  token: string,
  itemId: string,
  ...rest: Rest<typeof comments.sharedComments> extends [string, ...infer R] ? R : never
) {
  const link = await itemLinkCaller(deps.db, token, itemId, { comments: true });
  return comments.sharedComments(deps, link, itemId, ...rest);
}

export async function addGuestComment(
  deps: comments.GuestCommentDeps,
  token: string,
  itemId: string,
  ...rest: Rest<typeof comments.addGuestComment> extends [string, ...infer R] ? R : never
) {
  const link = await itemLinkCaller(deps.db, token, itemId, { comments: true });
  return comments.addGuestComment(deps, link, itemId, ...rest);
}

export async function sharedVote(deps: OrganizeDeps, token: string) {
  return votes.sharedVote(deps, await shareLinkCaller(deps.db, token));
}

export async function guestBallot(deps: OrganizeDeps, token: string, secret: string) {
  return ballot.guestBallot(deps, await voteLinkCaller(deps.db, token), secret);
}

export async function castGuestPick(
  deps: Parameters<typeof ballot.castGuestPick>[0],
  token: string,
  ...rest: Rest<typeof ballot.castGuestPick>
) {
  return ballot.castGuestPick(deps, await voteLinkCaller(deps.db, token), ...rest);
}

export async function guestBallotMediaKey(deps: OrganizeDeps, token: string, mediaId: string) {
  return ballot.guestBallotMediaKey(deps, await voteLinkCaller(deps.db, token), mediaId);
}

export async function castGuestRank(
  deps: Parameters<typeof ballot.castGuestRank>[0],
  token: string,
  ...rest: Rest<typeof ballot.castGuestRank>
) {
  return ballot.castGuestRank(deps, await voteLinkCaller(deps.db, token), ...rest);
}
