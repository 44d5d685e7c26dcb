import "server-only";
import { randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import { inArray } from "drizzle-orm";
import type { ServiceError } from "@/lib/protocol/errors";
import { eachString, mapStrings } from "@/lib/protocol/task-strings";
import type { StudioDatabase } from "@/lib/server/db";
import { item, itemColumns, upload } from "@/lib/server/db/schema";
import type { MediaStorage } from "@/lib/server/storage";
import type { UpstreamClient } from "@/lib/upstream";

/** The service keeps uploads and results for a while; past this the studio sends its copy again. */
const FRESH_MS = 60 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const ITEM_IN_TRASH = {
  code: "conflictItemInTrash",
  message: "This gallery image is in the trash: restore it before using it in a task.",
};

/** The contract's error naming where in the task the image stands. */
function refusal(error: { code: string; message: string }, parameter: string): ServiceError {
  return { ...error, parameter, type: "string" };
}

/**
 * A task from the browser refers to images by the studio's ids: a browser upload's id, or a
 * gallery item's media UUID. The service knows neither for long (its copies expire), so before a
 * task goes upstream each such id becomes an id the service holds now: the one it gave recently,
 * or a fresh `imageUpload` of the studio's stored copy.
 */
export class StudioRefs {
  private readonly sent = new Map<string, { upstream: string; at: number }>();

  constructor(
    private readonly db: StudioDatabase,
    private readonly storage: MediaStorage,
    private readonly upstream: UpstreamClient,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The task with every studio id replaced; throws a ServiceError object naming, as `parameter`,
   * where in the task the id stands (`seedImage`, `referenceImages.0`): a file the studio lost, an
   * image in the trash, or the service refusing the studio's copy.
   */
  async resolve<T extends Record<string, unknown>>(task: T): Promise<T> {
    // Each id once, named by the first place it stands.
    const found = new Map<string, string>();
    eachString(task, (value, path) => {
      const id = value.toLowerCase();
      if (UUID.test(value) && !found.has(id)) found.set(id, path);
    });
    found.delete(String(task.taskUUID).toLowerCase());
    const ids = [...found.keys()];
    if (ids.length === 0) return task;
    const [uploads, items] = await Promise.all([
      this.db.select().from(upload).where(inArray(upload.id, ids)),
      this.db.select(itemColumns).from(item).where(inArray(item.mediaUUID, ids)),
    ]);
    const map = new Map<string, string>();
    const at = (id: string) => found.get(id.toLowerCase()) ?? "";
    for (const row of uploads) {
      map.set(
        row.id,
        await this.upstreamId(at(row.id), row.id, row.storageKey, row.upstreamImageUUID, row.createdAt),
      );
    }
    for (const row of items) {
      if (row.kind !== "image") continue;
      if (row.deletedAt !== null) throw refusal(ITEM_IN_TRASH, at(row.mediaUUID));
      map.set(
        row.mediaUUID.toLowerCase(),
        await this.upstreamId(at(row.mediaUUID), row.mediaUUID, row.storageKey, row.mediaUUID, row.createdAt),
      );
    }
    return map.size === 0 ? task : mapStrings(task, (value) => map.get(value.toLowerCase()) ?? value);
  }

  private async upstreamId(
    parameter: string,
    studioId: string,
    storageKey: string,
    known: string | null,
    createdAt: Date,
  ): Promise<string> {
    const cached = this.sent.get(studioId);
    if (cached && this.now() - cached.at < FRESH_MS) return cached.upstream;
    if (known && this.now() - createdAt.getTime() < FRESH_MS) return known;
    const object = await this.storage.get(storageKey);
    if (!object) {
      throw refusal(
        {
          code: "invalidMediaReference",
          message: `The studio no longer has the image ${studioId}; upload it again.`,
        },
        parameter,
      );
    }
    const bytes = await readAll(object.stream);
    const outcome = await this.upstream.request([
      {
        taskType: "imageUpload",
        taskUUID: randomUUID(),
        image: `data:${object.mime};base64,${bytes.toString("base64")}`,
      },
    ]);
    const result = outcome.data.find((d) => d.kind === "other")?.result as
      | { imageUUID?: unknown }
      | undefined;
    if (typeof result?.imageUUID !== "string") {
      // The service's refusal names its own upload task; the asker's task and place are what matter.
      const refused = outcome.errors[0];
      throw refusal(
        refused
          ? { code: refused.code, message: refused.message }
          : { code: "serviceUnavailable", message: "The service did not take the image." },
        parameter,
      );
    }
    this.sent.set(studioId, { upstream: result.imageUUID, at: this.now() });
    return result.imageUUID;
  }
}
