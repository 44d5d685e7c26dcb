"use client";

import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import type { GalleryItem, TaskUpdate } from "@/lib/studio/stream-events";

export interface GalleryPageData {
  items: GalleryItem[];
  nextCursor: string | null;
}

/** Query keys of server data the relay updates. */
export const galleryKey = ["gallery"] as const;
export const tasksKey = ["tasks"] as const;

/** A new result goes to the top of the gallery's first page, once. */
export function addGalleryItem(client: QueryClient, item: GalleryItem): void {
  client.setQueryData<InfiniteData<GalleryPageData>>(galleryKey, (data) => {
    if (!data) return data;
    if (data.pages.some((p) => p.items.some((i) => i.id === item.id))) return data;
    const [first, ...rest] = data.pages;
    return {
      ...data,
      pages: [{ items: [item, ...(first?.items ?? [])], nextCursor: first?.nextCursor ?? null }, ...rest],
    };
  });
}

/** The user's tasks by taskUUID, newest first, as the queue shows them. */
export function updateTask(client: QueryClient, task: TaskUpdate): void {
  client.setQueryData<TaskUpdate[]>(tasksKey, (list = []) => {
    const others = list.filter((t) => t.taskUUID !== task.taskUUID);
    return [task, ...others].slice(0, 200);
  });
}
