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
 * A task is written only once it has run for `SAVE_AFTER_MS`: most image tasks finish sooner and
 * cost no file at all. A crash inside that window loses the task as a crash inside the journal's
 * own batch window would (it then ends as interrupted); a graceful close writes every pending one.
 */

/** How long a task runs before it is written down (the task journal's batch window). */
export const SAVE_AFTER_MS = 20;

interface Entry {
  task: { taskUUID: string };
  timer: NodeJS.Timeout | undefined;
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

  /** A task was accepted: it is written down unless it finishes within `SAVE_AFTER_MS`. */
  accept(task: { taskUUID: string }): void {
    const entry: Entry = { task, timer: undefined, written: undefined };
    if (!this.closed) {
      entry.timer = setTimeout(() => this.write(entry), SAVE_AFTER_MS);
      entry.timer.unref();
    }
    this.entries.set(task.taskUUID.toLowerCase(), entry);
  }

  /** A task read back after a restart is running again: its file goes once it finishes. */
  resumed(taskUUID: string): void {
    this.entries.set(taskUUID.toLowerCase(), {
      task: { taskUUID },
      timer: undefined,
      written: Promise.resolve(),
    });
  }

  private write(entry: Entry): void {
    entry.timer = undefined;
    entry.written = writeFileAtomic(
      this.file(entry.task.taskUUID),
      Buffer.from(JSON.stringify(entry.task)),
    ).catch((err: Error) => console.error(`accepted task write failed: ${err.message}`));
  }

  /** The task finished (every result is a success or an error): nothing is left to run again. */
  finish(taskUUID: string): void {
    const key = taskUUID.toLowerCase();
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    if (entry.timer) {
      clearTimeout(entry.timer);
      return;
    }
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
      if (entry.timer) {
        clearTimeout(entry.timer);
        entry.timer = undefined;
        writeFileAtomicSync(this.file(entry.task.taskUUID), JSON.stringify(entry.task));
      } else if (entry.written) {
        waits.push(entry.written);
      }
    }
    await Promise.all(waits);
  }
}
