import { type InfiniteData, QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { InboxPage } from "@/lib/studio/api/inbox";
import type { GalleryItem, ItemReview } from "@/lib/studio/items/gallery-item";
import type { ItemDetail } from "@/lib/studio/items/item-detail";
import { type GalleryPageData, galleryKey, itemKey } from "../gallery/cache";
import { commentsKey, historyKey, inboxKey, inboxListKey, unreadKey } from "./keys";
import { applyReviewChange } from "./live-changes";

const review: ItemReview = {
  state: "approved",
  assigneeId: null,
  ratingAvg: 4,
  ratingCount: 1,
  tags: [],
  boardIds: [],
  commentCount: 1,
  deletedAt: null,
};
const item = { id: "i1", prompt: "fox" } as GalleryItem;
const other = { id: "i2", prompt: "owl" } as GalleryItem;

describe("a teammate's review change", () => {
  it("patches the item in every gallery view and in the viewer, and leaves others alone", () => {
    const client = new QueryClient();
    const page: InfiniteData<GalleryPageData> = {
      pages: [{ items: [item, other], nextCursor: null }],
      pageParams: [null],
    };
    client.setQueryData([...galleryKey, "state=draft"], page);
    client.setQueryData<ItemDetail>(itemKey("i1"), { item } as ItemDetail);
    applyReviewChange(client, { kind: "review", itemId: "i1", review });
    const after = client.getQueryData<InfiniteData<GalleryPageData>>([...galleryKey, "state=draft"]);
    expect(after?.pages[0]?.items[0]?.review).toEqual(review);
    expect(after?.pages[0]?.items[1]).toBe(other);
    expect(client.getQueryData<ItemDetail>(itemKey("i1"))?.item.review).toEqual(review);
  });

  it("refetches the comments and history of the item a comment changed", () => {
    const client = new QueryClient();
    client.setQueryData(commentsKey("i1"), { pages: [], pageParams: [] });
    client.setQueryData(historyKey("i1"), { pages: [], pageParams: [] });
    client.setQueryData(commentsKey("i2"), { pages: [], pageParams: [] });
    applyReviewChange(client, { kind: "comment", itemId: "i1", commentId: "c1" });
    expect(client.getQueryState(commentsKey("i1"))?.isInvalidated).toBe(true);
    expect(client.getQueryState(historyKey("i1"))?.isInvalidated).toBe(true);
    expect(client.getQueryState(commentsKey("i2"))?.isInvalidated).toBe(false);
  });

  it("shows my inbox's new unread count at once", () => {
    const client = new QueryClient();
    const pages = { pages: [{ entries: [], nextCursor: null, unread: 0 }], pageParams: [""] };
    client.setQueryData<InfiniteData<InboxPage>>(inboxListKey(), pages);
    client.setQueryData<InfiniteData<InboxPage>>(inboxListKey({ unread: "1" }), pages);
    client.setQueryData(unreadKey, { unread: 0 });
    const settingsKey = [...inboxKey, "settings", null, null];
    const settings = { settings: {}, emailAvailable: false };
    client.setQueryData(settingsKey, settings);
    applyReviewChange(client, { kind: "inbox", unread: 3 });
    expect(client.getQueryData<InfiniteData<InboxPage>>(inboxListKey())?.pages[0]?.unread).toBe(3);
    expect(
      client.getQueryData<InfiniteData<InboxPage>>(inboxListKey({ unread: "1" }))?.pages[0]?.unread,
    ).toBe(3);
    // The bell's count, and my settings left as they are.
    expect(client.getQueryData(unreadKey)).toEqual({ unread: 3 });
    expect(client.getQueryData(settingsKey)).toEqual(settings);
  });
});
