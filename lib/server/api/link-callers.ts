import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { unkeepableTextError, unkeepableTextPath } from "@/lib/protocol/text";
import { type ApprovalGuest, approvalGuestOf } from "@/lib/server/approvals/guest";
import { type ApprovalLinkState, approvalLinkState } from "@/lib/server/approvals/link-state";
import type { StudioDatabase } from "@/lib/server/db/database";
import { boardItem, item, type VoteRoundRow, voteRound } from "@/lib/server/db/schema";
import { readText } from "@/lib/server/http/read-body";
import { verifyWebhookToken } from "@/lib/server/results/webhook-token";
import type { StudioRuntime } from "@/lib/server/runtime";
import { type SharedLink, type ShareLinkState, shareLinkState } from "@/lib/server/share/links";
import type { GuestCaller } from "@/lib/studio/api/endpoint";
import { ApiError, studioErrors } from "@/lib/studio/api/errors";
import type { WebhookDelivery } from "@/lib/upstream";

/**
 * The guests route() admits (`caller` in a declaration, lib/studio/api/endpoint.ts), each
 * resolved here and nowhere else: a share link, a vote's link, a guest reviewer's link, the
 * service's webhook. A share
 * link is looked up once per request; every dead token (wrong shape, unknown, revoked, expired)
 * answers the same 404 naming `token`.
 */

export type { SharedLink } from "@/lib/server/share/links";

/** A link that reaches the item the request names: the item's stored media. */
export type ItemLink = SharedLink & { item: { id: string; storageKey: string } };

/** A vote's link that takes votes, with its vote. */
export type VoteLink = SharedLink & { round: VoteRoundRow };

/** A webhook whose token signs its task: the delivery, and the body it was read from. */
export interface WebhookCaller {
  delivery: WebhookDelivery;
  body: unknown;
}

/** What a token names: live, ended or unknown (the share page's wording and status). */
export function lookUpShareLink(db: StudioDatabase, token: string, now?: Date): Promise<ShareLinkState> {
  return shareLinkState(db, token, now);
}

/** What a guest reviewer's token names: live, withdrawn, replaced or unknown (its page's status). */
export function lookUpApprovalLink(db: StudioDatabase, token: string): Promise<ApprovalLinkState> {
  return approvalLinkState(db, token);
}

/** The live link a token names, or the 404 every dead token answers. */
export async function shareLinkCaller(db: StudioDatabase, token: string): Promise<SharedLink> {
  const found = await lookUpShareLink(db, token);
  if (found.state !== "live") throw studioErrors.shareLinkGone();
  return found.link;
}

/**
 * The live link and the item it must show: its own item, or one on its board, not in the trash.
 * Another item (a guessed neighbour), a trashed one, or a vote's link all answer the same 404.
 */
export async function itemLinkCaller(
  db: StudioDatabase,
  token: string,
  itemId: string,
  scope: { comments?: boolean } = {},
): Promise<ItemLink> {
  const link = await shareLinkCaller(db, token);
  const { target } = link;
  const found =
    target.kind === "item"
      ? target.itemId === itemId
        ? await db
            .select({ storageKey: item.storageKey })
            .from(item)
            .where(and(eq(item.id, itemId), isNull(item.deletedAt)))
        : []
      : target.kind === "board"
        ? await db
            .select({ storageKey: item.storageKey })
            .from(boardItem)
            .innerJoin(item, eq(item.id, boardItem.itemId))
            .where(and(eq(boardItem.boardId, target.boardId), eq(item.id, itemId), isNull(item.deletedAt)))
        : []; // A vote's link shows its ranking, never an item's media or comments.
  const row = found[0];
  if (!row) throw studioErrors.sharedItemNotShown();
  if (scope.comments && !link.allowComments) throw studioErrors.shareCommentsOff();
  return { ...link, item: { id: itemId, storageKey: row.storageKey } };
}

/** The live link of a vote that takes guests' votes, with its vote; else 404 or 403. */
export async function voteLinkCaller(db: StudioDatabase, token: string): Promise<VoteLink> {
  const link = await shareLinkCaller(db, token);
  if (link.target.kind !== "round" || !link.guestVotes) throw studioErrors.guestVotingOff();
  const [round] = await db.select().from(voteRound).where(eq(voteRound.id, link.target.roundId));
  if (!round) throw studioErrors.shareLinkGone();
  return { ...link, round };
}

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * The service's webhook: the body is read first (the token signs its taskUUID), within its limit,
 * then the token checked; the body's text must be text the studio can keep.
 */
export async function webhookCaller(
  runtime: Pick<StudioRuntime, "upstream" | "secret">,
  request: Request,
  token: string,
  limit: number,
): Promise<WebhookCaller | Response> {
  const text = await readText(request, limit);
  if (!text.ok) return text.response;
  const body = parsedJson(text.text);
  const delivery = runtime.upstream.readWebhook(body);
  if (!delivery) throw studioErrors.invalidWebhook("body");
  if (!verifyWebhookToken(runtime.secret, delivery.taskUUID, token))
    throw studioErrors.invalidWebhook("token");
  const unkeepable = unkeepableTextPath(body);
  if (unkeepable) throw new ApiError(400, unkeepableTextError(unkeepable));
  return { delivery, body };
}

/** The scope a declaration's guest reaches, resolved from the request's token. */
export type GuestScope = {
  link?: SharedLink | ItemLink | VoteLink | ApprovalGuest;
  webhook?: WebhookCaller;
};

export async function resolveGuest(
  caller: GuestCaller,
  runtime: StudioRuntime,
  request: Request,
  params: Record<string, unknown>,
  query: Record<string, unknown> | undefined,
  limit: number,
): Promise<GuestScope | Response> {
  const token = String(params.token ?? "");
  // The webhook's check needs no database.
  const db = () => runtime.database.db;
  switch (caller.kind) {
    case "shareLink": {
      if (caller.reaches !== "item") return { link: await shareLinkCaller(db(), token) };
      const itemId = String(params.itemId ?? query?.itemId ?? "");
      return { link: await itemLinkCaller(db(), token, itemId, { comments: caller.comments === true }) };
    }
    case "voteLink":
      return { link: await voteLinkCaller(db(), token) };
    case "approvalLink":
      return { link: await approvalGuestOf(db(), token) };
    case "webhook": {
      const webhook = await webhookCaller(runtime, request, token, limit);
      return webhook instanceof Response ? webhook : { webhook };
    }
  }
}
