import "server-only";
import { eq } from "drizzle-orm";
import type { StudioDatabase } from "@/lib/server/db";
import { item } from "@/lib/server/db/schema";
import { mediaResponse } from "@/lib/server/http/media-response";
import { storedImageResponse } from "@/lib/server/items/thumb-response";
import { ensureThumb, thumbFormat } from "@/lib/server/items/thumbnails";
import type { MediaStorage } from "@/lib/server/storage";
import { studioErrors } from "@/lib/studio/api/errors";
import { heldItems } from "./holds";

/**
 * The widest thumbnail the studio makes (lib/studio/api/items.ts THUMB_WIDTHS): big enough to
 * judge the work on a shared page, far from the original a client would keep.
 */
const HELD_PREVIEW_WIDTH = 1280;

/**
 * An item's media to a guest of a share link. While a request holding downloads covers the item
 * and has not approved it, the guest gets a still preview (the widest thumbnail; a video's poster
 * frame) and never the original: what a share link answers is what the guest can keep. Never
 * cached, so the original appears, and a revoked link stops, at once.
 */
export async function sharedMediaResponse(
  deps: { db: StudioDatabase; storage: MediaStorage },
  itemId: string,
  headers: { range: string | null; accept: string | null },
): Promise<Response> {
  const [row] = await deps.db
    .select({ storageKey: item.storageKey, kind: item.kind, durationSeconds: item.durationSeconds })
    .from(item)
    .where(eq(item.id, itemId));
  if (!row) throw studioErrors.sharedItemNotShown();
  const held = (await heldItems(deps.db, [itemId])).length > 0;
  const response = held
    ? await storedImageResponse(
        deps.storage,
        await ensureThumb(deps.storage, row, HELD_PREVIEW_WIDTH, thumbFormat(headers.accept)),
        null,
      )
    : await mediaResponse(deps.storage, row.storageKey, headers.range);
  response.headers.set("cache-control", "no-store");
  return response;
}
