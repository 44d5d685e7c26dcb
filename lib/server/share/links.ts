import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNull, or, sql } from "drizzle-orm";
import { decodeCursor, encodeCursor } from "@/lib/server/db/cursor";
import type { StudioDatabase } from "@/lib/server/db/database";
import type { ShareLinkRow } from "@/lib/server/db/schema";
import { board, boardItem, guestVoteLink, item, shareLink, user, voteRound } from "@/lib/server/db/schema";
import { studioErrors } from "@/lib/studio/api/errors";
import type { ShareLinkView } from "@/lib/studio/api/share-links";
import { TEAM_LIVE_SHARE_LINKS_MAX } from "@/lib/studio/organize/organize";
import { SHARE_PREFIX_CHARS } from "@/lib/studio/organize/share-address";
import { type Actor, appendEvents, before, liveItems, requirePermission } from "../items/actor";
import type { OrganizeDeps } from "../items/live";

const DAY_MS = 24 * 60 * 60 * 1000;
/** 32 random bytes: a token nobody guesses; only its SHA-256 is stored. */
const TOKEN_BYTES = 32;

export function hashShareToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Where a guest opens a link. */
export function shareUrl(origin: string, token: string): string {
  return `${origin.replace(/\/$/, "")}/s/${token}`;
}

export interface ShareInput {
  itemId?: string | undefined;
  boardId?: string | undefined;
  roundId?: string | undefined;
  allowComments: boolean;
  /** A vote's link: guests vote through it while the vote is open. */
  guestVotes?: boolean | undefined;
  showParams: boolean;
  expiresInDays: number | null;
}

/** Makes a link (editor and up); answers it with its token, which is never readable again. */
export async function createShareLink(
  deps: OrganizeDeps,
  actor: Actor,
  input: ShareInput,
  now = new Date(),
  maxLive = TEAM_LIVE_SHARE_LINKS_MAX,
): Promise<{ link: ShareLinkView; token: string }> {
  requirePermission(actor, "organize");
  const token = randomBytes(TOKEN_BYTES).toString("base64url");
  const id = await deps.db.transaction(async (tx) => {
    const [live] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(shareLink)
      .where(and(isNull(shareLink.revokedAt), or(isNull(shareLink.expiresAt), gt(shareLink.expiresAt, now))));
    if ((live?.n ?? 0) >= maxLive)
      throw studioErrors.teamLimit(
        `The team has ${maxLive} live share links, the most it can keep. Revoke links no one needs any more (Settings, Share links) to make a new one.`,
      );
    let itemIds: string[];
    if (input.itemId) {
      itemIds = (await liveItems(tx, [input.itemId], "itemId")).map((r) => r.id);
    } else if (input.roundId) {
      // A vote's link shows its ranking, not the gallery's items: nothing to note on an item.
      const [found] = await tx
        .select({ id: voteRound.id, status: voteRound.status })
        .from(voteRound)
        .where(eq(voteRound.id, input.roundId));
      if (!found) throw studioErrors.notFound("vote", "roundId");
      if (input.guestVotes && found.status !== "open") throw studioErrors.voteClosed();
      itemIds = [];
    } else {
      const boardId = input.boardId as string;
      const [found] = await tx.select({ id: board.id }).from(board).where(eq(board.id, boardId));
      if (!found) throw studioErrors.boardNotFound("boardId");
      itemIds = (
        await tx.select({ id: boardItem.itemId }).from(boardItem).where(eq(boardItem.boardId, boardId))
      ).map((r) => r.id);
    }
    const [row] = await tx
      .insert(shareLink)
      .values({
        tokenHash: hashShareToken(token),
        prefix: token.slice(0, SHARE_PREFIX_CHARS),
        itemId: input.itemId ?? null,
        boardId: input.boardId ?? null,
        roundId: input.roundId ?? null,
        allowComments: input.roundId ? false : input.allowComments,
        showParams: input.showParams,
        createdBy: actor.id,
        createdAt: now,
        expiresAt:
          input.expiresInDays === null ? null : new Date(now.getTime() + input.expiresInDays * DAY_MS),
      })
      .returning({ id: shareLink.id });
    const linkId = (row as { id: string }).id;
    if (input.roundId && input.guestVotes)
      await tx.insert(guestVoteLink).values({ shareLinkId: linkId, roundId: input.roundId });
    await appendEvents(
      tx,
      actor,
      itemIds.map((itemId) => ({
        itemId,
        kind: "share",
        from: null,
        to: { linkId, boardId: input.boardId ?? null },
      })),
    );
    return linkId;
  });
  const [link] = (await listShareLinks(deps, actor, { ids: [id] })).links;
  return { link: link as ShareLinkView, token };
}

/** Every link, newest first, with what it names and who made it (editor and up). */
export async function listShareLinks(
  deps: OrganizeDeps,
  actor: Actor,
  query: { cursor?: string | null; limit?: number; ids?: string[] } = {},
): Promise<{ links: ShareLinkView[]; nextCursor: string | null }> {
  requirePermission(actor, "organize");
  const limit = query.limit ?? 100;
  const after = decodeCursor(query.cursor);
  const rows = await deps.db
    .select({
      link: shareLink,
      creator: user.name,
      boardName: board.name,
      prompt: item.prompt,
      roundName: voteRound.name,
      guestVotes: guestVoteLink.shareLinkId,
    })
    .from(shareLink)
    .leftJoin(user, eq(user.id, shareLink.createdBy))
    .leftJoin(board, eq(board.id, shareLink.boardId))
    .leftJoin(item, eq(item.id, shareLink.itemId))
    .leftJoin(voteRound, eq(voteRound.id, shareLink.roundId))
    .leftJoin(guestVoteLink, eq(guestVoteLink.shareLinkId, shareLink.id))
    .where(
      and(
        after ? before(shareLink.createdAt, shareLink.id, after) : undefined,
        query.ids ? or(...query.ids.map((id) => eq(shareLink.id, id))) : undefined,
      ),
    )
    .orderBy(desc(shareLink.createdAt), desc(shareLink.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    links: page.map(({ link, creator, boardName, prompt, roundName, guestVotes }) => ({
      id: link.id,
      target: link.itemId
        ? { kind: "item", id: link.itemId, label: prompt ? clip(prompt) : "An image or video" }
        : link.roundId
          ? { kind: "round", id: link.roundId, label: roundName ?? "A vote" }
          : { kind: "board", id: link.boardId as string, label: boardName ?? "A board" },
      allowComments: link.allowComments,
      guestVotes: guestVotes !== null,
      showParams: link.showParams,
      prefix: link.prefix,
      createdByName: creator ?? "Former member",
      createdAt: link.createdAt.toISOString(),
      expiresAt: link.expiresAt?.toISOString() ?? null,
      revokedAt: link.revokedAt?.toISOString() ?? null,
    })),
    nextCursor: rows.length > limit && last ? encodeCursor(last.link.createdAt, last.link.id) : null,
  };
}

function clip(text: string): string {
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

/** Revokes a link for good (editor and up); revoking twice is fine. */
export async function revokeShareLink(deps: OrganizeDeps, actor: Actor, id: string, now = new Date()) {
  requirePermission(actor, "organize");
  await deps.db.transaction(async (tx) => {
    const [link] = await tx.select().from(shareLink).where(eq(shareLink.id, id));
    if (!link) throw studioErrors.shareLinkNotFound();
    if (link.revokedAt) return;
    await tx.update(shareLink).set({ revokedAt: now }).where(eq(shareLink.id, id));
    const itemIds = link.itemId
      ? [link.itemId]
      : link.roundId
        ? []
        : (
            await tx
              .select({ id: boardItem.itemId })
              .from(boardItem)
              .where(eq(boardItem.boardId, link.boardId as string))
          ).map((r) => r.id);
    await appendEvents(
      tx,
      actor,
      itemIds.map((itemId) => ({ itemId, kind: "share", from: { linkId: id }, to: { revoked: true } })),
    );
  });
}

/** What a share link's token looks like: 32 random bytes in base64url, with room to spare. */
export const SHARE_TOKEN_RE = /^[A-Za-z0-9_-]{20,100}$/;

/** A live link as its guest reaches it: its row, the token that named it, and what it names. */
export type SharedLink = ShareLinkRow & {
  token: string;
  /** Whether a vote's link takes guests' votes. */
  guestVotes: boolean;
  target:
    | { kind: "item"; itemId: string }
    | { kind: "board"; boardId: string }
    | { kind: "round"; roundId: string };
};

/** What a token names: a live link, one that ended (revoked, expired), or nothing. */
export type ShareLinkState = { state: "live"; link: SharedLink } | { state: "ended" } | { state: "unknown" };

/**
 * The one lookup of a token, for route()'s resolver (lib/server/api/link-callers.ts): a token of
 * another shape is not looked up at all.
 */
export async function shareLinkState(
  db: StudioDatabase,
  token: string,
  now = new Date(),
): Promise<ShareLinkState> {
  if (!SHARE_TOKEN_RE.test(token)) return { state: "unknown" };
  const [found] = await db
    .select({ link: shareLink, guestVotes: guestVoteLink.shareLinkId })
    .from(shareLink)
    .leftJoin(guestVoteLink, eq(guestVoteLink.shareLinkId, shareLink.id))
    .where(eq(shareLink.tokenHash, hashShareToken(token)));
  if (!found) return { state: "unknown" };
  const { link } = found;
  if (link.revokedAt || (link.expiresAt && link.expiresAt <= now)) return { state: "ended" };
  const target: SharedLink["target"] = link.itemId
    ? { kind: "item", itemId: link.itemId }
    : link.roundId
      ? { kind: "round", roundId: link.roundId }
      : { kind: "board", boardId: link.boardId as string };
  return { state: "live", link: { ...link, token, guestVotes: found.guestVotes !== null, target } };
}
