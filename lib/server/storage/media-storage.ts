import "server-only";
import type { Readable } from "node:stream";

/**
 * Where the studio keeps media bytes: every result (the service's URLs expire), every browser
 * upload and the inline media of sent tasks. Local disk under `${DATA_DIR}/media` by default, an
 * S3 bucket when `S3_BUCKET` is set; both behave the same for the same calls.
 *
 * Keys are `/`-separated relative paths (`items/2025/01/<mediaUUID>.png`); see `mediaKey*` below.
 */

/** A byte range, both ends inclusive, as in an HTTP `Range: bytes=start-end` header. */
export interface MediaRange {
  start: number;
  end: number;
}

export interface MediaObject {
  stream: Readable;
  /** Size of the whole object in bytes (for `Content-Range: bytes a-b/size`). */
  size: number;
  mime: string;
  /** The bytes the stream carries when a range was asked for: `end` is clamped to `size - 1`. */
  range?: MediaRange;
}

export interface MediaStat {
  size: number;
  mime: string;
}

export interface PutOptions {
  mime: string;
  fresh?: boolean;
  /**
   * Made from other stored media and made again when found missing or empty (a thumbnail): not
   * forced to disk before the put answers, so a power cut may lose it or leave it empty.
   */
  remade?: boolean;
  /**
   * Nobody can name the key until this put answers (a new result's, recorded after it is stored):
   * no reader can see it half written, so it may be written in place. Implies `fresh`.
   */
  unnamed?: boolean;
}

export interface MediaStorage {
  readonly kind: "local" | "s3";
  /**
   * Stores `bytes` under `key`, replacing what was there; readers see the old or the new, never a
   * mix. `fresh`: the key is new (made from a new id) and was never written, so nothing an earlier
   * put left beside it needs clearing.
   */
  put(key: string, bytes: Buffer | Readable, options: PutOptions): Promise<{ bytes: number }>;
  /** The object, or part of it; null when there is none. Throws `MediaRangeError` for a range past its end. */
  get(key: string, range?: MediaRange): Promise<MediaObject | null>;
  stat(key: string): Promise<MediaStat | null>;
  /** Removes the object; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
}

/** A key that is not a safe relative path. */
export class MediaKeyError extends Error {
  readonly code = "invalidMediaKey";
  constructor(message: string) {
    super(message);
    this.name = "MediaKeyError";
  }
}

/** A range that starts past the end of the object (HTTP 416); `size` is the object's size when known. */
export class MediaRangeError extends Error {
  readonly code = "rangeNotSatisfiable";
  readonly size: number | undefined;
  constructor(range: MediaRange, size: number | undefined) {
    super(
      `Range ${range.start}-${range.end} is outside the object${size === undefined ? "" : ` of ${size} bytes`}.`,
    );
    this.name = "MediaRangeError";
    this.size = size;
  }
}

// A segment starts with a letter, digit or underscore: no `.` or `..`, no hidden names (the local
// store keeps its temporary files and metadata under dot-names), no leading `-`.
const SEGMENT_RE = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,127}$/;
const MAX_KEY_LENGTH = 512;

/** Returns `key` when it is a safe relative path made of plain segments; throws `MediaKeyError` otherwise. */
export function assertMediaKey(key: unknown): string {
  if (typeof key !== "string" || key.length === 0 || key.length > MAX_KEY_LENGTH) {
    throw new MediaKeyError(`A media key is a non-empty string of at most ${MAX_KEY_LENGTH} characters.`);
  }
  for (const segment of key.split("/")) {
    if (!SEGMENT_RE.test(segment)) {
      throw new MediaKeyError(
        `Invalid media key ${JSON.stringify(key.slice(0, 80))}: each '/'-separated part must start with a letter, digit or '_' and use only letters, digits, '.', '_' and '-'.`,
      );
    }
  }
  return key;
}

/** Returns `mime` when it looks like `type/subtype`; throws a TypeError otherwise. */
export function assertMime(mime: unknown): string {
  if (typeof mime !== "string" || mime.length > 200 || !/^[\w.+-]+\/[\w.+-]+(;.*)?$/.test(mime)) {
    throw new TypeError(`Invalid MIME type ${JSON.stringify(mime)}: expected type/subtype, e.g. image/png.`);
  }
  return mime;
}

/** Checks a range's numbers; clamping to the object's size happens once the size is known. */
export function assertMediaRange(range: MediaRange): MediaRange {
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start) {
    throw new RangeError(
      `Invalid byte range ${String(start)}-${String(end)}: expected integers with 0 <= start <= end.`,
    );
  }
  return range;
}

/** The range actually served from an object of `size` bytes. */
export function clampMediaRange(range: MediaRange, size: number): MediaRange {
  if (range.start >= size) throw new MediaRangeError(range, size);
  return { start: range.start, end: Math.min(range.end, size - 1) };
}

const EXTENSIONS: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
  "image/gif": "gif",
  "image/avif": "avif",
  "video/mp4": "mp4",
  "video/webm": "webm",
  "video/quicktime": "mov",
  "audio/mpeg": "mp3",
  "audio/wav": "wav",
  "audio/ogg": "ogg",
  "application/pdf": "pdf",
};
const MIMES: Record<string, string> = Object.fromEntries(Object.entries(EXTENSIONS).map(([m, e]) => [e, m]));
MIMES.jpeg = "image/jpeg";

export const DEFAULT_MIME = "application/octet-stream";

export function extensionForMime(mime: string): string {
  return EXTENSIONS[mime.toLowerCase().split(";")[0]?.trim() ?? ""] ?? "bin";
}

export function mimeForKey(key: string): string {
  const dot = key.lastIndexOf(".");
  return (dot === -1 ? undefined : MIMES[key.slice(dot + 1).toLowerCase()]) ?? DEFAULT_MIME;
}

function yearMonth(at: Date): string {
  return `${at.getUTCFullYear()}/${String(at.getUTCMonth() + 1).padStart(2, "0")}`;
}

/**
 * `items/<yyyy>/<mm>/<id>.<ext>`: a result of a task (UTC month of `at`), under an id the studio
 * makes for it (results kept before that are under the service's UUID, and stay so).
 */
export function itemMediaKey(id: string, mime: string, at: Date = new Date()): string {
  return assertMediaKey(`items/${yearMonth(at)}/${id}.${extensionForMime(mime)}`);
}

/** `uploads/<yyyy>/<mm>/<id>.<ext>`: an image a user uploaded. */
export function uploadMediaKey(id: string, mime: string, at: Date = new Date()): string {
  return assertMediaKey(`uploads/${yearMonth(at)}/${id}.${extensionForMime(mime)}`);
}

/** `inputs/<ab>/<sha256>.<ext>`: inline media of a sent task, by content, so repeats share one object. */
export function inputMediaKey(sha256: string, mime: string): string {
  if (!/^[0-9a-f]{64}$/.test(sha256)) throw new MediaKeyError("An input media key needs a hex SHA-256.");
  return `inputs/${sha256.slice(0, 2)}/${sha256}.${extensionForMime(mime)}`;
}
