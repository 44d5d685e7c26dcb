"use client";

import type { QueryClient } from "@tanstack/react-query";
import { api } from "@/lib/studio/api/addresses";
import type { CompareEntry } from "@/lib/studio/compare/compare";
import type { GalleryItem } from "@/lib/studio/items/gallery-item";
import { endpointKey } from "../endpoint-client";

/** Every open comparison is cached under its endpoint's key, one entry per set of items. */
export const compareKeyPrefix = endpointKey(api.items.compare);

/** The items of one comparison in a fixed order, so reordering them needs no fetch. */
export function compareIds(itemIds: readonly string[]): string {
  return [...itemIds].sort().join(",");
}

/** The cache key of one comparison. */
export function compareKey(itemIds: readonly string[]) {
  return [...compareKeyPrefix, compareIds(itemIds)];
}

/**
 * Applies `update` to an item wherever an open comparison holds it, as `patchGalleryItems` does
 * for gallery lists: a teammate's rating or review state reaches the compare page without a reload.
 */
export function patchCompareItems(client: QueryClient, update: (item: GalleryItem) => GalleryItem): void {
  client.setQueriesData<{ items: CompareEntry[] }>({ queryKey: compareKeyPrefix }, (data) => {
    if (!data?.items) return data;
    let changed = false;
    const items = data.items.map((entry) => {
      const next = update(entry.item);
      if (next === entry.item) return entry;
      changed = true;
      return { ...entry, item: next };
    });
    return changed ? { ...data, items } : data;
  });
}
