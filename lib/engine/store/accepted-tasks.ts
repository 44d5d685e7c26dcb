import "server-only";
import fs from "node:fs";
import path from "node:path";
import { writeFileAtomic, writeFileAtomicSync } from "@/lib/platform/atomic-write";

/**
 * Every accepted task exactly as it was sent (inline media included, which the task journal
 * leaves out), one file per task in `${dataDir}/accepted/`, until the task has finished. After a
 * restart the engine runs again what it had accepted but not finished, as a real service does:
 * a client's task is never dropped because the engine stopped.
 *
 * A task's request is written when the journal first writes the task unfinished (the journal
 * calls `keep` before that write, see TaskStore.keepBeforeWrite): a task that finishes within the
 * journal's batch window costs no file at all, and the journal never names a running task whose
 * request is not on disk. A graceful close writes every pending one.
 */

interface Entry {
  task: { taskUUID: string };
  written: Promise<void> | undefined;
}

export class AcceptedTasks {
  readonly dir: string;
  private readonly entries = new Map<string, Entry>();
  private closed = false;

  constructor(dataDir: string) {
    this.dir = path.join(dataDir, "accepted");
    fs.mkdirSync(this.dir, { recursive: true });
  }

  private file(taskUUID: string): string {
    return path.join(this.dir, `${taskUUID.toLowerCase()}.json`);
  }

  /** A task was accepted: held until `keep` writes it or it finishes. */
  accept(task: { taskUUID: string }): void {
    this.entries.set(task.taskUUID.toLowerCase(), { task, written: undefined });
    if (this.closed) this.writeSync(task);
  }

  /** A task read back after a restart is running again: its file goes once it finishes. */
  resumed(taskUUID: string): void {
    this.entries.set(taskUUID.toLowerCase(), {
      task: { taskUUID },
      written: Promise.resolve(),
    });
  }

  /** Writes the requests of these tasks not written yet; resolves once every one is on disk. */
  keep(taskUUIDs: readonly string[]): Promise<void> {
    const waits: Promise<void>[] = [];
    for (const taskUUID of taskUUIDs) {
      const entry = this.entries.get(taskUUID.toLowerCase());
      if (!entry) continue;
      entry.written ??= writeFileAtomic(
        this.file(entry.task.taskUUID),
        Buffer.from(JSON.stringify(entry.task)),
      ).catch((err: Error) => console.error(`accepted task write failed: ${err.message}`));
      waits.push(entry.written);
    }
    return Promise.all(waits).then(() => undefined);
  }

  private writeSync(task: { taskUUID: string }): void {
    writeFileAtomicSync(this.file(task.taskUUID), JSON.stringify(task));
  }

  /** The task finished (every result is a success or an error): nothing is left to run again. */
  finish(taskUUID: string): void {
    const key = taskUUID.toLowerCase();
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    const file = this.file(key);
    void entry.written?.then(() => fs.promises.rm(file, { force: true }).catch(() => undefined));
  }

  /** The task as it was accepted, or null when it was never written (or its file is unreadable). */
  read(taskUUID: string): Record<string, unknown> | null {
    try {
      const value: unknown = JSON.parse(fs.readFileSync(this.file(taskUUID), "utf8"));
      return typeof value === "object" && value !== null && !Array.isArray(value)
        ? (value as Record<string, unknown>)
        : null;
    } catch {
      return null;
    }
  }

  /** Removes every file (and temporary file) that names none of `keep`: tasks finished long ago. */
  prune(keep: ReadonlySet<string>): void {
    for (const name of fs.readdirSync(this.dir)) {
      const uuid = name.endsWith(".json") ? name.slice(0, -".json".length) : null;
      if (uuid === null || !keep.has(uuid)) fs.rmSync(path.join(this.dir, name), { force: true });
    }
  }

  /** Writes every task still waiting for its timer, so a graceful stop loses none. */
  async close(): Promise<void> {
    this.closed = true;
    const waits: Promise<void>[] = [];
    for (const entry of this.entries.values()) {
      if (entry.written) {
        waits.push(entry.written);
      } else {
        this.writeSync(entry.task);
        entry.written = Promise.resolve();
      }
    }
    await Promise.all(waits);
  }
}
