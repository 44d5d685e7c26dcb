import type { GalleryItem } from "@/lib/studio/items/gallery-item";
import type { ImageRef } from "../create/tools";

/**
 * A gallery card dragged out of the gallery carries this type beside its link: the item as an
 * image input, so a drop zone in another tab or window of the studio takes it without a look-up.
 */
export const STUDIO_ITEM_TYPE = "application/x-media-studio-item";

/**
 * A gallery image as an image input: its media UUID, the id a task names a studio result by. The
 * studio hands the service its own copy when the task is sent, so the browser never downloads the
 * bytes to upload them again.
 */
export function refOfItem(
  item: Pick<GalleryItem, "mediaUUID" | "url" | "width" | "height" | "mime">,
): ImageRef {
  return {
    id: item.mediaUUID,
    url: item.url,
    width: item.width ?? 0,
    height: item.height ?? 0,
    mime: item.mime,
  };
}

/** What a card dragged from the gallery carries under `STUDIO_ITEM_TYPE`. */
export function dragPayloadOf(item: GalleryItem): string {
  return JSON.stringify({ itemId: item.id, kind: item.kind, ...refOfItem(item) });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What was dropped, as far as the studio reads it before looking anything up. */
export type DroppedPick =
  | { kind: "ref"; ref: ImageRef }
  | { kind: "item"; itemId: string }
  | { kind: "video" }
  | { kind: "file"; file: File }
  | null;

interface DropData {
  getData(type: string): string;
  files: { length: number; [index: number]: File | undefined } | FileList;
}

/**
 * A drop on an image input: a gallery card (its payload, or only its link when the browser kept
 * just that, from this studio's origin), else a file. A video result is named, to be refused.
 */
export function droppedPick(data: DropData, origin: string): DroppedPick {
  const payload = data.getData(STUDIO_ITEM_TYPE);
  if (payload) {
    try {
      const parsed = JSON.parse(payload) as Partial<ImageRef & { kind: string }>;
      if (parsed.kind === "video") return { kind: "video" };
      if (typeof parsed.id === "string" && UUID.test(parsed.id) && typeof parsed.url === "string") {
        return {
          kind: "ref",
          ref: {
            id: parsed.id,
            url: parsed.url,
            width: Number(parsed.width) || 0,
            height: Number(parsed.height) || 0,
            mime: String(parsed.mime ?? "image/png"),
          },
        };
      }
    } catch {
      // Not a card of this studio: read the rest of the drop.
    }
  }
  const file = data.files[0];
  if (file) return { kind: "file", file };
  const link = data
    .getData("text/uri-list")
    .split(/\r?\n/)
    .find((l) => l && !l.startsWith("#"));
  if (link) {
    try {
      const url = new URL(link, origin);
      const id = /^\/gallery\/item\/([^/]+)$/.exec(url.pathname)?.[1];
      if (url.origin === origin && id && UUID.test(id)) return { kind: "item", itemId: id.toLowerCase() };
    } catch {
      return null;
    }
  }
  return null;
}
