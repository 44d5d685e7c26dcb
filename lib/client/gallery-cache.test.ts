import { type InfiniteData, QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { GalleryItem } from "@/lib/studio/gallery-item";
import { addGalleryItem, type GalleryPageData, galleryMonthsKey, galleryViewKey } from "./gallery-cache";

const card = (id: string, createdAt: string) => ({ id, createdAt, prompt: id, kind: "image" }) as GalleryItem;
const pages = (...ids: string[]): InfiniteData<GalleryPageData> => ({
  pages: [{ items: ids.map((id) => card(id, "2026-03-10T00:00:00Z")), nextCursor: "next" }],
  pageParams: [null],
});

describe("a live result in the gallery's caches", () => {
  it("goes to the top of the newest view, never into a view started at a month", () => {
    const client = new QueryClient();
    client.setQueryData(galleryViewKey(""), pages("b", "a"));
    client.setQueryData(galleryViewKey("", "2026-03"), pages("m2", "m1"));
    client.setQueryData(galleryViewKey("kind=image", "2026-03"), pages("k2", "k1"));
    client.setQueryData(galleryViewKey("kind=image"), pages("k9"));
    client.setQueryData(galleryMonthsKey(""), [{ month: "2026-03", count: 2 }]);

    addGalleryItem(client, card("new", "2026-11-27T05:00:00Z"));

    const ids = (key: readonly unknown[]) =>
      client.getQueryData<InfiniteData<GalleryPageData>>(key)?.pages.flatMap((p) => p.items.map((i) => i.id));
    expect(ids(galleryViewKey(""))).toEqual(["new", "b", "a"]);
    expect(ids(galleryViewKey("", "2026-03"))).toEqual(["m2", "m1"]);
    const state = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    // Filtered views are read again (the server knows whether the result belongs); jumped views
    // hold still; the months' counts are read again.
    expect(state(galleryViewKey("kind=image"))).toBe(true);
    expect(state(galleryViewKey("kind=image", "2026-03"))).toBe(false);
    expect(state(galleryViewKey("", "2026-03"))).toBe(false);
    expect(state(galleryMonthsKey(""))).toBe(true);
    client.clear();
  });
});
