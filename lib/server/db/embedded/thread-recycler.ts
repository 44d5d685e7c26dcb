import "server-only";
import { logger } from "@/lib/platform/logger";
import type { DatabaseThread } from "./database-thread";
import type { GatedPool } from "./embedded-pool";

/**
 * Once the embedded database has been idle a while after work, collects its thread's JavaScript
 * heap: the results that passed through its socket server, which a thread this quiet allocates
 * too little to collect by itself (after 1,000 results, 23 MB resident and 13 to 19 used; 16 and
 * 12 with the collection, `BENCH_DETAIL=1 npm run bench:memory`).
 *
 * Gives it a fresh thread when, idle, its WASM memory is large. Postgres's allocator keeps every
 * page it has written to (after a burst of work the thread holds a hundred megabytes more than it
 * needs idle), and a WASM memory is never given back to the system: only ending the thread
 * returns it.
 *
 * A replacement holds new queries back (they wait, none fails), lets those under way finish,
 * closes the thread (its files flushed) and opens the same database on a new one; then the held
 * queries go on. A database in memory moves to the new thread as a dump.
 */

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

export interface RecyclePolicy {
  /** How long the thread must have been quiet to count as idle. */
  idleMs: number;
  /**
   * Queries a check period may hold and still count as quiet: the studio's own timers (lease
   * sweeps, event log pruning) query every few seconds, idle or not.
   */
  quietQueries: number;
  /** How often the thread's memory is looked at while idle. */
  checkMs: number;
  /** Resident WASM memory (bytes) above which an idle thread is replaced. */
  residentBytes: number;
}

/**
 * Quiet (at most 10 queries in each 10 s, the studio's timers) for 20 s, and over 48 MB: an opened
 * database holds about 18 MB (4 MB of shared buffers and the catalogs). With results written in
 * batches, a burst of 1,000 results leaves 22-29 MB resident (`BENCH_DETAIL=1 npm run
 * bench:memory`), under the bound: the thread is replaced only after work that grows it further.
 * A replacement costs about a second of one core, during which queries wait.
 */
export const DEFAULT_RECYCLE_POLICY: RecyclePolicy = {
  idleMs: 20_000,
  checkMs: 10_000,
  quietQueries: 10,
  residentBytes: 48 * 1024 * 1024,
};

export interface ThreadRecyclerOptions {
  pool: GatedPool;
  first: DatabaseThread;
  /** Ends `previous` (its data kept) and opens the same database on a new thread. */
  replace(previous: DatabaseThread): Promise<DatabaseThread>;
  /** Run on the new thread before the held queries go on (LISTEN again). */
  prepare(): Promise<void>;
  /** Told of every thread this database runs on, the first included (to hear if it is lost). */
  onThread(thread: DatabaseThread): void;
  /** Called when a replacement failed: the database is gone until the studio restarts. */
  onFailed(err: Error): void;
  /** Null: the thread is never replaced (but `recycle()` still can be called). */
  policy: RecyclePolicy | null;
  where: string;
}

export class ThreadRecycler {
  #current: DatabaseThread;
  #quietSince = Date.now();
  #acquired = 0;
  #measuring = false;
  /** Whether the thread's heap has been collected since it was last busy. */
  #collected = false;
  #recycling: Promise<void> | null = null;
  #timer: NodeJS.Timeout | null = null;
  #closed = false;
  #recycled = 0;

  constructor(private readonly options: ThreadRecyclerOptions) {
    this.#current = options.first;
    options.onThread(options.first);
    options.pool.on("acquire", () => {
      this.#acquired += 1;
    });
    const policy = options.policy;
    if (policy) {
      this.#timer = setInterval(() => void this.#check(policy), policy.checkMs);
      // The check alone never keeps the process alive.
      this.#timer.unref();
    }
  }

  get current(): DatabaseThread {
    return this.#current;
  }

  /** How many times the thread has been replaced. */
  get recycled(): number {
    return this.#recycled;
  }

  /** Replaces the thread now (or joins a replacement under way). */
  recycle(): Promise<void> {
    if (this.#closed) return Promise.resolve();
    this.#recycling ??= this.#replace().finally(() => {
      this.#recycling = null;
    });
    return this.#recycling;
  }

  /** Stops looking, and waits for a replacement under way: the held queries go on first. */
  async close(): Promise<void> {
    this.#closed = true;
    if (this.#timer) clearInterval(this.#timer);
    await this.#recycling;
  }

  async #check(policy: RecyclePolicy): Promise<void> {
    const busy = this.#acquired > policy.quietQueries || this.options.pool.working;
    this.#acquired = 0;
    if (busy) {
      this.#quietSince = Date.now();
      this.#collected = false;
    }
    if (this.#closed || this.#recycling || this.#measuring) return;
    if (Date.now() - this.#quietSince < policy.idleMs) return;
    let resident: number;
    try {
      this.#measuring = true;
      // Once a quiet spell: what the work left in the thread's own heap is collected first.
      if (!this.#collected) {
        this.#collected = true;
        const heap = await this.#current.collectGarbage();
        logger().debug(
          { database: this.options.where, beforeMb: mb(heap.before), afterMb: mb(heap.after) },
          "Collected the idle embedded database's heap",
        );
      }
      const memory = await this.#current.memory();
      resident = memory.resident ?? memory.size;
    } catch {
      return;
    } finally {
      this.#measuring = false;
    }
    if (resident < policy.residentBytes) return;
    logger().info(
      { database: this.options.where, residentMb: mb(resident) },
      "Giving the idle embedded database a fresh thread to return its memory",
    );
    await this.recycle().catch(() => {});
  }

  async #replace(): Promise<void> {
    const { pool } = this.options;
    pool.hold();
    try {
      // Queries under way or already queued for the connection finish on the thread they began on.
      while (pool.working) await new Promise((resolve) => setTimeout(resolve, 10));
      await pool.discardIdle();
      let next: DatabaseThread;
      try {
        next = await this.options.replace(this.#current);
      } catch (err) {
        const error = new Error(
          `Could not reopen the embedded database on a fresh thread: ${err instanceof Error ? err.message : String(err)}`,
        );
        logger().fatal({ database: this.options.where, err }, error.message);
        this.options.onFailed(error);
        throw error;
      }
      this.#current = next;
      this.#recycled += 1;
      pool.moveTo(next.socketDir);
      this.options.onThread(next);
      await this.options.prepare();
    } finally {
      this.#quietSince = Date.now();
      pool.release();
    }
  }
}
