import "server-only";
import fs from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Clock } from "../shared/clock";
import type { MediaStore } from "../store/media-store";
import { notFound } from "./respond";

/**
 * `GET|HEAD /v1/media/<uuid>.<ext>`: stored media, public like the real service's URLs (the UUID
 * is the capability). When the store gives URLs a capability of their own (the engine mounted in
 * the studio), the path is `/v1/media/<capability>/<uuid>.<ext>` and the UUID alone is 404. Content-Type and Content-Length, a strong ETag (files never change),
 * Cache-Control up to the expiry, and single byte ranges (206 / 416) for video seeking. A
 * multi-range request gets the whole file (RFC 9110 lets a server ignore Range). Expired or
 * unknown media, or the wrong extension, is 404.
 */

const MEDIA_RE = /^\/v1\/media\/(?:([A-Za-z0-9_-]{43})\/)?([0-9a-fA-F-]{36})\.([A-Za-z0-9]{2,5})$/;

export function isMediaPath(path: string): boolean {
  return path.startsWith("/v1/media/");
}

type Range = { start: number; end: number } | "unsatisfiable" | null;

/** Parses a single `bytes=` range against `size`; null means "serve the whole file". */
export function parseRange(header: string | undefined, size: number): Range {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m) return null;
  const [, a = "", b = ""] = m;
  if (a === "" && b === "") return null;
  if (a === "") {
    const suffix = Number(b);
    if (suffix === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(a);
  const end = b === "" ? size - 1 : Math.min(Number(b), size - 1);
  if (start >= size || end < start) return "unsatisfiable";
  return { start, end };
}

export function serveMedia(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  media: MediaStore,
  clock: Clock,
): void {
  const m = MEDIA_RE.exec(path);
  const uuid = m?.[2];
  const meta = uuid && media.opens(uuid, m?.[1] ?? null) ? media.get(uuid) : undefined;
  if (!m || !meta || meta.ext !== m[3]?.toLowerCase()) {
    notFound(res, "The media");
    return;
  }
  const etag = `"${meta.uuid}"`;
  const maxAge = Math.max(0, Math.floor((meta.expiresAt - clock.now()) / 1000));
  const common: Record<string, string | number> = {
    "content-type": meta.mime,
    etag,
    "cache-control": `public, max-age=${maxAge}, immutable`,
    expires: new Date(meta.expiresAt).toUTCString(),
    "accept-ranges": "bytes",
    "last-modified": new Date(meta.createdAt).toUTCString(),
  };
  const inm = req.headers["if-none-match"];
  if (inm?.split(",").some((t) => t.trim() === etag || t.trim() === "*")) {
    res.writeHead(304, common);
    res.end();
    return;
  }
  const ifRange = req.headers["if-range"];
  const range = ifRange && ifRange !== etag ? null : parseRange(req.headers.range, meta.bytes);
  if (range === "unsatisfiable") {
    res.writeHead(416, { ...common, "content-range": `bytes */${meta.bytes}`, "content-length": 0 });
    res.end();
    return;
  }
  const start = range?.start ?? 0;
  const end = range?.end ?? meta.bytes - 1;
  const headers = { ...common, "content-length": meta.bytes === 0 ? 0 : end - start + 1 };
  if (range) res.writeHead(206, { ...headers, "content-range": `bytes ${start}-${end}/${meta.bytes}` });
  else res.writeHead(200, headers);
  if (req.method === "HEAD" || meta.bytes === 0) {
    res.end();
    return;
  }
  const stream = fs.createReadStream(media.pathOf(meta), { start, end });
  stream.on("error", () => res.destroy());
  res.on("close", () => stream.destroy());
  stream.pipe(res);
}
