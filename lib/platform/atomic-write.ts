import "server-only";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import type { FileHandle } from "node:fs/promises";
import path from "node:path";

// Writes a file so that a reader (or a crash) sees either the old content or the new one, never
// a half-written file: the bytes go to a temporary file in the target's directory, are synced,
// then renamed over the target (rename is atomic within one file system). Whatever fails on the
// way, the temporary file is removed: a failed write leaves the directory as it found it.
//
// The temporary name starts with a dot and ends in `.tmp`, so it is never a name the stores hand
// out, and a store that finds one after a crash knows it for debris.

function temporaryNameFor(file: string): string {
  return path.join(
    path.dirname(file),
    `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`,
  );
}

export interface AtomicWriteOptions {
  mode?: number;
  /**
   * Synced to disk before it takes the name (default). Without it a reader still sees the old file
   * or the new one whole, but a power cut soon after may leave the new one empty: for files made
   * again from others when found missing or empty (thumbnails), where a sync (a journal commit,
   * about a millisecond of CPU however small the file) would cost more than the file.
   */
  durable?: boolean;
}

/**
 * The general form: `write` fills the open temporary file (a buffer, a stream, several parts) and
 * returns what it wants handed back (a byte count, say).
 */
export async function writeAtomic<T>(
  file: string,
  write: (handle: FileHandle) => Promise<T>,
  { mode = 0o644, durable = true }: AtomicWriteOptions = {},
): Promise<T> {
  const tmp = temporaryNameFor(file);
  const handle = await openMakingFolder(tmp, mode);
  let result: T;
  try {
    result = await write(handle);
    if (durable) await handle.sync();
  } catch (err) {
    await handle.close().catch(() => {});
    await fs.promises.rm(tmp, { force: true });
    throw err;
  }
  await handle.close();
  try {
    await fs.promises.rename(tmp, file);
  } catch (err) {
    await fs.promises.rm(tmp, { force: true });
    throw err;
  }
  return result;
}

/**
 * Writes a file that must not exist yet straight under its name, synced before this answers: for
 * a name nobody can know until then (a new id's), where the temporary file and the rename buy
 * nothing. A failed write removes what it wrote; a crash may leave part of it, under a name
 * nothing refers to.
 */
export async function writeNewFile(file: string, data: Uint8Array, mode = 0o644): Promise<void> {
  const handle = await openMakingFolder(file, mode);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } catch (err) {
    await handle.close().catch(() => {});
    await fs.promises.rm(file, { force: true });
    throw err;
  }
  await handle.close();
}

/** Opens a new file, making its folder first when it has none (most writes go to a folder already there). */
async function openMakingFolder(tmp: string, mode: number): Promise<FileHandle> {
  try {
    return await fs.promises.open(tmp, "wx", mode);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
    await fs.promises.mkdir(path.dirname(tmp), { recursive: true });
    return fs.promises.open(tmp, "wx", mode);
  }
}

/** Writes `data` whole: for large media files written while requests are being served. */
export async function writeFileAtomic(file: string, data: Uint8Array | string, mode = 0o644): Promise<void> {
  await writeAtomic(file, (handle) => handle.writeFile(data), { mode });
}

/** The synchronous form, for small files written where nothing may interleave (a journal, keys). */
export function writeFileAtomicSync(file: string, data: string | Uint8Array, mode = 0o644): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = temporaryNameFor(file);
  const fd = fs.openSync(tmp, "wx", mode);
  try {
    fs.writeSync(fd, typeof data === "string" ? Buffer.from(data) : data);
    fs.fsyncSync(fd);
  } catch (err) {
    fs.closeSync(fd);
    fs.rmSync(tmp, { force: true });
    throw err;
  }
  fs.closeSync(fd);
  try {
    fs.renameSync(tmp, file);
  } catch (err) {
    fs.rmSync(tmp, { force: true });
    throw err;
  }
}
