"use client";

import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import { api } from "@/lib/studio/api/addresses";
import type { GalleryItem, TaskUpdate, TaskView } from "@/lib/studio/items/gallery-item";
import { endpointKey, queryKeyOf, resourceKey } from "../endpoint-client";

export interface GalleryPageData {
  items: GalleryItem[];
  nextCursor: string | null;
}

/**
 * Query keys of server data the relay updates, each under its resource's key, so a mutation that
 * declares it invalidates `gallery` or `tasks` reaches them. The gallery's views are caches the
 * relay writes into, keyed by their filter; the queue, one task and one item are their endpoints'.
 */
export const galleryKey = resourceKey("gallery");
/** The member's tasks, newest first, as the queue shows them. */
export const tasksKey = queryKeyOf(api.tasks.list);
/** One task with its results, as a Create page's result strip shows it. */
export const taskKey = (taskUUID: string) => queryKeyOf(api.tasks.get, { params: { taskUUID } });
/** Every task's key starts so. */
export const allTasksKey = queryKeyOf(api.tasks.get).slice(0, 3);

/** One item as the viewer shows it. */
export const itemKey = (itemId: string) => queryKeyOf(api.items.get, { params: { id: itemId } });

/**
 * Applies `update` to an item wherever a gallery list holds it (every filtered view is cached under
 * a key starting with `galleryKey`); `update` answers the item unchanged when it has nothing to do.
 */
export function patchGalleryItems(client: QueryClient, update: (item: GalleryItem) => GalleryItem): void {
  client.setQueriesData<InfiniteData<GalleryPageData>>({ queryKey: galleryKey }, (data) => {
    if (!data?.pages) return data;
    let changed = false;
    const pages = data.pages.map((page) => {
      let pageChanged = false;
      const items = page.items.map((item) => {
        const next = update(item);
        if (next !== item) pageChanged = true;
        return next;
      });
      if (!pageChanged) return page;
      changed = true;
      return { ...page, items };
    });
    return changed ? { ...data, pages } : data;
  });
}

/**
 * One filtered view of the gallery: its canonical filter query string (lib/studio/gallery/filter.ts),
 * "" for every live item newest first; `at`, the month a jump started it at (a list of its own).
 * Under `galleryKey`, so patches reach every view.
 */
export const galleryViewKey = (search: string, at?: string) =>
  at === undefined ? [...galleryViewsKey, search] : [...galleryViewsKey, search, at];

/** Every filtered view: the view's filter is the key's 4th part, its month (if any) the 5th. */
export const galleryViewsKey = [...galleryKey, "view"];
const viewSearchOf = (key: readonly unknown[]) => key[galleryViewsKey.length];
const viewMonthOf = (key: readonly unknown[]) => key[galleryViewsKey.length + 1];
/** The whole gallery newest first: seed stacks folded (""), or each seed apart. */
const WHOLE_VIEWS = ["", "seeds=apart"] as const;
/** Whether a view's key is of a view filtered by something (not the whole gallery newest first). */
export const isFilteredView = (key: readonly unknown[]) =>
  !(WHOLE_VIEWS as readonly unknown[]).includes(viewSearchOf(key));
/** Whether a view's key shows only starred items. */
export const isStarredView = (key: readonly unknown[]) =>
  String(viewSearchOf(key) ?? "").includes("starred=1");

/** Whether a cached view shows a seed stack's card: a rating may move that stack's cover. */
export const holdsSeedStack = (data: unknown) =>
  (data as InfiniteData<GalleryPageData> | undefined)?.pages?.some((p) =>
    p.items.some((i) => (i.seedCount ?? 0) > 1),
  ) === true;

/** The months of one filtered view, with their counts (the date scrubber); refetched as totals are. */
export const galleryMonthsKey = (search: string) => [...endpointKey(api.gallery.months), search];

/** The counts of one filtered view and of the whole gallery; refetched when items come or go. */
export const galleryTotalsKey = (search: string) => [...endpointKey(api.gallery.totals), search];
/** Whether a key of counts is of a filtered view's counts. */
export const isFilteredTotals = (key: readonly unknown[]) =>
  key[endpointKey(api.gallery.totals).length] !== "";

/** The values the gallery's filter menus offer. */
export const galleryFacetsKey = queryKeyOf(api.gallery.facets);

/**
 * A new result goes to the top of the unfiltered newest-first view, once. Whether it belongs in a
 * filtered view (and where) only the server knows: those views are refetched. A view started at a
 * month is left as it is: the new result belongs at the top of the gallery, not in the month being
 * looked at, and is there on the way back to the newest. A new version takes its stack's card:
 * the older version's card leaves the view as the new one comes to the top.
 */
export function addGalleryItem(client: QueryClient, item: GalleryItem): void {
  const stackId = item.stack?.id;
  const sameStack = (i: GalleryItem) =>
    stackId !== undefined && (i.id === stackId || i.stack?.id === stackId);
  // A new seed of a stack the stacked view shows joins that card: which member covers it now, the
  // server says. The view of each seed apart takes it at the top like any result.
  let joinsSeedStack = false;
  for (const search of WHOLE_VIEWS) {
    client.setQueryData<InfiniteData<GalleryPageData>>(galleryViewKey(search), (data) => {
      if (!data) return data;
      if (data.pages.some((p) => p.items.some((i) => i.id === item.id))) return data;
      if (search === "" && item.seedKey !== undefined) {
        joinsSeedStack = data.pages.some((p) => p.items.some((i) => i.seedKey === item.seedKey));
        if (joinsSeedStack) return data;
      }
      const pages = data.pages.map((p) =>
        p.items.some(sameStack) ? { ...p, items: p.items.filter((i) => !sameStack(i)) } : p,
      );
      const [first, ...rest] = pages;
      return {
        ...data,
        pages: [{ items: [item, ...(first?.items ?? [])], nextCursor: first?.nextCursor ?? null }, ...rest],
      };
    });
  }
  // The stack grew: its other members' cards (each seed apart, or a card a refetch replaces) say so.
  const { seedKey, seedCount } = item;
  if (seedKey !== undefined && seedCount !== undefined)
    patchGalleryItems(client, (i) =>
      i.id !== item.id && i.seedKey === seedKey && i.seedCount !== seedCount ? { ...i, seedCount } : i,
    );
  if (stackId !== undefined) void client.invalidateQueries({ queryKey: resourceKey("versions") });
  if (seedKey !== undefined) void client.invalidateQueries({ queryKey: resourceKey("seedStacks") });
  void client.invalidateQueries({
    queryKey: galleryViewsKey,
    predicate: (query) =>
      (isFilteredView(query.queryKey) || (joinsSeedStack && viewSearchOf(query.queryKey) === "")) &&
      viewMonthOf(query.queryKey) === undefined,
  });
  void client.invalidateQueries({ queryKey: endpointKey(api.gallery.totals) });
  void client.invalidateQueries({ queryKey: endpointKey(api.gallery.months) });
}

/** A task in the queue: its latest state, with what `GET /api/tasks` told of it once fetched. */
export type QueuedTask = TaskUpdate & Partial<Omit<TaskView, keyof TaskUpdate>>;

/** A page of the queue as `GET /api/tasks` answers it. */
export interface QueuePage {
  items: QueuedTask[];
  nextCursor: string | null;
  /** Tasks queued or processing: the member's own and the whole team's. */
  inFlight: { yours: number; team: number };
}

const inFlight = (status: QueuedTask["status"] | undefined) => status === "queued" || status === "processing";

/**
 * A task's new state joins the queue's pages where they hold it; a task they do not hold yet is
 * new (the newest of all) and goes on top. The counts follow each change; a task the pages do not
 * hold that is past `queued` was counted already (it was sent before the pages were read).
 */
export function updateTask(client: QueryClient, task: QueuedTask): void {
  client.setQueryData<InfiniteData<QueuePage>>(tasksKey, (data) => {
    const first = data?.pages[0];
    if (!data || !first) return data;
    let known: QueuedTask | undefined;
    const pages = data.pages.map((page) => {
      const at = page.items.findIndex((t) => t.taskUUID === task.taskUUID);
      const held = page.items[at];
      if (!held) return page;
      known = held;
      const items = [...page.items];
      items[at] = { ...held, ...task };
      return { ...page, items };
    });
    const was = known ? inFlight(known.status) : task.status !== "queued";
    const delta = Number(inFlight(task.status)) - Number(was);
    const top = pages[0] ?? first;
    const counts = {
      yours: Math.max(0, top.inFlight.yours + delta),
      team: Math.max(0, top.inFlight.team + delta),
    };
    // A task the loaded pages do not hold joins the top unless it is older than the top row: an
    // older one (a live update racing the drawer's paging) comes with its own page, in its place.
    // An update without its time is of a task just sent.
    const newest = top.items[0]?.createdAt;
    const joinsTop = !known && !(task.createdAt && newest && task.createdAt < newest);
    pages[0] = { ...top, items: joinsTop ? [task, ...top.items] : top.items, inFlight: counts };
    return { ...data, pages };
  });
}

/** A new result joins its task's entry, once, when the entry is cached. */
export function addTaskItem(client: QueryClient, item: GalleryItem): void {
  client.setQueryData<TaskView>(taskKey(item.taskUUID), (task) => {
    if (!task || task.items.some((i) => i.id === item.id)) return task;
    return {
      ...task,
      items: [...task.items, item],
      itemsDone: Math.max(task.itemsDone, task.items.length + 1),
    };
  });
}

/**
 * A task's new state joins its cached entry; its parameters and results stay. When the task says
 * it has more results than the entry holds (one came while the tab was not listening), the entry
 * is fetched again.
 */
export function patchTask(client: QueryClient, update: TaskUpdate): void {
  const key = taskKey(update.taskUUID);
  const task = client.getQueryData<TaskView>(key);
  if (!task) return;
  client.setQueryData<TaskView>(key, {
    ...task,
    ...update,
    itemsDone: Math.max(update.itemsDone, task.items.length),
  });
  if (update.itemsDone > task.items.length && update.status !== "processing") {
    void client.invalidateQueries({ queryKey: key, exact: true });
  }
}

/**
 * The queue's rows in page order, each task once: a task can sit on two pages when rows shift
 * between two fetches, and the list's rows are keyed by task.
 */
export function uniqueTasks(pages: readonly QueuePage[]): QueuedTask[] {
  const seen = new Set<string>();
  const tasks: QueuedTask[] = [];
  for (const page of pages) {
    for (const task of page.items) {
      if (seen.has(task.taskUUID)) continue;
      seen.add(task.taskUUID);
      tasks.push(task);
    }
  }
  return tasks;
}
