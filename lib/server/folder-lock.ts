import "server-only";
import { createHash } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/**
 * One studio per data folder. The embedded database (PGlite) and the embedded engine's journal
 * are single-writer files: a second process opening them corrupts them for every later start.
 * So the folder is locked before anything in it is opened.
 *
 * On Linux the lock is a listening Unix socket in the abstract namespace, named after the
 * folder's real path and inode: the kernel refuses a second listener on the name and frees it the
 * moment the holder dies, however it dies. A PID is never trusted for the decision: after a
 * SIGKILL the holder may linger as a zombie (signal 0 still succeeds), and in containers every
 * start reuses the same PIDs. The lock file beside the data only names the holder (pid, host,
 * start time) for the refusal message.
 *
 * Elsewhere (no abstract sockets) the lock falls back to that file, made with an exclusive link,
 * taken over when its pid is gone on this host.
 */

export const LOCK_FILE = "studio.lock";

export interface LockHolder {
  pid: number;
  host: string;
  startedAt: string;
}

export interface FolderLock {
  readonly path: string;
  /** Frees the lock and removes the lock file if it is still ours. Safe to call twice. */
  release(): void;
}

export interface LockDeps {
  pid?: number;
  host?: string;
  now?: () => Date;
  /** Whether `pid` runs on this host (default: signal 0). Used by the fallback only. */
  isAlive?: (pid: number) => boolean;
  /** Whether the kernel-held lock is available (default: on Linux). */
  kernelLock?: boolean;
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
    return `The data folder ${folder} is in use by another studio (its lock file ${path.join(folder, LOCK_FILE)} cannot be read). Stop that studio first, or give this studio another DATA_DIR.`;
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

/** The abstract socket name of a folder: the same folder by any path (links, `..`) is one name. */
export function lockSocketName(dir: string): string {
  const real = fs.realpathSync(dir);
  const { dev, ino } = fs.statSync(real);
  const digest = createHash("sha256").update(`${real}\0${dev}\0${ino}`).digest("hex").slice(0, 40);
  return `\0media-studio-lock-${digest}`;
}

function listenOnce(name: string): Promise<net.Server | null> {
  return new Promise((resolve, reject) => {
    const server = net.createServer((socket) => socket.destroy());
    server.once("error", (err: NodeJS.ErrnoException) => {
      if (err.code === "EADDRINUSE") resolve(null);
      else reject(err);
    });
    server.listen(name, () => {
      // The lock must not keep an otherwise finished process alive.
      server.unref();
      resolve(server);
    });
  });
}

/**
 * Takes the lock of `folder` (made if missing) or throws `FolderInUseError` naming the holder.
 */
export async function lockFolder(folder: string, deps: LockDeps = {}): Promise<FolderLock> {
  const dir = path.resolve(folder);
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOCK_FILE);
  const me: LockHolder = {
    pid: deps.pid ?? process.pid,
    host: deps.host ?? os.hostname(),
    startedAt: (deps.now?.() ?? new Date()).toISOString(),
  };
  if (!(deps.kernelLock ?? process.platform === "linux")) return lockByFile(dir, file, me, deps);

  const server = await listenOnce(lockSocketName(dir));
  if (!server) throw new FolderInUseError(dir, readHolder(file));
  // Ours now, whatever the file says: a file left by a killed holder is simply replaced.
  const temp = `${file}.${me.pid}.${Date.now()}.tmp`;
  fs.writeFileSync(temp, `${JSON.stringify(me)}\n`);
  fs.renameSync(temp, file);
  let released = false;
  return {
    path: file,
    release() {
      if (released) return;
      released = true;
      removeIfHeldBy(file, me);
      server.close();
    },
  };
}

/** The fallback: an exclusive link of the lock file, taken over once when its pid is gone. */
function lockByFile(dir: string, file: string, me: LockHolder, deps: LockDeps): FolderLock {
  const isAlive = deps.isAlive ?? processAlive;
  const temp = `${file}.${me.pid}.${Date.now()}.tmp`;
  fs.writeFileSync(temp, `${JSON.stringify(me)}\n`);
  try {
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        fs.linkSync(temp, file);
        return ownFileLock(file, me);
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

function ownFileLock(file: string, me: LockHolder): FolderLock {
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
