"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/studio/api/addresses";
import type { ApiError } from "@/lib/studio/api/errors";
import type { GalleryItem } from "@/lib/studio/items/gallery-item";
import { call } from "../endpoint-client";
import { galleryViewsKey, isStarredView, patchGalleryItems } from "./cache";

/**
 * Stars or unstars an item for this member: shown at once on every cached view, put back if the
 * studio refuses. A view filtered to starred items is refetched, as the item joins or leaves it.
 */
export function useStarToggle() {
  const client = useQueryClient();
  const mark = (id: string, starred: boolean) =>
    patchGalleryItems(client, (i) => (i.id === id && i.starred !== starred ? { ...i, starred } : i));
  return useMutation<unknown, ApiError, { item: GalleryItem; on: boolean }>({
    mutationFn: ({ item, on }) => call(on ? api.items.star : api.items.unstar, { params: { id: item.id } }),
    onMutate: ({ item, on }) => mark(item.id, on),
    onError: (_error, { item, on }) => mark(item.id, !on),
    onSuccess: () =>
      client.invalidateQueries({
        queryKey: galleryViewsKey,
        predicate: (query) => isStarredView(query.queryKey),
      }),
  });
}
