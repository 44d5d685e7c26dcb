"use client";

import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import { api } from "@/lib/studio/api/addresses";
import type { InboxPage } from "@/lib/studio/api/inbox";
import type { GalleryChange } from "@/lib/studio/api/stream-events";
import type { GalleryItem } from "@/lib/studio/items/gallery-item";
import type { ItemDetail } from "@/lib/studio/items/item-detail";
import { patchCompareItems } from "../compare/compare-cache";
import { endpointKey, resourceKey } from "../endpoint-client";
import {
  galleryViewsKey,
  holdsSeedStack,
  isFilteredTotals,
  itemKey,
  patchGalleryItems,
} from "../gallery/cache";
import { commentsKey, historyKey, inboxKey, inboxPagesKey } from "./keys";

type ReviewChange = Extract<GalleryChange, { kind: "review" | "comment" | "inbox" }>;

/** A teammate's rating, state, assignee, tag or comment change, applied to this tab's caches. */
export function applyReviewChange(client: QueryClient, change: ReviewChange): void {
  switch (change.kind) {
    case "review": {
      const { itemId, review } = change;
      const patch = (item: GalleryItem) => (item.id === itemId ? { ...item, review } : item);
      patchGalleryItems(client, patch);
      patchCompareItems(client, patch);
      client.setQueryData<ItemDetail>(itemKey(itemId), (detail) =>
        detail ? { ...detail, item: { ...detail.item, review } } : detail,
      );
      // Who rated what (names beside stars) and the audit trail are read again, only where open.
      void client.invalidateQueries({ queryKey: itemKey(itemId), exact: true });
      void client.invalidateQueries({ queryKey: historyKey(change.itemId) });
      // The best rated seed covers its stack: a rating may move a cover, in a card or a stack.
      void client.invalidateQueries({ queryKey: resourceKey("seedStacks") });
      void client.invalidateQueries({
        queryKey: galleryViewsKey,
        predicate: (query) => holdsSeedStack(query.state.data),
      });
      // A view filtered by state, rating, assignee, tag or board may have gained or lost it.
      void client.invalidateQueries({
        queryKey: endpointKey(api.gallery.totals),
        predicate: (query) => isFilteredTotals(query.queryKey),
      });
      return;
    }
    case "comment":
      void client.invalidateQueries({ queryKey: commentsKey(change.itemId) });
      void client.invalidateQueries({ queryKey: historyKey(change.itemId) });
      // A later version shows the open threads of earlier ones: read again where open.
      void client.invalidateQueries({ queryKey: resourceKey("versions") });
      return;
    case "inbox":
      // The count shows at once; the list behind it is read again when it is on screen.
      client.setQueriesData<InboxPage | InfiniteData<InboxPage>>({ queryKey: inboxKey }, (data) => {
        if (!data) return data;
        if ("pages" in data) {
          return { ...data, pages: data.pages.map((p) => ({ ...p, unread: change.unread })) };
        }
        // My settings live under the same prefix, without a count.
        return "unread" in data ? { ...data, unread: change.unread } : data;
      });
      void client.invalidateQueries({ queryKey: inboxPagesKey });
      return;
  }
}
