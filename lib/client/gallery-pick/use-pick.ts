"use client";

import { useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/studio/api/addresses";
import type { GalleryItem } from "@/lib/studio/items/gallery-item";
import { type ImageRef, imageRefQuery } from "../create/tools";
import { call } from "../endpoint-client";
import { droppedPick, refOfItem } from "./picked-ref";

const NOT_AN_IMAGE = "A video cannot stand where an image goes: pick an image.";

/**
 * How an image input takes a gallery image: picked in the picker, or a card dropped on it (its
 * payload, or its link, looked up). The input's preview is filled from the card, so the image
 * shows at once and nothing is fetched but the thumbnail the card already had.
 */
export function usePickIntoInput(to: {
  onRef(ref: ImageRef): void;
  onError(message: string): void;
  onFile(file: File): void;
}) {
  const client = useQueryClient();
  const take = (ref: ImageRef) => {
    client.setQueryData(imageRefQuery(ref.id).queryKey, ref);
    to.onRef(ref);
  };
  const item = (picked: Pick<GalleryItem, "kind" | "mediaUUID" | "url" | "width" | "height" | "mime">) => {
    if (picked.kind !== "image") to.onError(NOT_AN_IMAGE);
    else take(refOfItem(picked));
  };
  const drop = (data: DataTransfer) => {
    const dropped = droppedPick(data, window.location.origin);
    if (dropped === null) return;
    if (dropped.kind === "file") to.onFile(dropped.file);
    else if (dropped.kind === "video") to.onError(NOT_AN_IMAGE);
    else if (dropped.kind === "ref") take(dropped.ref);
    else {
      call(api.items.get, { params: { id: dropped.itemId } }).then(
        (detail) => item(detail.item),
        () => to.onError("That gallery item is no longer there."),
      );
    }
  };
  return { item, drop };
}
