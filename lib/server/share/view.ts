import "server-only";
import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import { decodeCursor, encodeCursor } from "@/lib/server/db/cursor";
import type { ItemRow } from "@/lib/server/db/schema";
import { board, boardItem, item, itemColumns, task } from "@/lib/server/db/schema";
import { itemViews } from "@/lib/server/items/item-view";
import { api } from "@/lib/studio/api";
import { studioErrors } from "@/lib/studio/api/errors";
import {
  type SharedItem,
  type SharedView,
  sharedCardSchema,
  sharedCardWithPromptSchema,
} from "@/lib/studio/api/share";
import { urlOf } from "@/lib/studio/api/url";
import type { GalleryItem } from "@/lib/studio/items/gallery-item";
import { isUuid } from "@/lib/studio/params";
import { heldItems } from "../approvals/holds";
import { before } from "../items/actor";
import type { OrganizeDeps } from "../items/live";
import type { SharedLink } from "./links";

/**
 * What a guest reads through a share link: only the item or the board's items it names, and
 * never a member's id or email. Every request's link is checked live by route() before it gets
 * here (lib/server/api/link-callers.ts): an expired or revoked link is a 404 from that moment on.
 */

// A parameter a guest may see: plain settings, not references to other media or members.
const HIDDEN_PARAM = /uuid|image|mask|url|webhook|upload|key|token|reference|frame|author|user/i;

export function guestParams(params: Record<string, unknown>, seed: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params)) {
    if (HIDDEN_PARAM.test(key) || key === "positivePrompt") continue;
    if (typeof value === "string" && (isUuid(value) || /^(https?|data):/i.test(value))) continue;
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

/**
 * The guest's projection of the member's card: the fields a guest may read, copied as they are,
 * the media through the link, and (when the link shows them) the prompt and the plain settings.
 */
export function guestItem(
  card: GalleryItem,
  token: string,
  shown: { params: Record<string, unknown>; seed: string } | null,
): SharedItem {
  const mediaUrl = urlOf(api.share.media, { params: { token, itemId: card.id } });
  if (!shown) return { ...sharedCardSchema.parse(card), mediaUrl };
  return {
    ...sharedCardWithPromptSchema.parse(card),
    mediaUrl,
    params: guestParams(shown.params, shown.seed),
  };
}

/** The guest's items for `rows`, in their order, built from the one item view. */
async function guestItems(
  deps: OrganizeDeps,
  link: SharedLink,
  rows: readonly ItemRow[],
): Promise<SharedItem[]> {
  const cards = await itemViews(deps.db, rows, "unknown");
  const held = new Set(
    await heldItems(
      deps.db,
      rows.map((r) => r.id),
    ),
  );
  const params = new Map<string, Record<string, unknown>>();
  if (link.showParams && rows.length > 0) {
    const tasks = await deps.db
      .select({ taskUUID: task.taskUUID, params: task.params })
      .from(task)
      .where(inArray(task.taskUUID, [...new Set(rows.map((r) => r.taskUUID))]));
    for (const t of tasks) params.set(t.taskUUID, t.params);
  }
  return cards.map((card, i) => {
    const row = rows[i] as ItemRow;
    const shared = guestItem(
      card,
      link.token,
      link.showParams ? { params: params.get(row.taskUUID) ?? {}, seed: row.seed } : null,
    );
    return held.has(row.id) ? { ...shared, held: true } : shared;
  });
}

/** The page of a link: its item, or a page of its board's live items, newest first. */
export async function sharedView(
  deps: OrganizeDeps,
  link: SharedLink,
  query: { cursor?: string | undefined; limit?: number } = {},
): Promise<SharedView> {
  const common = {
    allowComments: link.allowComments,
    showParams: link.showParams,
    expiresAt: link.expiresAt?.toISOString() ?? null,
  };
  if (link.itemId) {
    const rows = await deps.db
      .select(itemColumns)
      .from(item)
      .where(and(eq(item.id, link.itemId), isNull(item.deletedAt)));
    if (rows.length === 0) throw studioErrors.shareLinkGone();
    return {
      kind: "item",
      title: "Shared result",
      description: "",
      ...common,
      items: await guestItems(deps, link, rows),
      nextCursor: null,
    };
  }
  // A vote's link is read by its own page (`sharedVote`), not as a list of items.
  if (!link.boardId) throw studioErrors.shareLinkGone();
  const boardId = link.boardId;
  const [named] = await deps.db
    .select({ name: board.name, description: board.description })
    .from(board)
    .where(eq(board.id, boardId));
  if (!named) throw studioErrors.shareLinkGone();
  const limit = query.limit ?? 48;
  const after = decodeCursor(query.cursor);
  const rows = await deps.db
    .select(itemColumns)
    .from(boardItem)
    .innerJoin(item, eq(item.id, boardItem.itemId))
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
    items: await guestItems(deps, link, page),
    nextCursor: rows.length > limit && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}
