import { type InfiniteData, QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { type GalleryPageData, galleryKey, galleryViewKey, itemKey } from "@/lib/client/gallery/cache";
import { boardsKey, savedSearchesKey, trashKey } from "@/lib/client/organize/keys";
import type { GalleryItem } from "@/lib/studio/items/gallery-item";
import { applyOrganizeChange } from "./organize-changes";

const item = (id: string) => ({ id }) as GalleryItem;
const pages = (...ids: string[][]): InfiniteData<GalleryPageData> => ({
  pages: ids.map((p) => ({ items: p.map(item), nextCursor: null })),
  pageParams: ids.map(() => null),
});

function setUp() {
  const client = new QueryClient();
  client.setQueryData(galleryKey, pages(["a", "b"], ["c"]));
  client.setQueryData([...galleryKey, { board: "x" }], pages(["b", "c"]));
  for (const key of [boardsKey, savedSearchesKey, trashKey, itemKey("b")])
    client.setQueryData(key, { any: 1 });
  return client;
}

const ids = (client: QueryClient, key: readonly unknown[]) =>
  client.getQueryData<InfiniteData<GalleryPageData>>(key)?.pages.map((p) => p.items.map((i) => i.id));
const stale = (client: QueryClient, key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;

describe("organize changes from teammates", () => {
  it("take trashed items out of every gallery view at once, and refresh the trash and boards", () => {
    const client = setUp();
    applyOrganizeChange(client, { kind: "trash", itemIds: ["b"] });
    expect(ids(client, galleryKey)).toEqual([["a"], ["c"]]);
    expect(ids(client, [...galleryKey, { board: "x" }])).toEqual([["c"]]);
    expect(stale(client, trashKey)).toBe(true);
    expect(stale(client, boardsKey)).toBe(true);
  });

  it("read the views again when the trashed item was a stack's newest version", () => {
    const client = setUp();
    const view = galleryViewKey("");
    client.setQueryData(view, {
      pages: [
        {
          items: [item("a"), { ...item("v2"), stack: { id: "v1", version: 2, count: 2 } }],
          nextCursor: null,
        },
      ],
      pageParams: [null],
    });
    applyOrganizeChange(client, { kind: "trash", itemIds: ["a"] });
    expect(stale(client, view)).toBe(false);
    applyOrganizeChange(client, { kind: "trash", itemIds: ["v2"] });
    expect(ids(client, view)).toEqual([[]]);
    expect(stale(client, view)).toBe(true);
  });

  it("refetch the gallery on a restore, and forget purged items", () => {
    const client = setUp();
    applyOrganizeChange(client, { kind: "restore", itemIds: ["z"] });
    expect(stale(client, galleryKey)).toBe(true);
    const purged = setUp();
    applyOrganizeChange(purged, { kind: "purge", itemIds: ["b"] });
    expect(purged.getQueryData(itemKey("b"))).toBeUndefined();
    expect(ids(purged, galleryKey)).toEqual([["a"], ["c"]]);
  });

  it("refresh boards and saved views when they change", () => {
    const client = setUp();
    applyOrganizeChange(client, { kind: "board", boardId: "x" });
    expect(stale(client, boardsKey)).toBe(true);
    expect(stale(client, savedSearchesKey)).toBe(false);
    applyOrganizeChange(client, { kind: "savedSearch", id: "s" });
    expect(stale(client, savedSearchesKey)).toBe(true);
  });
});
