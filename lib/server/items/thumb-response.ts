import "server-only";
import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import type { ToolRun } from "@/lib/server/limits/tool-queue";
import type { MediaStorage } from "@/lib/server/storage";
import { studioErrors } from "@/lib/studio/api/errors";

/**
 * A made thumbnail (or strip) as a response: its bytes never change under its key, so it carries
 * a strong ETag from the key and a year of private caching; `Vary: Accept` because the format
 * follows the browser's Accept header.
 */
export async function storedImageResponse(
  storage: MediaStorage,
  made: ToolRun<string | null>,
  ifNoneMatch: string | null,
): Promise<Response> {
  if (made.full) throw studioErrors.thumbnailsBusy();
  const key = made.value;
  const object = key ? await storage.get(key) : null;
  if (!key || !object) {
    throw studioErrors.itemMediaMissing();
  }
  const etag = `"${createHash("sha256").update(key).digest("base64url").slice(0, 22)}"`;
  const headers = new Headers({
    "content-type": object.mime,
    "cache-control": "private, max-age=31536000, immutable",
    etag,
    vary: "Accept",
    "x-content-type-options": "nosniff",
  });
  if (ifNoneMatch?.split(",").some((tag) => tag.trim() === etag)) {
    object.stream.destroy();
    return new Response(null, { status: 304, headers });
  }
  headers.set("content-length", String(object.size));
  return new Response(Readable.toWeb(object.stream) as ReadableStream<Uint8Array>, { status: 200, headers });
}
