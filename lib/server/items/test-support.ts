import "server-only";
import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { recordItem } from "@/lib/server/db/item-records";
import { recordTasks } from "@/lib/server/db/task-records";
import type { TestDatabase } from "@/lib/server/db/test-databases";
import type { GalleryChange } from "@/lib/studio/api/stream-events";
import type { Role } from "@/lib/studio/roles";
import type { Actor } from "./actor";

/** Test helpers for the organize modules: items with media, a fake storage, a recording log. */

export function actor(id: string, role: Role): Actor {
  return { id, name: `${role} ${id}`, role };
}

export class MemoryStorage {
  readonly objects = new Map<string, { bytes: Buffer; mime: string }>();
  readonly deleted: string[] = [];
  async get(key: string) {
    const o = this.objects.get(key);
    return o ? { stream: Readable.from([o.bytes]), size: o.bytes.length, mime: o.mime } : null;
  }
  async delete(key: string) {
    this.deleted.push(key);
    this.objects.delete(key);
  }
}

export class RecordingLog {
  readonly changes: GalleryChange[] = [];
  publishGallery(change: GalleryChange) {
    this.changes.push(change);
  }
}

export async function makeItem(
  opened: TestDatabase,
  authorId: string,
  storage: MemoryStorage,
  prompt = "A red fox in the snow",
) {
  const taskUUID = randomUUID();
  await recordTasks(opened.db, authorId, [
    { taskType: "imageInference", taskUUID, positivePrompt: prompt, model: "runware:100@1", steps: 4 },
  ]);
  const mediaUUID = randomUUID();
  const storageKey = `items/test/${mediaUUID}.png`;
  storage.objects.set(storageKey, { bytes: Buffer.from(`png bytes of ${mediaUUID}`), mime: "image/png" });
  const { item } = await recordItem(opened.db, {
    taskUUID,
    mediaUUID,
    kind: "image",
    mime: "image/png",
    width: 64,
    height: 64,
    seed: 42,
    storageKey,
    bytes: 10,
  });
  return item;
}
