import "server-only";
import { guardedRequest } from "@/lib/engine/net/guarded-fetch";
import type { ImageItem, VideoItem } from "@/lib/upstream";

/** A result's media is at most this large (a 30 s 1080p video at high quality fits well). */
const MAX_MEDIA_BYTES = 512 * 1024 * 1024;

const MIME_BY_EXTENSION: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  mp4: "video/mp4",
  webm: "video/webm",
  mov: "video/quicktime",
};

function mimeOf(url: string, header: string | undefined, fallback: string): string {
  const declared = header?.split(";")[0]?.trim().toLowerCase();
  if (declared && (declared.startsWith("image/") || declared.startsWith("video/"))) return declared;
  const ext = new URL(url).pathname.split(".").pop()?.toLowerCase() ?? "";
  return MIME_BY_EXTENSION[ext] ?? fallback;
}

/**
 * The bytes of a result, from its URL or its inline base64. URLs go through the guarded fetcher:
 * the configured service's own origin may be private (the embedded engine on loopback, a
 * service on the LAN), any other address must be public.
 */
export async function resultMedia(
  item: ImageItem | VideoItem,
  upstreamOrigin: string,
  signal?: AbortSignal,
): Promise<{ bytes: Buffer; mime: string }> {
  if (item.kind === "image") {
    const r = item.result;
    if (r.imageBase64Data) {
      const bytes = Buffer.from(r.imageBase64Data, "base64");
      return { bytes, mime: sniffImageMime(bytes) };
    }
    if (r.imageDataURI) {
      const match = /^data:([^;,]+)[^,]*,(.*)$/s.exec(r.imageDataURI);
      if (match) return { bytes: Buffer.from(match[2] ?? "", "base64"), mime: match[1] ?? "image/jpeg" };
    }
    if (r.imageURL) return download(r.imageURL, upstreamOrigin, "image/jpeg", signal);
    throw new Error("The image result carries no URL and no data.");
  }
  const url = item.result.videoURL;
  if (!url) throw new Error("The video result carries no URL.");
  return download(url, upstreamOrigin, "video/mp4", signal);
}

async function download(
  url: string,
  upstreamOrigin: string,
  fallbackMime: string,
  signal?: AbortSignal,
): Promise<{ bytes: Buffer; mime: string }> {
  const sameOrigin = new URL(url).origin === upstreamOrigin;
  const response = await guardedRequest(url, {
    maxBytes: MAX_MEDIA_BYTES,
    timeoutMs: 120_000,
    allowPrivate: sameOrigin,
    ...(signal ? { signal } : {}),
  });
  const header = response.headers["content-type"];
  return {
    bytes: response.body,
    mime: mimeOf(response.url, typeof header === "string" ? header : undefined, fallbackMime),
  };
}

/** The format of image bytes from their signature (base64 results carry no type). */
export function sniffImageMime(bytes: Buffer): string {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return "image/png";
  if (bytes.toString("latin1", 0, 4) === "RIFF" && bytes.toString("latin1", 8, 12) === "WEBP")
    return "image/webp";
  return "image/jpeg";
}
