import "server-only";
import { eq } from "drizzle-orm";
import { isUuid } from "@/lib/studio/params";
import type { StudioDatabase } from "./database";
import { RecordError } from "./record-errors";
import { intField, textField, uuidField } from "./record-input";
import { type UploadRow, upload } from "./schema";

/** An image a user uploaded from a browser, its bytes already in media storage. */
export interface UploadInput {
  /** The studio's id; generated when absent. */
  id?: string;
  ownerId: string;
  upstreamImageUUID?: string | null;
  storageKey: string;
  mime: string;
  width: number;
  height: number;
  bytes: number;
}

export async function recordUpload(db: StudioDatabase, input: UploadInput): Promise<UploadRow> {
  const values = {
    ...(input.id === undefined ? {} : { id: uuidField(input.id, "id") }),
    ownerId: textField(input.ownerId, "ownerId"),
    upstreamImageUUID:
      input.upstreamImageUUID === undefined || input.upstreamImageUUID === null
        ? null
        : textField(input.upstreamImageUUID, "upstreamImageUUID", 200),
    storageKey: textField(input.storageKey, "storageKey", 1024),
    mime: textField(input.mime, "mime", 200),
    width: intField(input.width, "width", 1, 1_000_000),
    height: intField(input.height, "height", 1, 1_000_000),
    bytes: intField(input.bytes, "bytes", 0),
  };
  const [row] = await db.insert(upload).values(values).onConflictDoNothing().returning();
  if (row === undefined) {
    throw new RecordError(
      "recordConflict",
      "An upload with this id or storageKey is already recorded.",
      "id",
    );
  }
  return row;
}

export async function getUpload(db: StudioDatabase, id: string): Promise<UploadRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(upload).where(eq(upload.id, id.toLowerCase()));
  return row ?? null;
}

/** Notes the service's imageUUID once the upload was sent upstream; null for an unknown upload. */
export async function markUploadSent(
  db: StudioDatabase,
  id: string,
  upstreamImageUUID: string,
): Promise<UploadRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .update(upload)
    .set({ upstreamImageUUID: textField(upstreamImageUUID, "upstreamImageUUID", 200) })
    .where(eq(upload.id, id.toLowerCase()))
    .returning();
  return row ?? null;
}
