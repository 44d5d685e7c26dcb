import "server-only";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * One studio per data folder. The embedded database (PGlite) and the embedded engine's journal
 * are single-writer files: a second process opening them corrupts them for every later start.
 * So the folder is locked before anything in it is opened.
 *
 * The lock is a file made with an exclusive link (complete or absent, never half-written) that
 * names its holder: pid, host and start time. A lock whose pid is gone on this host is stale
 * (the holder crashed or was killed) and is taken over; a lock from another host is never
 * guessed about, since its pid means nothing here.
 */

export const LOCK_FILE = "studio.lock";

export interface LockHolder {
  pid: number;
  host: string;
  startedAt: string;
}

export interface FolderLock {
  readonly path: string;
  /** Removes the lock file if it is still ours. Safe to call twice. */
  release(): void;
}

export interface LockDeps {
  pid?: number;
  host?: string;
  now?: () => Date;
  /** Whether `pid` runs on this host (default: signal 0). */
  isAlive?: (pid: number) => boolean;
}

export class FolderInUseError extends Error {
  constructor(
    readonly folder: string,
    readonly holder: LockHolder | null,
  ) {
    super(describeHolder(folder, holder));
    this.name = "FolderInUseError";
  }
}

function describeHolder(folder: string, holder: LockHolder | null): string {
  if (!holder) {
    return `The data folder ${folder} is in use by another studio (its lock file ${path.join(folder, LOCK_FILE)} cannot be read). Stop that studio, or remove the file if none is running.`;
  }
  const where = holder.host === os.hostname() ? "" : ` on host ${holder.host}`;
  return (
    `The data folder ${folder} is in use by the studio running as pid ${holder.pid}${where} ` +
    `(started ${holder.startedAt}). Stop it first, or give this studio another DATA_DIR.`
  );
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readHolder(file: string): LockHolder | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, "utf8")) as Partial<LockHolder>;
    if (typeof parsed.pid !== "number" || typeof parsed.host !== "string") return null;
    return {
      pid: parsed.pid,
      host: parsed.host,
      startedAt: String(parsed.startedAt ?? "at an unknown time"),
    };
  } catch {
    return null;
  }
}

/**
 * Takes the lock of `folder` (made if missing) or throws `FolderInUseError` naming the holder.
 * A stale lock (its pid dead on this host) is taken over once.
 */
export function lockFolder(folder: string, deps: LockDeps = {}): FolderLock {
  const dir = path.resolve(folder);
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOCK_FILE);
  const me: LockHolder = {
    pid: deps.pid ?? process.pid,
    host: deps.host ?? os.hostname(),
    startedAt: (deps.now?.() ?? new Date()).toISOString(),
  };
  const isAlive = deps.isAlive ?? processAlive;
  const temp = `${file}.${me.pid}.${Date.now()}.tmp`;
  fs.writeFileSync(temp, `${JSON.stringify(me)}\n`);
  try {
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        fs.linkSync(temp, file);
        return ownLock(file, me);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      }
      const holder = readHolder(file);
      const stale =
        holder !== null && holder.host === me.host && holder.pid !== me.pid && !isAlive(holder.pid);
      if (!stale || attempt > 0) throw new FolderInUseError(dir, holder);
      // Only the stale file we just read is removed: if another studio took it over in between,
      // its own lock stays and our next link fails.
      removeIfHeldBy(file, holder);
    }
    throw new FolderInUseError(dir, readHolder(file));
  } finally {
    fs.rmSync(temp, { force: true });
  }
}

function ownLock(file: string, me: LockHolder): FolderLock {
  let released = false;
  return {
    path: file,
    release() {
      if (released) return;
      released = true;
      removeIfHeldBy(file, me);
    },
  };
}

function removeIfHeldBy(file: string, holder: LockHolder): void {
  const current = readHolder(file);
  if (
    current &&
    current.pid === holder.pid &&
    current.host === holder.host &&
    current.startedAt === holder.startedAt
  ) {
    fs.rmSync(file, { force: true });
  }
}
