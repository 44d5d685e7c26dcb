import "server-only";
import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import type { ShareLinkRow } from "@/lib/server/db/schema";
import { board, boardItem, comment, item, task, user } from "@/lib/server/db/schema";
import type { GuestComment, SharedItem, SharedView } from "@/lib/studio/organize";
import { appendEvents, before, decodeCursor, encodeCursor, fail } from "./organize-common";
import { type OrganizeDeps, publish } from "./organize-live";
import { liveShareLink, shareGone } from "./share-links";

/**
 * What a guest reads through a share link: only the item or the board's items it names, and
 * never a member's id or email. Every call checks the link again (an expired or revoked link is
 * a 404 from that moment on).
 */

// A parameter a guest may see: plain settings, not references to other media or members.
const HIDDEN_PARAM = /uuid|image|mask|url|webhook|upload|key|token|reference|frame|author|user/i;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function guestParams(params: Record<string, unknown>, seed: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params)) {
    if (HIDDEN_PARAM.test(key) || key === "positivePrompt") continue;
    if (typeof value === "string" && (UUID_RE.test(value) || /^(https?|data):/i.test(value))) continue;
    if (typeof value === "number" || typeof value === "boolean" || typeof value === "string")
      out[key] = value;
    else if (key === "lora" && Array.isArray(value))
      out.lora = value.flatMap((l) =>
        l && typeof l === "object" && typeof (l as { model?: unknown }).model === "string"
          ? [{ model: (l as { model: string }).model, weight: (l as { weight?: unknown }).weight ?? null }]
          : [],
      );
  }
  out.seed = seed;
  return out;
}

const itemColumns = {
  id: item.id,
  kind: item.kind,
  mime: item.mime,
  width: item.width,
  height: item.height,
  durationSeconds: item.durationSeconds,
  createdAt: item.createdAt,
  seed: item.seed,
  prompt: item.prompt,
  params: task.params,
};

interface Row {
  id: string;
  kind: "image" | "video";
  mime: string;
  width: number;
  height: number;
  durationSeconds: number | null;
  createdAt: Date;
  seed: string;
  prompt: string | null;
  params: Record<string, unknown>;
}

function shared(link: ShareLinkRow, token: string, row: Row): SharedItem {
  const base: SharedItem = {
    id: row.id,
    kind: row.kind,
    mime: row.mime,
    width: row.width,
    height: row.height,
    durationSeconds: row.durationSeconds,
    mediaUrl: `/api/share/${token}/media/${row.id}`,
    createdAt: row.createdAt.toISOString(),
  };
  if (!link.showParams) return base;
  const prompt =
    row.prompt ?? (typeof row.params.positivePrompt === "string" ? row.params.positivePrompt : null);
  return { ...base, prompt, params: guestParams(row.params, row.seed) };
}

/** The page of a link: its item, or a page of its board's live items, newest first. */
export async function sharedView(
  deps: OrganizeDeps,
  token: string,
  query: { cursor?: string | null; limit?: number } = {},
): Promise<SharedView> {
  const link = await liveShareLink(deps, token);
  const common = {
    allowComments: link.allowComments,
    showParams: link.showParams,
    expiresAt: link.expiresAt?.toISOString() ?? null,
  };
  if (link.itemId) {
    const rows = await deps.db
      .select(itemColumns)
      .from(item)
      .innerJoin(task, eq(task.taskUUID, item.taskUUID))
      .where(and(eq(item.id, link.itemId), isNull(item.deletedAt)));
    const row = rows[0];
    if (!row) fail(shareGone());
    return {
      kind: "item",
      title: "Shared result",
      description: "",
      ...common,
      items: [shared(link, token, row)],
      nextCursor: null,
    };
  }
  // A vote's link is read by its own page (`sharedVote`), not as a list of items.
  if (!link.boardId) fail(shareGone());
  const boardId = link.boardId;
  const [named] = await deps.db
    .select({ name: board.name, description: board.description })
    .from(board)
    .where(eq(board.id, boardId));
  if (!named) fail(shareGone());
  const limit = query.limit ?? 48;
  const after = decodeCursor(query.cursor);
  const rows = await deps.db
    .select(itemColumns)
    .from(boardItem)
    .innerJoin(item, eq(item.id, boardItem.itemId))
    .innerJoin(task, eq(task.taskUUID, item.taskUUID))
    .where(
      and(
        eq(boardItem.boardId, boardId),
        isNull(item.deletedAt),
        after ? before(item.createdAt, item.id, after) : undefined,
      ),
    )
    .orderBy(desc(item.createdAt), desc(item.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    kind: "board",
    title: named.name,
    description: named.description,
    ...common,
    items: page.map((r) => shared(link, token, r)),
    nextCursor: rows.length > limit && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}

/**
 * The storage key of an item the link names, or a 404: another item id (a guessed neighbour),
 * a trashed item, or a dead link all answer the same.
 */
export async function sharedMediaKey(
  deps: OrganizeDeps,
  token: string,
  itemId: string,
): Promise<{ link: ShareLinkRow; storageKey: string }> {
  const link = await liveShareLink(deps, token);
  const found = link.itemId
    ? link.itemId === itemId
      ? await deps.db
          .select({ storageKey: item.storageKey })
          .from(item)
          .where(and(eq(item.id, itemId), isNull(item.deletedAt)))
      : []
    : !link.boardId
      ? [] // A vote's link shows its ranking, never media through this route.
      : await deps.db
          .select({ storageKey: item.storageKey })
          .from(boardItem)
          .innerJoin(item, eq(item.id, boardItem.itemId))
          .where(
            and(eq(boardItem.boardId, link.boardId as string), eq(item.id, itemId), isNull(item.deletedAt)),
          );
  const row = found[0];
  if (!row)
    fail({
      status: 404,
      error: { code: "notFound", message: "This link does not show that item.", parameter: "itemId" },
    });
  return { link, storageKey: row.storageKey };
}

/** Comments on a shared item, oldest first: names only (a member's name, or the guest's own). */
export async function sharedComments(
  deps: OrganizeDeps,
  token: string,
  itemId: string,
  query: { cursor?: string | null; limit?: number } = {},
): Promise<{ comments: GuestComment[]; nextCursor: string | null }> {
  const { link } = await sharedMediaKey(deps, token, itemId);
  if (!link.allowComments) fail(commentsOff());
  const limit = query.limit ?? 100;
  const after = decodeCursor(query.cursor);
  const rows = await deps.db
    .select({
      id: comment.id,
      memberName: user.name,
      guestName: comment.guestName,
      body: comment.body,
      createdAt: comment.createdAt,
    })
    .from(comment)
    .leftJoin(user, eq(user.id, comment.authorId))
    .where(
      and(
        eq(comment.itemId, itemId),
        after
          ? sql`(${comment.createdAt}, ${comment.id}) > (${after.at}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(comment.createdAt), asc(comment.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    comments: page.map((r) => ({
      id: r.id,
      authorName: r.guestName ?? r.memberName ?? "Former member",
      guest: r.guestName !== null,
      body: r.body,
      createdAt: r.createdAt.toISOString(),
    })),
    nextCursor: rows.length > limit && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}

function commentsOff() {
  return {
    status: 403,
    error: { code: "forbidden", message: "This link does not take comments.", parameter: "token" },
  };
}

/** Guest comments per link: at most this many in a window, so a leaked link cannot flood a thread. */
const GUEST_COMMENTS_PER_WINDOW = 10;
const WINDOW_MS = 60_000;
const recent = new Map<string, number[]>();

export function guestCommentAllowed(linkId: string, now = Date.now()): boolean {
  const times = (recent.get(linkId) ?? []).filter((t) => now - t < WINDOW_MS);
  if (times.length >= GUEST_COMMENTS_PER_WINDOW) {
    recent.set(linkId, times);
    return false;
  }
  times.push(now);
  recent.set(linkId, times);
  if (recent.size > 10_000) recent.clear();
  return true;
}

export async function addGuestComment(
  deps: OrganizeDeps,
  token: string,
  itemId: string,
  input: { name: string; body: string },
): Promise<GuestComment> {
  const { link } = await sharedMediaKey(deps, token, itemId);
  if (!link.allowComments) fail(commentsOff());
  if (!guestCommentAllowed(link.id))
    fail({
      status: 429,
      error: {
        code: "rateLimitExceeded",
        message: "Too many comments on this link. Wait a minute.",
        parameter: "token",
      },
    });
  // A guest writes under a name of their own, never one the team reads as a member's.
  const [member] = await deps.db
    .select({ id: user.id })
    .from(user)
    .where(sql`lower(trim(${user.name})) = lower(${input.name.trim()})`)
    .limit(1);
  if (member)
    fail({
      status: 400,
      error: {
        code: "invalidName",
        message: "That name belongs to a member of the team. Comment under a name of your own.",
        parameter: "name",
      },
    });
  const created = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(comment)
      .values({ itemId, guestName: input.name, shareLinkId: link.id, body: input.body })
      .returning({ id: comment.id, createdAt: comment.createdAt });
    const c = row as { id: string; createdAt: Date };
    await appendEvents(tx, { id: null, name: input.name, role: "viewer" }, [
      { itemId, kind: "comment", from: null, to: { commentId: c.id, guest: true } },
    ]);
    return c;
  });
  publish(deps, { kind: "comment", itemId, commentId: created.id });
  return {
    id: created.id,
    authorName: input.name,
    guest: true,
    body: input.body,
    createdAt: created.createdAt.toISOString(),
  };
}
