import "server-only";
import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { writeFileAtomic } from "@/lib/platform/atomic-write";
import type { Clock } from "../shared/clock";

/**
 * Media files under `${dataDir}/media/`: `<uuid>.<ext>` beside a `<uuid>.json` metadata sidecar
 * (written after the file, so a sidecar always names a complete file). Served by the HTTP layer
 * at `/v1/media/<uuid>.<ext>` until `expiresAt`, then 404 and deleted by the next sweep.
 *
 * Default lifetimes: generated media 24 h (or the task's `ttl` in seconds, URL outputs), uploads
 * (`imageUpload`) 7 days: an uploaded image is typically reused as an input for many tasks.
 */

export const GENERATED_TTL_MS = 24 * 60 * 60 * 1000;
export const UPLOAD_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export type MediaKind = "upload" | "generated";

export interface MediaMeta {
  uuid: string;
  mime: string;
  ext: string;
  bytes: number;
  width?: number;
  height?: number;
  kind: MediaKind;
  createdAt: number;
  expiresAt: number;
}

const EXT_BY_MIME: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "video/mp4": "mp4",
  "video/webm": "webm",
  "video/quicktime": "mov",
  "audio/mpeg": "mp3",
  "audio/wav": "wav",
  "application/octet-stream": "bin",
};

export function extensionFor(mime: string): string {
  return EXT_BY_MIME[mime] ?? "bin";
}

export interface PutMedia {
  bytes: Uint8Array;
  mime: string;
  kind: MediaKind;
  width?: number;
  height?: number;
  /** Lifetime; default by kind (see above). */
  ttlMs?: number;
  uuid?: string;
}

export interface MediaStoreOptions {
  /**
   * When set, each file's URL carries a capability (an HMAC of its UUID under this key), and the
   * UUID alone no longer opens it. The studio sets one for the engine it mounts: the UUIDs travel
   * through the studio's records, the capability only to the studio that asked.
   */
  linkKey?: Uint8Array;
}

export class MediaStore {
  readonly dir: string;
  private readonly index = new Map<string, MediaMeta>();
  private readonly clock: Clock;
  private readonly linkKey: Uint8Array | undefined;

  constructor(dataDir: string, clock: Clock, options: MediaStoreOptions = {}) {
    this.dir = path.join(dataDir, "media");
    this.clock = clock;
    this.linkKey = options.linkKey;
    fs.mkdirSync(this.dir, { recursive: true });
    this.load();
  }

  private load(): void {
    for (const name of fs.readdirSync(this.dir)) {
      const full = path.join(this.dir, name);
      if (name.endsWith(".tmp")) {
        fs.rmSync(full, { force: true });
        continue;
      }
      if (!name.endsWith(".json")) continue;
      try {
        const meta = JSON.parse(fs.readFileSync(full, "utf8")) as MediaMeta;
        if (typeof meta.uuid === "string" && fs.existsSync(this.pathOf(meta)))
          this.index.set(meta.uuid, meta);
      } catch {
        // An unreadable sidecar is treated as absent; the sweep leaves it for inspection.
      }
    }
    this.sweep();
  }

  pathOf(meta: Pick<MediaMeta, "uuid" | "ext">): string {
    return path.join(this.dir, `${meta.uuid}.${meta.ext}`);
  }

  async put(input: PutMedia): Promise<MediaMeta> {
    const now = this.clock.now();
    const ttl = input.ttlMs ?? (input.kind === "upload" ? UPLOAD_TTL_MS : GENERATED_TTL_MS);
    const meta: MediaMeta = {
      uuid: (input.uuid ?? randomUUID()).toLowerCase(),
      mime: input.mime,
      ext: extensionFor(input.mime),
      bytes: input.bytes.byteLength,
      kind: input.kind,
      createdAt: now,
      expiresAt: now + ttl,
    };
    if (input.width !== undefined) meta.width = input.width;
    if (input.height !== undefined) meta.height = input.height;
    await writeFileAtomic(this.pathOf(meta), input.bytes);
    await writeFileAtomic(path.join(this.dir, `${meta.uuid}.json`), Buffer.from(JSON.stringify(meta)));
    this.index.set(meta.uuid, meta);
    return meta;
  }

  /** The capability a URL of `uuid` carries, or null when URLs carry none. */
  capability(uuid: string): string | null {
    if (!this.linkKey) return null;
    return createHmac("sha256", this.linkKey).update(uuid.toLowerCase()).digest("base64url");
  }

  /** Whether a URL's capability (absent: null) opens `uuid`. */
  opens(uuid: string, given: string | null): boolean {
    const expected = this.capability(uuid);
    if (expected === null || given === null) return expected === given;
    const a = Buffer.from(expected);
    const b = Buffer.from(given);
    return a.length === b.length && timingSafeEqual(a, b);
  }

  /** Metadata of live media; undefined when unknown or expired. */
  get(uuid: string): MediaMeta | undefined {
    const meta = this.index.get(uuid.toLowerCase());
    if (!meta || meta.expiresAt <= this.clock.now()) return undefined;
    return meta;
  }

  async read(uuid: string): Promise<{ meta: MediaMeta; bytes: Buffer } | undefined> {
    const meta = this.get(uuid);
    if (!meta) return undefined;
    try {
      return { meta, bytes: await fs.promises.readFile(this.pathOf(meta)) };
    } catch {
      return undefined;
    }
  }

  /** Deletes expired media files and their sidecars. */
  sweep(): number {
    const now = this.clock.now();
    let removed = 0;
    for (const [uuid, meta] of this.index) {
      if (meta.expiresAt > now) continue;
      this.index.delete(uuid);
      fs.rmSync(this.pathOf(meta), { force: true });
      fs.rmSync(path.join(this.dir, `${uuid}.json`), { force: true });
      removed++;
    }
    return removed;
  }

  get size(): number {
    return this.index.size;
  }
}
