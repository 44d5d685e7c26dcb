import "server-only";
import fs from "node:fs";
import path from "node:path";
import { writeFileAtomicSync } from "@/lib/platform/atomic-write";
import type { Clock } from "../shared/clock";
import type { Principal } from "../shared/types";

/**
 * Task records, kept in memory and in `${dataDir}/tasks.jsonl`: an append-only journal with one
 * full record snapshot per line (the last line of a taskUUID wins). At start the journal is read,
 * folded, and rewritten compacted (tmp + rename). Records with items still `processing` (the
 * process that ran them is gone) are handed to the engine by `takeInterrupted`: it runs again
 * what it kept the request of (see accepted-tasks.ts) and marks the rest `error` with
 * `markInterrupted`, so a task never vanishes.
 *
 * Progress is kept in memory only: it changes many times a second and is meaningless after a
 * restart. Writes are batched over `JOURNAL_FLUSH_MS` (a task created and finished within it
 * costs one line, and a busy engine one write per batch instead of one per change); a crash
 * loses at most that much of the latest state changes. What a client is told waits for the write
 * (`durable`): an acknowledgement or a result is never ahead of the journal, so a task a client
 * heard of is one the engine finds after a crash. Before a batch is written, the requests of its
 * unfinished tasks are kept (`keepBeforeWrite`): the journal never holds a task whose request is
 * lost, which after a crash could then neither run again nor be sent again under its taskUUID.
 *
 * Retention: a record answers `getResponse` until `expiresAt`, then `taskExpired`; its taskUUID
 * stays reserved (`conflictTaskUUID`) for `TOMBSTONE_RETENTION_MS` more, after which the record is
 * dropped (from memory by `sweep`, from disk at the next start).
 */

export type ItemStatus = "processing" | "success" | "error";

export interface StoredError {
  code: string;
  message: string;
  parameter?: string;
  type?: string;
}

/**
 * The media of a result, kept by reference: its fields (`imageUUID` + `imageURL` /
 * `imageBase64Data` / `imageDataURI`) are rebuilt when polled, with the poller's origin and the
 * bytes from the media store, so the journal holds neither bytes nor absolute URLs.
 */
export interface MediaRef {
  /** Field prefix: image, video, guideImage. */
  field: string;
  mediaUUID: string;
  encoding: "URL" | "base64Data" | "dataURI";
  mime: string;
  ext: string;
}

export interface TaskItem {
  status: ItemStatus;
  progress: number;
  /** Result fields (without taskType/taskUUID/status and without the media fields, see `media`). */
  result?: Record<string, unknown>;
  media?: MediaRef;
  error?: StoredError;
}

export interface TaskRecord {
  taskUUID: string;
  taskType: string;
  principal: Principal;
  /** The request's parameters with inline blobs replaced by markers (see sanitize.ts). */
  params: Record<string, unknown>;
  delivery: "sync" | "async";
  items: TaskItem[];
  createdAt: number;
  updatedAt: number;
  expiresAt: number;
}

/** How long a finished task can be polled. */
export const TASK_RECORD_TTL_MS = 24 * 60 * 60 * 1000;
/** How long after expiry a taskUUID stays reserved. */
export const TOMBSTONE_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
/** Longest time a state change waits in memory before it is written. */
export const JOURNAL_FLUSH_MS = 20;
export const INTERRUPTED_MESSAGE =
  "The task was interrupted by an engine restart before it could be kept. Submit it again with a new taskUUID.";

export class TaskStore {
  readonly file: string;
  private readonly records = new Map<string, TaskRecord>();
  private readonly clock: Clock;
  /** Records changed since the last flush; serialised when written, once per batch. */
  private pending = new Set<TaskRecord>();
  private flushTimer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  private fd: number | null = null;
  private closed = false;
  /** Lines in the journal file, to decide when compacting pays. */
  private lines = 0;
  /** Records found with unfinished items at start, until the engine takes them. */
  private interrupted: TaskRecord[] = [];
  /** Resolves once the pending batch is written; made when someone waits for it. */
  private batch: { promise: Promise<void>; resolve: () => void } | null = null;
  private keepRequests: ((records: TaskRecord[]) => Promise<void>) | null = null;

  constructor(dataDir: string, clock: Clock) {
    this.file = path.join(dataDir, "tasks.jsonl");
    this.clock = clock;
    fs.mkdirSync(dataDir, { recursive: true });
    this.load();
    this.fd = fs.openSync(this.file, "a");
  }

  private load(): void {
    let text = "";
    try {
      text = fs.readFileSync(this.file, "utf8");
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
    }
    for (const line of text.split("\n")) {
      if (line.trim() === "") continue;
      try {
        const record = JSON.parse(line) as TaskRecord;
        if (typeof record.taskUUID === "string") this.records.set(record.taskUUID.toLowerCase(), record);
      } catch {
        // A torn last line (crash mid-write) is skipped; every earlier line is complete.
      }
    }
    const now = this.clock.now();
    for (const [key, record] of this.records) {
      if (record.expiresAt + TOMBSTONE_RETENTION_MS < now) {
        this.records.delete(key);
        continue;
      }
      if (record.items.some((item) => item.status === "processing")) {
        for (const item of record.items) item.progress = item.status === "processing" ? 0 : item.progress;
        record.updatedAt = now;
        record.expiresAt = Math.max(record.expiresAt, now + TASK_RECORD_TTL_MS);
        this.interrupted.push(record);
      }
    }
    this.rewrite();
  }

  /** The records that had unfinished items when the store was opened (once: the list empties). */
  takeInterrupted(): TaskRecord[] {
    const records = this.interrupted;
    this.interrupted = [];
    return records;
  }

  /**
   * Forgets records that cannot run again and made nothing yet: their taskUUIDs are unknown again,
   * so a client that polls them hears `taskNotFound` and sends them again under the same UUID.
   */
  forget(records: readonly TaskRecord[]): void {
    if (records.length === 0) return;
    for (const record of records) {
      this.records.delete(record.taskUUID.toLowerCase());
      this.pending.delete(record);
    }
    this.rewrite();
  }

  /** Ends every unfinished item of an interrupted record that cannot run again as an error. */
  markInterrupted(record: TaskRecord): void {
    for (const item of record.items) {
      if (item.status !== "processing") continue;
      item.status = "error";
      item.error = { code: "internalServerError", message: INTERRUPTED_MESSAGE };
    }
    this.persist(record);
  }

  /** Replaces the journal with one line per record (tmp + rename). */
  private rewrite(): void {
    const lines = [...this.records.values()].map((r) => JSON.stringify(r));
    writeFileAtomicSync(this.file, lines.length > 0 ? `${lines.join("\n")}\n` : "");
    this.lines = lines.length;
  }

  get(taskUUID: string): TaskRecord | undefined {
    return this.records.get(taskUUID.toLowerCase());
  }

  has(taskUUID: string): boolean {
    return this.records.has(taskUUID.toLowerCase());
  }

  get size(): number {
    return this.records.size;
  }

  /** Adds a new record; the caller checked `has` first. */
  create(record: TaskRecord): void {
    this.records.set(record.taskUUID.toLowerCase(), record);
    this.persist(record);
  }

  /** Journals the record's current state (call after changing an item's status or result). */
  persist(record: TaskRecord): void {
    record.updatedAt = this.clock.now();
    if (this.closed) return;
    this.pending.add(record);
    if (this.flushTimer === undefined) {
      this.flushTimer = setTimeout(() => this.flush(), JOURNAL_FLUSH_MS);
      this.flushTimer.unref();
    }
  }

  /**
   * Runs before each batch is written, with the batch's records that still have unfinished items:
   * what it keeps (their requests) is on disk before the journal names them.
   */
  keepBeforeWrite(keep: (records: TaskRecord[]) => Promise<void>): void {
    this.keepRequests = keep;
  }

  /**
   * Resolves once every change made so far is written (handed to the operating system, which
   * keeps it if the process dies). The pending batch is written at once rather than at the end of
   * its window: the caller has an answer waiting on it.
   */
  durable(): Promise<void> {
    if (this.closed || this.fd === null) return this.writing;
    if (this.pending.size === 0) return this.writing;
    if (!this.batch) {
      let resolve: () => void = () => undefined;
      const promise = new Promise<void>((r) => {
        resolve = r;
      });
      this.batch = { promise, resolve };
      // Changes made in this same turn (a request of many tasks) join the batch.
      setImmediate(() => this.flush());
    }
    return this.batch.promise;
  }

  /** In-memory progress of one item (0-100). */
  setProgress(record: TaskRecord, index: number, progress: number): void {
    const item = record.items[index];
    if (item && item.status === "processing")
      item.progress = Math.max(item.progress, Math.min(100, progress));
  }

  /** Writes the pending changes now (normally done every `JOURNAL_FLUSH_MS`). */
  flush(): void {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    const batch = this.batch;
    this.batch = null;
    if (this.pending.size === 0 || this.fd === null) {
      batch?.resolve();
      return;
    }
    let chunk = "";
    const unfinished: TaskRecord[] = [];
    for (const record of this.pending) {
      chunk += `${JSON.stringify(record)}\n`;
      if (record.items.some((item) => item.status === "processing")) unfinished.push(record);
    }
    this.lines += this.pending.size;
    this.pending = new Set();
    const keep = this.keepRequests;
    // The descriptor is read when the write runs: a compaction queued before may have replaced it.
    this.writing = this.writing
      .then(() =>
        keep && unfinished.length > 0
          ? keep(unfinished).catch((err: Error) => console.error(`task requests not kept: ${err.message}`))
          : undefined,
      )
      .then(
        () =>
          new Promise<void>((resolve) => {
            if (this.fd === null) return resolve();
            fs.write(this.fd, chunk, (err) => {
              if (err) console.error(`task journal write failed: ${err.message}`);
              resolve();
            });
          }),
      );
    if (batch) void this.writing.then(batch.resolve);
  }

  /**
   * Rewrites the journal when it holds more than twice as many lines as there are records (a
   * long-running engine appends a line per state change). Queued behind pending writes.
   */
  compactIfNeeded(): Promise<void> {
    if (this.closed || this.lines <= Math.max(1000, 2 * this.records.size)) return this.writing;
    this.writing = this.writing.then(() => {
      if (this.closed || this.fd === null) return;
      this.pending = new Set();
      this.rewrite();
      fs.closeSync(this.fd);
      this.fd = fs.openSync(this.file, "a");
    });
    return this.writing;
  }

  /** Drops records past their tombstone retention from memory. */
  sweep(): void {
    const now = this.clock.now();
    for (const [key, record] of this.records) {
      if (record.expiresAt + TOMBSTONE_RETENTION_MS < now) this.records.delete(key);
    }
  }

  /** Writes what is pending and closes the journal; later changes stay in memory only. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.flush();
    this.closed = true;
    await this.writing;
    if (this.fd !== null) {
      const fd = this.fd;
      this.fd = null;
      try {
        fs.fsyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
    }
  }
}
