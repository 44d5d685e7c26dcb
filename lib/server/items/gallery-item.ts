import "server-only";
import type { ItemRow, TaskRow } from "@/lib/server/db/schema";
import type { GalleryItem } from "@/lib/studio/items/gallery-item";
import { workflowOf } from "@/lib/studio/workflow-of";

/** Where the browser reads an item's media: the studio's own route, never the service's URL. */
export function mediaUrl(row: Pick<ItemRow, "storageKey">): string {
  return `/api/media/${row.storageKey}`;
}

function text(value: unknown): string | null {
  return typeof value === "string" && value.length > 0 ? value : null;
}

/** A stored result as the gallery and the relay show it. */
export function toGalleryItem(
  row: ItemRow,
  task: Pick<TaskRow, "taskType" | "params">,
  authorName: string,
): GalleryItem {
  return {
    id: row.id,
    taskUUID: row.taskUUID,
    taskType: task.taskType,
    workflow: workflowOf(task.params),
    authorId: row.authorId,
    authorName,
    kind: row.kind,
    mediaUUID: row.mediaUUID,
    url: mediaUrl(row),
    mime: row.mime,
    width: row.width,
    height: row.height,
    durationSeconds: row.durationSeconds,
    seed: row.seed,
    cost: row.cost,
    nsfw: row.nsfw,
    prompt: text(task.params.positivePrompt),
    model: text(task.params.model),
    createdAt: row.createdAt.toISOString(),
    ...(row.seedKey ? { seedKey: row.seedKey } : {}),
  };
}
