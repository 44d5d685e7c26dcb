import "server-only";
import { imageSize } from "image-size";
import sharp from "@/lib/platform/sharp";
import type { ImageItem, VideoItem } from "@/lib/upstream";
import { probeVideo } from "./probe-video";

/** A result's size (and a video's length) from its bytes; a video that cannot be probed keeps the task's. */
export async function mediaSize(
  item: ImageItem | VideoItem,
  media: { bytes: Buffer },
  params: Record<string, unknown>,
): Promise<{ width: number; height: number; durationSeconds: number | null }> {
  if (item.kind === "image") {
    // Read from the header, on this thread (well under a millisecond): sharp would wait in the
    // thread pool behind the thumbnail encodes and file writes of the results kept just before.
    const header = sizeFromHeader(media.bytes);
    if (header) return { ...header, durationSeconds: null };
    const meta = await sharp(media.bytes).metadata();
    return { width: meta.width ?? 1, height: meta.height ?? 1, durationSeconds: null };
  }
  const probed = await probeVideo(media.bytes).catch(() => null);
  return {
    width: probed?.width ?? (typeof params.width === "number" ? params.width : 1),
    height: probed?.height ?? (typeof params.height === "number" ? params.height : 1),
    durationSeconds: probed?.durationSeconds ?? null,
  };
}

/** An image's stored size from its header (JPEG, PNG, WebP, AVIF, GIF...), or null when it has none. */
export function sizeFromHeader(bytes: Buffer): { width: number; height: number } | null {
  try {
    const { width, height } = imageSize(bytes);
    return width > 0 && height > 0 ? { width, height } : null;
  } catch {
    return null;
  }
}

/** Three tries, 250 ms then 500 ms apart: a media host's hiccup should not cost a paid result. */
export async function withRetries<T>(run: () => Promise<T>, stop: AbortSignal): Promise<T> {
  let last: unknown;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await run();
    } catch (err) {
      last = err;
      if (stop.aborted) break;
      await new Promise((r) => setTimeout(r, 250 * 2 ** attempt));
    }
  }
  throw last;
}
