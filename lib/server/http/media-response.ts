import "server-only";
import { Readable } from "node:stream";
import { type MediaRange, MediaRangeError, type MediaStorage } from "@/lib/server/storage";
import { studioErrors } from "@/lib/studio/api/errors";

/** `Range: bytes=a-b`, `bytes=a-` or `bytes=-n` against an object of `size` bytes; null when absent or unusable. */
export function parseRange(header: string | null, size: number): MediaRange | "unsatisfiable" | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === "" && match[2] === "")) return null;
  if (match[1] === "") {
    const suffix = Number(match[2]);
    if (suffix === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return "unsatisfiable";
  return { start, end };
}

/**
 * A stored object as an HTTP response: whole, or the asked range (206) for video seeking, with
 * caching suited to media that never changes under its key (only signed-in members may cache it).
 */
export async function mediaResponse(
  storage: MediaStorage,
  key: string,
  rangeHeader: string | null,
): Promise<Response> {
  const stat = await storage.stat(key);
  if (!stat) {
    throw studioErrors.mediaNotFound();
  }
  const headers = new Headers({
    "content-type": stat.mime,
    "accept-ranges": "bytes",
    "cache-control": "private, max-age=31536000, immutable",
    "x-content-type-options": "nosniff",
  });
  const range = parseRange(rangeHeader, stat.size);
  if (range === "unsatisfiable") {
    headers.set("content-range", `bytes */${stat.size}`);
    return new Response(null, { status: 416, headers });
  }
  let object: Awaited<ReturnType<MediaStorage["get"]>>;
  try {
    object = await storage.get(key, range ?? undefined);
  } catch (err) {
    if (!(err instanceof MediaRangeError)) throw err;
    headers.set("content-range", `bytes */${stat.size}`);
    return new Response(null, { status: 416, headers });
  }
  if (!object) return new Response(null, { status: 404 });
  const body = Readable.toWeb(object.stream) as ReadableStream<Uint8Array>;
  if (object.range) {
    headers.set("content-range", `bytes ${object.range.start}-${object.range.end}/${object.size}`);
    headers.set("content-length", String(object.range.end - object.range.start + 1));
    return new Response(body, { status: 206, headers });
  }
  headers.set("content-length", String(object.size));
  return new Response(body, { status: 200, headers });
}
