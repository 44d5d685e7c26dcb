import "server-only";
import { eq } from "drizzle-orm";
import type { StudioDatabase } from "@/lib/server/db";
import { item } from "@/lib/server/db/schema";
import { extensionForMime } from "@/lib/server/storage";
import type { Role } from "@/lib/studio/roles";
import { mayReadItem } from "./media-access";

export interface ItemMedia {
  id: string;
  storageKey: string;
  kind: "image" | "video";
  mime: string;
  durationSeconds: number | null;
  prompt: string | null;
}

/**
 * What the media routes need of an item, or null when there is none for a member with `role`
 * (deleted for good, or in the trash and `role` cannot restore it).
 */
export async function itemMedia(db: StudioDatabase, id: string, role: Role): Promise<ItemMedia | null> {
  const [row] = await db
    .select({
      id: item.id,
      storageKey: item.storageKey,
      kind: item.kind,
      mime: item.mime,
      durationSeconds: item.durationSeconds,
      prompt: item.prompt,
      deletedAt: item.deletedAt,
    })
    .from(item)
    .where(eq(item.id, id));
  if (!row || !mayReadItem(row, role)) return null;
  const { deletedAt: _, ...media } = row;
  return media;
}

/**
 * A file name for a download: the prompt's first words in plain letters and digits, the item's
 * short id (two downloads of one prompt do not overwrite each other), the format's extension.
 */
export function downloadName(media: Pick<ItemMedia, "id" | "mime" | "prompt" | "kind">): string {
  const words = (media.prompt ?? "")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim()
    .split(" ")
    .filter(Boolean)
    .slice(0, 8)
    .join("-")
    .slice(0, 60)
    .replace(/-+$/, "");
  return `${words || media.kind}-${media.id.slice(0, 8)}.${extensionForMime(media.mime)}`;
}

/** `Content-Disposition` for `name`, with the RFC 5987 form beside a plain ASCII one. */
export function attachmentHeader(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
