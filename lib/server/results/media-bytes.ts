import "server-only";
import { guardedRequest } from "@/lib/platform/net/guarded-fetch";
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

/** Where a service answer puts media: inline (base64 or a data URI) or at a URL. */
export interface MediaSource {
  base64?: string | undefined;
  dataURI?: string | undefined;
  url?: string | undefined;
}

/**
 * Origins whose media may be fetched from a private address: the configured service's own (the
 * embedded engine on loopback, a service on the LAN) and those the operator lists in
 * `UPSTREAM_MEDIA_ORIGINS` (a self-hosted service serving media from another LAN host).
 */
export type TrustedOrigins = string | readonly string[];

/**
 * Media bytes from a service answer, inline data first. URLs go through the guarded fetcher: an
 * origin of `trusted` may be private, any other address must be public.
 */
export async function serviceMedia(
  source: MediaSource,
  trusted: TrustedOrigins,
  options: { fallbackMime: string; maxBytes?: number; timeoutMs?: number; signal?: AbortSignal | undefined },
): Promise<{ bytes: Buffer; mime: string } | null> {
  if (source.base64) {
    const bytes = Buffer.from(source.base64, "base64");
    return { bytes, mime: sniffImageMime(bytes) };
  }
  if (source.dataURI) {
    const match = /^data:([^;,]+)[^,]*,(.*)$/s.exec(source.dataURI);
    if (match)
      return { bytes: Buffer.from(match[2] ?? "", "base64"), mime: match[1] ?? options.fallbackMime };
  }
  if (!source.url) return null;
  const origin = new URL(source.url).origin;
  const allowPrivate = typeof trusted === "string" ? origin === trusted : trusted.includes(origin);
  const response = await guardedRequest(source.url, {
    maxBytes: options.maxBytes ?? MAX_MEDIA_BYTES,
    timeoutMs: options.timeoutMs ?? 120_000,
    allowPrivate,
    // Every result's media comes from the same few hosts: one connection serves many.
    reuseConnections: true,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const header = response.headers["content-type"];
  return {
    bytes: response.body,
    mime: mimeOf(response.url, typeof header === "string" ? header : undefined, options.fallbackMime),
  };
}

/** The bytes of a result, from its inline data or its URL. */
export async function resultMedia(
  item: ImageItem | VideoItem,
  upstreamOrigin: TrustedOrigins,
  signal?: AbortSignal,
): Promise<{ bytes: Buffer; mime: string }> {
  if (item.kind === "image") {
    const r = item.result;
    const media = await serviceMedia(
      { base64: r.imageBase64Data, dataURI: r.imageDataURI, url: r.imageURL },
      upstreamOrigin,
      { fallbackMime: "image/jpeg", signal },
    );
    if (!media) throw new Error("The image result carries no URL and no data.");
    return media;
  }
  const media = await serviceMedia({ url: item.result.videoURL }, upstreamOrigin, {
    fallbackMime: "video/mp4",
    signal,
  });
  if (!media) throw new Error("The video result carries no URL.");
  return media;
}

/** The format of image bytes from their signature (base64 results carry no type). */
export function sniffImageMime(bytes: Buffer): string {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return "image/png";
  if (bytes.toString("latin1", 0, 4) === "RIFF" && bytes.toString("latin1", 8, 12) === "WEBP")
    return "image/webp";
  return "image/jpeg";
}
