import "server-only";
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { findFfmpeg } from "@/lib/platform/ffmpeg-path";
import { logger } from "@/lib/platform/logger";
import sharp from "@/lib/platform/sharp";
import { ToolQueue, type ToolRun } from "@/lib/server/limits/tool-queue";
import type { MediaStorage } from "@/lib/server/storage";
import { THUMB_WIDTHS, type ThumbWidth } from "@/lib/studio/api/gallery-urls";

/**
 * Thumbnails of the gallery's items, kept in media storage under a key derived from the item's
 * own (`thumbs/<item key>.<width>.<format>`), so they are made once per studio and go when the
 * storage goes. The one every grid and card asks for first (`KEPT_THUMB`) is made when a result
 * is kept, from the bytes in hand; the others on first request. Videos get a poster frame, and a
 * strip of frames for hover-scrubbing. Encoding runs in sharp's (or ffmpeg's) threads, never on
 * the server's main thread.
 */

export type ThumbFormat = "avif" | "webp" | "jpeg";
export const THUMB_MIME: Record<ThumbFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpeg: "image/jpeg",
};

/** Frames in a scrub strip, and each frame's width. */
export const SCRUB_FRAMES = 10;
export const SCRUB_FRAME_WIDTH = 160;

/**
 * WebP for every browser that takes it (all current ones), JPEG for the rest. Not AVIF, though
 * it is some 25% smaller: its encoder costs five to ten times WebP's (a 320-wide thumbnail of a
 * 1024² result: about 50 ms against 5-10 ms here), and a thumbnail is made for every result as it
 * is kept, on the cores that render the next ones.
 */
export function thumbFormat(accept: string | null): ThumbFormat {
  return (accept ?? "").toLowerCase().includes("image/webp") ? "webp" : "jpeg";
}

/** The thumbnail made as a result is kept: the width a grid cell and a gallery card ask for first. */
export const KEPT_THUMB = { width: 320, format: "webp" } as const satisfies {
  width: ThumbWidth;
  format: ThumbFormat;
};

export function thumbKey(storageKey: string, width: ThumbWidth, format: ThumbFormat): string {
  return `thumbs/${storageKey}.${width}.${format === "jpeg" ? "jpg" : format}`;
}

export function scrubKey(storageKey: string): string {
  return `thumbs/${storageKey}.scrub.jpg`;
}

/** Deletes every thumbnail and strip made of `storageKey` (its item is gone); a failure is logged once. */
export async function deleteThumbs(storage: Pick<MediaStorage, "delete">, storageKey: string): Promise<void> {
  const formats = Object.keys(THUMB_MIME) as ThumbFormat[];
  const keys = [
    scrubKey(storageKey),
    ...THUMB_WIDTHS.flatMap((w) => formats.map((f) => thumbKey(storageKey, w, f))),
  ];
  const failed = (await Promise.allSettled(keys.map((key) => storage.delete(key)))).flatMap((r) =>
    r.status === "rejected" ? [r.reason] : [],
  );
  if (failed.length > 0)
    logger().warn({ err: failed[0], storageKey, failed: failed.length }, "thumbnails could not be deleted");
}

/**
 * Two encodes at a time, as the image tools: 100 cards asking at once hold two decoded images in
 * memory, and the rest wait in line (up to 200, a few screens of cards) instead of piling up.
 */
const QUEUE_KEY = Symbol.for("media-studio.thumbnail-queue");
type Holder = { [QUEUE_KEY]?: ToolQueue };
export function thumbnailQueue(): ToolQueue {
  const holder = globalThis as Holder;
  holder[QUEUE_KEY] ??= new ToolQueue(2, 200);
  return holder[QUEUE_KEY];
}

/** Resizes `source` (image bytes) to `width` wide at most, never larger than it was. */
export async function encodeThumb(source: Buffer, width: number, format: ThumbFormat): Promise<Buffer> {
  // Read top to bottom once: a thumbnail needs no random access to the source's pixels.
  const image = sharp(source, { failOn: "none", limitInputPixels: 100_000_000, sequentialRead: true })
    .rotate()
    .resize({ width, withoutEnlargement: true });
  if (format === "avif") return image.avif({ quality: 50, effort: 2 }).toBuffer();
  if (format === "webp") return image.webp({ quality: 78, effort: 2 }).toBuffer();
  return image.jpeg({ quality: 80, mozjpeg: true }).toBuffer();
}

async function readAll(storage: MediaStorage, key: string): Promise<Buffer | null> {
  const object = await storage.get(key);
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function runFfmpeg(args: string[], timeoutMs = 20_000): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(findFfmpeg(), args, { stdio: ["ignore", "pipe", "ignore"] });
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    const out: Buffer[] = [];
    child.stdout.on("data", (c: Buffer) => out.push(c));
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      if (code === 0 && out.length > 0) resolve(Buffer.concat(out));
      else reject(new Error(`ffmpeg exited with ${code}`));
    });
  });
}

/** A video's frames from a temporary file (an MP4's index may sit at its end: no pipe). */
async function withVideoFile<T>(bytes: Buffer, work: (file: string) => Promise<T>): Promise<T> {
  const file = path.join(tmpdir(), `studio-thumb-${randomUUID()}`);
  await writeFile(file, bytes);
  try {
    return await work(file);
  } finally {
    await rm(file, { force: true });
  }
}

/** One frame, a tenth of a second in (the first frame is often black), as PNG. */
export function posterFrame(video: Buffer): Promise<Buffer> {
  return withVideoFile(video, (file) =>
    runFfmpeg([
      "-v",
      "error",
      "-ss",
      "0.1",
      "-i",
      file,
      "-frames:v",
      "1",
      "-f",
      "image2pipe",
      "-c:v",
      "png",
      "-",
    ]).catch(() =>
      runFfmpeg(["-v", "error", "-i", file, "-frames:v", "1", "-f", "image2pipe", "-c:v", "png", "-"]),
    ),
  );
}

/** `SCRUB_FRAMES` frames spread over the video, side by side, each `SCRUB_FRAME_WIDTH` wide, as JPEG. */
export function scrubStrip(video: Buffer, durationSeconds: number | null): Promise<Buffer> {
  const duration = durationSeconds && durationSeconds > 0 ? durationSeconds : 5;
  const fps = (SCRUB_FRAMES / duration).toFixed(4);
  return withVideoFile(video, (file) =>
    runFfmpeg([
      "-v",
      "error",
      "-i",
      file,
      "-vf",
      `fps=${fps},scale=${SCRUB_FRAME_WIDTH}:-2,tile=${SCRUB_FRAMES}x1`,
      "-frames:v",
      "1",
      "-q:v",
      "5",
      "-f",
      "image2pipe",
      "-c:v",
      "mjpeg",
      "-",
    ]),
  );
}

/**
 * A thumbnail or scrub strip is there to serve. They are not synced to disk when written (see
 * `remade`): one that a power cut left empty is made again like a missing one.
 */
async function made(storage: MediaStorage, key: string): Promise<boolean> {
  const stat = await storage.stat(key);
  return stat !== null && stat.size > 0;
}

export interface ThumbSource {
  storageKey: string;
  kind: "image" | "video";
  durationSeconds: number | null;
}

/**
 * The stored thumbnail's key, made first when missing. `full` when the queue is full (the route
 * answers 503 with Retry-After); null when the item's media is gone.
 */
export function ensureThumb(
  storage: MediaStorage,
  source: ThumbSource,
  width: ThumbWidth,
  format: ThumbFormat,
  /** The media's bytes, when the caller has them (a result being kept): not read back. */
  original?: Buffer,
  /** The media was stored just now under a new key: no thumbnail of it can exist, none is looked for. */
  fresh = false,
): Promise<ToolRun<string | null>> {
  const key = thumbKey(source.storageKey, width, format);
  // A thumbnail being looked up or made (as its result is kept, or for another card): wait for
  // that one. Registered before any await, so callers in the same moment share one encode.
  const making = inFlight.get(key);
  if (making) return making;
  const run = (async (): Promise<ToolRun<string | null>> => {
    // Made already: answered without queueing behind the encodes.
    if (!fresh && (await made(storage, key))) return { full: false, value: key };
    return thumbnailQueue().run(async () => {
      if (!fresh && (await made(storage, key))) return key;
      const bytes = original ?? (await readAll(storage, source.storageKey));
      if (!bytes) return null;
      const still = source.kind === "video" ? await posterFrame(bytes) : bytes;
      const thumb = await encodeThumb(still, width, format);
      await storage.put(key, thumb, { mime: THUMB_MIME[format], fresh, remade: true });
      return key;
    });
  })().finally(() => inFlight.delete(key));
  inFlight.set(key, run);
  return run;
}

/**
 * Thumbnails being made now, by key: one encode however many ask at once. On globalThis, as the
 * queue: the keeper (server.ts) and the thumbnail route (bundled apart by Next.js) share it.
 */
const IN_FLIGHT_KEY = Symbol.for("media-studio.thumbnails-in-flight");
type InFlightHolder = { [IN_FLIGHT_KEY]?: Map<string, Promise<ToolRun<string | null>>> };
const inFlightHolder = globalThis as InFlightHolder;
inFlightHolder[IN_FLIGHT_KEY] ??= new Map();
const inFlight = inFlightHolder[IN_FLIGHT_KEY];

/**
 * Starts the kept thumbnail of a result just stored under a new key (not waited on: a card asking
 * meanwhile joins it). A full queue or a failed encode leaves it to be made on first request.
 */
export function thumbOnKeep(storage: MediaStorage, source: ThumbSource, original: Buffer): Promise<void> {
  return ensureThumb(storage, source, KEPT_THUMB.width, KEPT_THUMB.format, original, true).then(
    () => undefined,
    () => undefined,
  );
}

/** The stored scrub strip's key, made first when missing (see `ensureThumb`). */
export async function ensureScrub(
  storage: MediaStorage,
  source: ThumbSource,
): Promise<ToolRun<string | null>> {
  const key = scrubKey(source.storageKey);
  if (await made(storage, key)) return { full: false, value: key };
  return thumbnailQueue().run(async () => {
    if (await made(storage, key)) return key;
    const original = await readAll(storage, source.storageKey);
    if (!original) return null;
    await storage.put(key, await scrubStrip(original, source.durationSeconds), {
      mime: "image/jpeg",
      remade: true,
    });
    return key;
  });
}
