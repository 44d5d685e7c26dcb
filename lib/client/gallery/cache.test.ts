import { type InfiniteData, QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { GalleryItem } from "@/lib/studio/items/gallery-item";
import {
  addGalleryItem,
  type GalleryPageData,
  galleryMonthsKey,
  galleryViewKey,
  type QueuedTask,
  type QueuePage,
  tasksKey,
  uniqueTasks,
  updateTask,
} from "./cache";

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

  it("folds a new seed of a shown stack into its card, read again, and puts it apart in the view of seeds", () => {
    const client = new QueryClient();
    const stacked = { ...card("cover", "2026-03-10T00:00:00Z"), seedKey: "k1", seedCount: 2 };
    client.setQueryData(galleryViewKey(""), {
      pages: [{ items: [card("b", "2026-03-11T00:00:00Z"), stacked], nextCursor: null }],
      pageParams: [null],
    });
    client.setQueryData(galleryViewKey("seeds=apart"), pages("b", "cover", "other-seed"));

    addGalleryItem(client, { ...card("seed3", "2026-11-27T05:00:00Z"), seedKey: "k1" });

    const ids = (key: readonly unknown[]) =>
      client.getQueryData<InfiniteData<GalleryPageData>>(key)?.pages.flatMap((p) => p.items.map((i) => i.id));
    const state = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect(ids(galleryViewKey(""))).toEqual(["b", "cover"]);
    expect(state(galleryViewKey(""))).toBe(true);
    expect(ids(galleryViewKey("seeds=apart"))).toEqual(["seed3", "b", "cover", "other-seed"]);
    expect(state(galleryViewKey("seeds=apart"))).toBe(false);

    // A result of a recipe the view does not show yet is a card of its own, at the top.
    addGalleryItem(client, { ...card("fresh", "2026-11-27T06:00:00Z"), seedKey: "k2" });
    expect(ids(galleryViewKey(""))?.[0]).toBe("fresh");
    client.clear();
  });

  it("counts a new seed on the cards of its stack's other members", () => {
    const client = new QueryClient();
    const seed = (id: string, at: string) => ({ ...card(id, at), seedKey: "k1", seedCount: 2 });
    client.setQueryData(galleryViewKey("seeds=apart"), {
      pages: [
        {
          items: [
            seed("s2", "2026-03-11T00:00:00Z"),
            card("b", "2026-03-10T00:00:00Z"),
            seed("s1", "2026-03-09T00:00:00Z"),
          ],
          nextCursor: null,
        },
      ],
      pageParams: [null],
    });

    addGalleryItem(client, { ...card("s3", "2026-11-27T05:00:00Z"), seedKey: "k1", seedCount: 3 });

    const counts = client
      .getQueryData<InfiniteData<GalleryPageData>>(galleryViewKey("seeds=apart"))
      ?.pages.flatMap((p) => p.items.map((i) => [i.id, i.seedCount ?? null]));
    expect(counts).toEqual([
      ["s3", 3],
      ["s2", 3],
      ["b", null],
      ["s1", 3],
    ]);
    client.clear();
  });

  it("puts a new version in its stack's place: the older version's card leaves", () => {
    const client = new QueryClient();
    const v2 = { ...card("v2", "2026-03-09T00:00:00Z"), stack: { id: "v1", version: 2, count: 2 } };
    client.setQueryData(galleryViewKey(""), {
      pages: [
        { items: [card("b", "2026-03-10T00:00:00Z"), v2], nextCursor: "next" },
        { items: [card("v1-other", "2026-03-01T00:00:00Z")], nextCursor: null },
      ],
      pageParams: [null, "next"],
    });
    addGalleryItem(client, {
      ...card("v3", "2026-11-27T05:00:00Z"),
      stack: { id: "v1", version: 3, count: 3 },
    });
    const view = client.getQueryData<InfiniteData<GalleryPageData>>(galleryViewKey(""));
    expect(view?.pages.flatMap((p) => p.items.map((i) => i.id))).toEqual(["v3", "b", "v1-other"]);
    expect(view?.pages[0]?.items[0]?.stack?.count).toBe(3);
    client.clear();
  });
});

describe("the queue drawer's pages and live task updates", () => {
  const page = (items: QueuedTask[], nextCursor: string | null): QueuePage => ({
    items,
    nextCursor,
    inFlight: { yours: items.length, team: items.length },
  });
  const queued = (n: number, createdAt: string): QueuedTask =>
    ({
      taskUUID: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
      status: "queued",
      createdAt,
    }) as QueuedTask;
  const rows = (client: QueryClient) =>
    uniqueTasks(client.getQueryData<InfiniteData<QueuePage>>(tasksKey)?.pages ?? []).map((t) => t.taskUUID);

  it("puts an update of an older task not yet paged in its page, not on top, and lists it once", () => {
    const client = new QueryClient();
    const newer = [queued(3, "2026-11-29T07:00:03.000Z"), queued(2, "2026-11-29T07:00:02.000Z")];
    client.setQueryData<InfiniteData<QueuePage>>(tasksKey, {
      pages: [page(newer, "cursor")],
      pageParams: [""],
    });
    const oldest = queued(1, "2026-11-29T07:00:01.000Z");
    updateTask(client, { ...oldest, status: "processing" });
    expect(rows(client)).toEqual(newer.map((t) => t.taskUUID));
    // Its page arrives: it is listed there, once.
    client.setQueryData<InfiniteData<QueuePage>>(tasksKey, (data) =>
      data
        ? {
            pages: [...data.pages, page([{ ...oldest, status: "processing" }], null)],
            pageParams: ["", "cursor"],
          }
        : data,
    );
    expect(rows(client)).toEqual([...newer, oldest].map((t) => t.taskUUID));
  });

  it("puts a task just sent on top", () => {
    const client = new QueryClient();
    client.setQueryData<InfiniteData<QueuePage>>(tasksKey, {
      pages: [page([queued(2, "2026-11-29T07:00:02.000Z")], null)],
      pageParams: [""],
    });
    updateTask(client, queued(5, "2026-11-29T07:00:05.000Z"));
    updateTask(client, { taskUUID: queued(6, "").taskUUID, status: "queued" } as QueuedTask);
    expect(rows(client)).toEqual([queued(6, "").taskUUID, queued(5, "").taskUUID, queued(2, "").taskUUID]);
  });

  it("lists a task that two pages hold once, where it came first", () => {
    const a = queued(1, "2026-11-29T07:00:01.000Z");
    const b = queued(2, "2026-11-29T07:00:02.000Z");
    expect(uniqueTasks([page([b, a], "c"), page([a], null)]).map((t) => t.taskUUID)).toEqual([
      b.taskUUID,
      a.taskUUID,
    ]);
  });
});
