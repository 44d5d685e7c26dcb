import "server-only";
import fs from "node:fs";
import type { FileHandle } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { writeAtomic, writeNewFile } from "@/lib/platform/atomic-write";
import {
  assertMediaKey,
  assertMediaRange,
  assertMime,
  clampMediaRange,
  type MediaObject,
  type MediaRange,
  type MediaStat,
  type MediaStorage,
  mimeForKey,
  type PutOptions,
} from "./media-storage";

/**
 * Media as files under one root directory (`${DATA_DIR}/media`): `<root>/<key>`, with the MIME
 * type beside it in `<root>/.meta/<key>.json` (keys never start with a dot, so neither the
 * metadata tree nor the temporary files can be named by a key).
 *
 * Writes are atomic: bytes go to a temporary file in the target's directory, are synced, then
 * renamed over the target, so a reader or a crash sees the old file or the new one, never part.
 * What is `remade` (thumbnails) is not synced: after a power cut it may be missing or empty, and
 * is made again.
 */
export class LocalMediaStorage implements MediaStorage {
  readonly kind = "local" as const;
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  async put(key: string, bytes: Buffer | Readable, options: PutOptions): Promise<{ bytes: number }> {
    const file = this.fileOf(key);
    const mime = assertMime(options?.mime);
    // A type the key's extension says already needs no metadata file (every result and thumbnail
    // kept: two file writes fewer each). One left by an earlier put of another type goes first;
    // a fresh key has none.
    const implied = mimeForKey(key) === mime;
    if (implied && options.unnamed === true && Buffer.isBuffer(bytes)) {
      // A new result's bytes: no temporary file and no rename, a file operation fewer each.
      await writeNewFile(file, bytes);
      return { bytes: bytes.length };
    }
    if (implied && options.fresh !== true && options.unnamed !== true) await unlinkIfThere(this.metaOf(key));
    const written = await writeAtomic(
      file,
      async (handle) => {
        if (Buffer.isBuffer(bytes)) {
          await handle.writeFile(bytes);
          return bytes.length;
        }
        let total = 0;
        for await (const chunk of bytes) {
          const buffer = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
          await handle.write(buffer);
          total += buffer.length;
        }
        return total;
      },
      { durable: options.remade !== true },
    );
    if (implied) return { bytes: written };
    // The metadata follows the bytes: a file without metadata (a crash in between) still reads,
    // with the type its extension implies.
    await writeAtomic(this.metaOf(key), async (handle) => {
      await handle.writeFile(JSON.stringify({ mime }));
      return 0;
    });
    return { bytes: written };
  }

  async get(key: string, range?: MediaRange): Promise<MediaObject | null> {
    const file = this.fileOf(key);
    if (range !== undefined) assertMediaRange(range);
    // Open first, then stat the open handle: a delete or replace in between cannot make the size
    // and the bytes disagree.
    let handle: FileHandle;
    try {
      handle = await fs.promises.open(file, "r");
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
    try {
      const info = await handle.stat();
      if (!info.isFile()) {
        await handle.close();
        return null;
      }
      const served = range === undefined ? undefined : clampMediaRange(range, info.size);
      const mime = await this.mimeOf(key);
      const stream = handle.createReadStream({ start: served?.start, end: served?.end, autoClose: true });
      return { stream, size: info.size, mime, ...(served === undefined ? {} : { range: served }) };
    } catch (err) {
      await handle.close().catch(() => {});
      throw err;
    }
  }

  async stat(key: string): Promise<MediaStat | null> {
    const file = this.fileOf(key);
    try {
      const info = await fs.promises.stat(file);
      if (!info.isFile()) return null;
      return { size: info.size, mime: await this.mimeOf(key) };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.fileOf(key);
    await fs.promises.rm(file, { force: true });
    await fs.promises.rm(this.metaOf(key), { force: true });
  }

  /** The file for a key, refusing any key that could resolve outside the root. */
  private fileOf(key: string): string {
    assertMediaKey(key);
    const file = path.resolve(this.root, ...key.split("/"));
    const relative = path.relative(this.root, file);
    // The key rules already exclude `..` and absolute paths; this is the second lock on the door.
    if (relative === "" || relative.startsWith("..") || path.isAbsolute(relative)) {
      throw new Error(`Media key resolves outside the media directory: ${key}`);
    }
    return file;
  }

  private metaOf(key: string): string {
    return path.join(this.root, ".meta", ...`${key}.json`.split("/"));
  }

  private async mimeOf(key: string): Promise<string> {
    try {
      const meta = JSON.parse(await fs.promises.readFile(this.metaOf(key), "utf8")) as { mime?: unknown };
      if (typeof meta.mime === "string" && meta.mime.length > 0) return meta.mime;
    } catch {
      // Missing or unreadable metadata: fall back to the extension.
    }
    return mimeForKey(key);
  }
}

async function unlinkIfThere(file: string): Promise<void> {
  try {
    await fs.promises.unlink(file);
  } catch (err) {
    if (!isMissing(err)) throw err;
  }
}

function isMissing(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  return code === "ENOENT" || code === "ENOTDIR" || code === "EISDIR";
}
