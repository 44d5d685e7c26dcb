import type { DragEvent } from "react";
import { dragPayloadOf, STUDIO_ITEM_TYPE } from "@/lib/client/gallery-pick/picked-ref";
import { viewerUrl } from "@/lib/studio/api/gallery-urls";
import type { GalleryItem } from "@/lib/studio/items/gallery-item";

/** A gallery card's drag: the item for an image input, and its link for anywhere else. */
export function startItemDrag(event: DragEvent, item: GalleryItem): void {
  event.dataTransfer.setData(STUDIO_ITEM_TYPE, dragPayloadOf(item));
  event.dataTransfer.setData("text/uri-list", new URL(viewerUrl(item.id), window.location.origin).href);
  event.dataTransfer.effectAllowed = "copyLink";
}
