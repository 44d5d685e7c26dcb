import "server-only";
import { and, eq } from "drizzle-orm";
import { getUpload, type StudioDatabase } from "@/lib/server/db";
import { item, itemColumns } from "@/lib/server/db/schema";
import type { Role } from "@/lib/studio/roles";
import { mediaUrl } from "../items/gallery-item";
import { mayReadItem } from "../items/media-access";

/** An image a task can name by the studio's id, as the Create screens preview it. */
export interface StudioImageView {
  id: string;
  /** The studio's media route, never the service's URL. */
  url: string;
  width: number;
  height: number;
  mime: string;
}

/** Media UUIDs are the service's ids: UUIDs in practice, bounded like the records bound them. */
const MAX_ID_LENGTH = 200;

/**
 * The image behind a studio id: a member's upload (browser uploads and kept guide images), or an
 * image result of the gallery by its media UUID. Null for anything else, video results included:
 * they cannot stand where a task takes an image; and for a result in the trash unless `role` may
 * see the trash, as every other road to an item's media answers.
 */
export async function studioImage(
  db: StudioDatabase,
  id: string,
  role: Role,
): Promise<StudioImageView | null> {
  if (id.length === 0 || id.length > MAX_ID_LENGTH) return null;
  const upload = await getUpload(db, id);
  if (upload) {
    const { width, height, mime } = upload;
    return { id: upload.id, url: mediaUrl(upload), width, height, mime };
  }
  const [row] = await db
    .select(itemColumns)
    .from(item)
    .where(and(eq(item.mediaUUID, id), eq(item.kind, "image")))
    .limit(1);
  if (!row || !mayReadItem(row, role)) return null;
  return { id: row.mediaUUID, url: mediaUrl(row), width: row.width, height: row.height, mime: row.mime };
}
