import type { GalleryItem, TaskUpdate } from "@/lib/studio/items/gallery-item";

/** A gallery item for tests: `id` names it, everything else plausible. */
export function galleryItem(id: string, overrides: Partial<GalleryItem> = {}): GalleryItem {
  return {
    id,
    taskUUID: `t-${id}`,
    taskType: "imageInference",
    workflow: "text-to-image",
    authorId: "u1",
    authorName: "Ada",
    kind: "image",
    mediaUUID: `m-${id}`,
    url: `/api/media/${id}`,
    mime: "image/jpeg",
    width: 64,
    height: 64,
    durationSeconds: null,
    seed: "1",
    cost: null,
    nsfw: null,
    prompt: "a fox",
    model: "runware:100@1",
    createdAt: new Date(0).toISOString(),
    ...overrides,
  };
}

export function taskUpdate(taskUUID: string, overrides: Partial<TaskUpdate> = {}): TaskUpdate {
  return {
    taskUUID,
    taskType: "imageInference",
    status: "processing",
    progress: 50,
    itemCount: 1,
    itemsDone: 0,
    error: null,
    ...overrides,
  };
}
