import "server-only";
import pg from "pg";
import { CHANNEL_NAME } from "../listen/postgres-listen";

/**
 * The pool on the embedded database's socket. PGlite is one Postgres backend: the socket server
 * runs one protocol message at a time across its connections and keeps a `BEGIN`…`COMMIT` to the
 * connection that opened it, but the messages of one extended-protocol query (Parse, Bind,
 * Execute, Sync: how `pg` sends every query with parameters) are not kept together, and two
 * connections' would interleave on the one backend. So one connection, as the in-process PGlite
 * had: queries and transactions take turns in the pool's queue.
 */
export const EMBEDDED_POOL_SIZE = 1;

type ConnectCallback = (err: Error | undefined, client: pg.PoolClient | undefined, done: () => void) => void;

/**
 * A pool that can be told to refuse every new query with a given error (closing, or lost), or to
 * hold new queries back while its database is replaced (they go on once it is released).
 */
export class GatedPool extends pg.Pool {
  #refusal: Error | null = null;
  #held: (() => void)[] | null = null;

  refuse(err: Error): void {
    this.#refusal ??= err;
    // Whatever was held back is answered with the refusal rather than left waiting.
    this.release();
  }

  /** New queries wait from now on, those under way and already queued go on. */
  hold(): void {
    this.#held ??= [];
  }

  /** The queries held back go on, in the order they came. */
  release(): void {
    const held = this.#held;
    this.#held = null;
    for (const proceed of held ?? []) proceed();
  }

  /** Where new connections go from now on (a replaced database's socket folder). */
  moveTo(host: string): void {
    this.options.host = host;
  }

  /** Runs one statement while new queries are held back (to prepare a replaced database). */
  async queryWhileHeld(text: string): Promise<void> {
    const client = await super.connect();
    try {
      await client.query(text);
    } finally {
      client.release();
    }
  }

  /** Ends the idle connections (to a database being replaced); the next query opens a new one. */
  async discardIdle(): Promise<void> {
    for (let idle = this.idleCount; idle > 0; idle--) {
      (await super.connect()).release(true);
    }
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | undefined {
    const refusal = this.#refusal;
    const held = this.#held;
    if (refusal === null && held !== null) {
      if (callback) {
        held.push(() => this.connect(callback));
        return undefined;
      }
      return new Promise((resolve, reject) => held.push(() => this.connect().then(resolve, reject)));
    }
    if (refusal === null) {
      if (!callback) return super.connect();
      super.connect(callback);
      return undefined;
    }
    if (!callback) return Promise.reject(refusal);
    callback(refusal, undefined, () => {});
    return undefined;
  }

  /** Whether queries are running or waiting for a connection (held back ones included). */
  get busy(): boolean {
    return (this.#held?.length ?? 0) > 0 || this.working;
  }

  /** Whether queries are running or queued for a connection (not counting those held back). */
  get working(): boolean {
    return this.waitingCount > 0 || this.totalCount > this.idleCount;
  }
}

/**
 * Waits (at most `ms`) until no query runs or waits: `end()` would leave waiting ones unanswered.
 */
export async function drained(pool: GatedPool, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (pool.busy) {
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return true;
}

/** LISTEN on the embedded database, and what a new backend has to be told again. */
export interface PoolListener {
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  /** LISTENs again on every channel listened to (a database given a fresh thread has forgotten). */
  relisten(query: (text: string) => Promise<unknown>): Promise<void>;
}

/**
 * LISTEN on the embedded database. The one backend delivers a notification on the connection
 * whose transaction sent it, never on another, so a dedicated listening connection (as on a
 * PostgreSQL server) would hear nothing: the backend LISTENs once, and the pool's own connections
 * hand their notifications to the listeners. Call before the pool's first connection.
 */
export function poolListener(pool: pg.Pool): PoolListener {
  const listeners = new Map<string, Set<(payload: string) => void>>();
  pool.on("connect", (client) => {
    client.on("notification", (msg) => {
      if (msg.payload === undefined) return;
      for (const listener of listeners.get(msg.channel) ?? []) listener(msg.payload);
    });
  });
  return {
    async listen(channel, onMessage) {
      if (!CHANNEL_NAME.test(channel)) throw new Error(`Not a channel name: ${channel}`);
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        await pool.query(`LISTEN ${channel}`);
      }
      set.add(onMessage);
      const mine = set;
      return async () => {
        mine.delete(onMessage);
        if (mine.size > 0 || listeners.get(channel) !== mine) return;
        listeners.delete(channel);
        await pool.query(`UNLISTEN ${channel}`).catch(() => {});
      };
    },
    async relisten(query) {
      for (const channel of listeners.keys()) await query(`LISTEN ${channel}`);
    },
  };
}
