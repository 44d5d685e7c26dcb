"use client";

import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import { endpointKey } from "@/lib/client/endpoint-client";
import { type GalleryPageData, galleryKey, galleryViewsKey, itemKey } from "@/lib/client/gallery/cache";
import { boardsKey, savedSearchesKey, trashKey } from "@/lib/client/organize/keys";
import { api } from "@/lib/studio/api/addresses";
import type { GalleryChange } from "@/lib/studio/api/stream-events";

type OrganizeChange = Extract<
  GalleryChange,
  { kind: "trash" | "restore" | "purge" | "board" | "savedSearch" }
>;

/** Takes items out of every cached gallery view at once (no refetch: they are gone). */
export function removeGalleryItems(client: QueryClient, itemIds: readonly string[]): void {
  const gone = new Set(itemIds);
  client.setQueriesData<InfiniteData<GalleryPageData>>({ queryKey: galleryKey }, (data) => {
    if (!data?.pages) return data;
    if (!data.pages.some((p) => p.items.some((i) => gone.has(i.id)))) return data;
    return {
      ...data,
      pages: data.pages.map((p) => ({ ...p, items: p.items.filter((i) => !gone.has(i.id)) })),
    };
  });
  void client.invalidateQueries({ queryKey: endpointKey(api.gallery.totals) });
}

/** Whether any of the items is a version whose stack has others (a cached card says so). */
function heldStacks(client: QueryClient, itemIds: readonly string[]): boolean {
  const ids = new Set(itemIds);
  return client
    .getQueriesData<InfiniteData<GalleryPageData>>({ queryKey: galleryKey })
    .some(([, data]) =>
      data?.pages?.some((p) => p.items.some((i) => ids.has(i.id) && (i.stack?.count ?? 1) > 1)),
    );
}

/** Items trashed, restored or purged, and boards or shared searches changed, applied to this tab's caches. */
export function applyOrganizeChange(client: QueryClient, change: OrganizeChange): void {
  switch (change.kind) {
    case "trash": {
      // The newest version left: the one before it is the stack's card now, which only the
      // server can place in each view.
      const stacks = heldStacks(client, change.itemIds);
      removeGalleryItems(client, change.itemIds);
      if (stacks) void client.invalidateQueries({ queryKey: galleryViewsKey });
      void client.invalidateQueries({ queryKey: trashKey });
      void client.invalidateQueries({ queryKey: boardsKey });
      for (const id of change.itemIds) void client.invalidateQueries({ queryKey: itemKey(id) });
      return;
    }
    case "restore":
      // Where a restored item sits in each filtered view is the server's to say.
      void client.invalidateQueries({ queryKey: galleryKey });
      void client.invalidateQueries({ queryKey: trashKey });
      void client.invalidateQueries({ queryKey: boardsKey });
      for (const id of change.itemIds) void client.invalidateQueries({ queryKey: itemKey(id) });
      return;
    case "purge":
      removeGalleryItems(client, change.itemIds);
      void client.invalidateQueries({ queryKey: trashKey });
      void client.invalidateQueries({ queryKey: boardsKey });
      for (const id of change.itemIds) client.removeQueries({ queryKey: itemKey(id) });
      return;
    case "board":
      void client.invalidateQueries({ queryKey: boardsKey });
      return;
    case "savedSearch":
      void client.invalidateQueries({ queryKey: savedSearchesKey });
      return;
  }
}
