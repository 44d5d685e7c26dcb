import "server-only";
import { randomUUID } from "node:crypto";
import sharp, { type Metadata } from "@/lib/platform/sharp";
import { recordUpload, type StudioDatabase } from "@/lib/server/db";
import { mediaUrl } from "@/lib/server/items/gallery-item";
import { type MediaStorage, uploadMediaKey } from "@/lib/server/storage";
import { TOO_LARGE_MESSAGE, UPLOAD_LIMIT_BYTES } from "@/lib/studio/uploads";

/** The contract's image formats, and an upper bound on what a browser may send. */
const FORMATS: Record<string, string> = { jpeg: "image/jpeg", png: "image/png", webp: "image/webp" };

export { UPLOAD_LIMIT_BYTES };

const MAX_SIDE = 8192;

export interface UploadView {
  id: string;
  url: string;
  mime: string;
  width: number;
  height: number;
  bytes: number;
}

export type UploadOutcome = { ok: true; upload: UploadView } | { ok: false; status: number; message: string };

/** Whether every pixel decodes: statistics read the whole image in one pass, holding little. */
async function decodesWhole(bytes: Buffer): Promise<boolean> {
  try {
    await sharp(bytes, { failOn: "truncated", sequentialRead: true }).stats();
    return true;
  } catch {
    return false;
  }
}

/**
 * An image a member uploads from the browser: checked by decoding it (not by its name or declared
 * type), kept in studio storage, and answered with the id a task uses as an image input.
 */
export async function storeUpload(
  db: StudioDatabase,
  storage: MediaStorage,
  ownerId: string,
  bytes: Buffer,
): Promise<UploadOutcome> {
  if (bytes.length === 0) return { ok: false, status: 400, message: "The file is empty." };
  if (bytes.length > UPLOAD_LIMIT_BYTES) {
    return {
      ok: false,
      status: 413,
      message: TOO_LARGE_MESSAGE,
    };
  }
  let meta: Metadata;
  try {
    meta = await sharp(bytes).metadata();
  } catch {
    return {
      ok: false,
      status: 400,
      message: "The file is not an image the studio can read (use PNG, JPG or WEBP).",
    };
  }
  const mime = meta.format ? FORMATS[meta.format] : undefined;
  if (!mime || !meta.width || !meta.height) {
    return {
      ok: false,
      status: 415,
      message: `Images must be PNG, JPG or WEBP; this one is ${meta.format ?? "unknown"}.`,
    };
  }
  if (meta.width > MAX_SIDE || meta.height > MAX_SIDE) {
    return { ok: false, status: 400, message: `Images can be at most ${MAX_SIDE} pixels on a side.` };
  }
  // The header alone reads fine for a file cut short: every pixel is decoded now, so a damaged
  // image is refused here, by name, rather than failing later inside a task.
  if (!(await decodesWhole(bytes))) {
    return {
      ok: false,
      status: 400,
      message: `This ${meta.format === "jpeg" ? "JPG" : (meta.format ?? "").toUpperCase()} is damaged or cut short: the studio could not read it to the end. Save or export it again and upload it once more.`,
    };
  }
  const id = randomUUID();
  const storageKey = uploadMediaKey(id, mime);
  await storage.put(storageKey, bytes, { mime });
  await recordUpload(db, {
    id,
    ownerId,
    storageKey,
    mime,
    width: meta.width,
    height: meta.height,
    bytes: bytes.length,
  });
  return {
    ok: true,
    upload: {
      id,
      url: mediaUrl({ storageKey }),
      mime,
      width: meta.width,
      height: meta.height,
      bytes: bytes.length,
    },
  };
}
