import "server-only";
import { inArray } from "drizzle-orm";
import type { ServiceError } from "@/lib/protocol/errors";
import { eachString } from "@/lib/protocol/task-strings";
import type { StudioDatabase } from "@/lib/server/db";
import { item, upload } from "@/lib/server/db/schema";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Where a task takes an image: `seedImage`, `maskImage`, `controlNet.0.guideImage`,
 * `referenceImages.1`, `inputs.frameImages.0.image`, `ipAdapters.0.guideImage`: the last named
 * part says image. Video, audio and document references are typed by hand as the service's own
 * ids and are not the studio's to check.
 */
export function isImageInput(path: string): boolean {
  const named = path.split(".").filter((part) => !/^\d+$/.test(part));
  const last = named.at(-1) ?? "";
  return /image(s)?$/i.test(last);
}

const refusal = (code: string, message: string, parameter: string): ServiceError => ({
  code,
  message,
  parameter,
  type: "string",
});

/**
 * The gallery images a task names by id, checked before the task is recorded or sent: a picked or
 * dropped gallery image must still be out of the trash, and an image (a video result cannot stand
 * where an image goes). Refused here naming the parameter, since the studio would otherwise hand
 * the service its kept copy of an item the team put away. An id the studio does not hold at all
 * (made up, or another studio's on the same service account) is refused the same way whatever it
 * is: handed on, the service would lend the team an image that is not theirs, and its answer would
 * tell whether such an image exists. Null when every id is good.
 */
export async function checkImageInputs(
  db: StudioDatabase,
  task: Record<string, unknown>,
): Promise<ServiceError | null> {
  const named: { id: string; parameter: string }[] = [];
  eachString(task, (value, path) => {
    if (UUID.test(value) && isImageInput(path)) named.push({ id: value.toLowerCase(), parameter: path });
  });
  if (named.length === 0) return null;
  const ids = [...new Set(named.map((n) => n.id))];
  const [uploads, items] = await Promise.all([
    db.select({ id: upload.id }).from(upload).where(inArray(upload.id, ids)),
    db
      .select({ mediaUUID: item.mediaUUID, kind: item.kind, deletedAt: item.deletedAt })
      .from(item)
      .where(inArray(item.mediaUUID, ids)),
  ]);
  const uploaded = new Set(uploads.map((u) => u.id.toLowerCase()));
  const kept = new Map(items.map((i) => [i.mediaUUID.toLowerCase(), i]));
  for (const { id, parameter } of named) {
    if (uploaded.has(id)) continue;
    const found = kept.get(id);
    if (!found) {
      return refusal(
        "invalidMediaReference",
        "No image in the gallery or among the uploads has this id: pick the image again.",
        parameter,
      );
    }
    if (found.deletedAt !== null) {
      return refusal(
        "conflictItemInTrash",
        "This gallery image is in the trash: restore it before using it in a task.",
        parameter,
      );
    }
    if (found.kind !== "image") {
      return refusal("invalidMediaReference", "This gallery item is a video: an image goes here.", parameter);
    }
  }
  return null;
}
