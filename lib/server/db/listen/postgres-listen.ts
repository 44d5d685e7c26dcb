import "server-only";
import pg from "pg";
import { logger } from "@/lib/platform/logger";

/** Reconnect delays of a lost LISTEN connection: 250 ms doubling, at most 10 s. */
const LISTEN_BACKOFF_MS = { first: 250, max: 10_000 };
export const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;

/**
 * A dedicated connection LISTENing on `channel` (a pooled one would be handed to other queries).
 * Resolves once listening; a connection lost later is made again with backoff until stopped.
 */
export async function listenOnPostgres(
  url: string,
  where: string,
  channel: string,
  onMessage: (payload: string) => void,
  onResumed?: () => void,
): Promise<() => Promise<void>> {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  let stopped = false;
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let delay = LISTEN_BACKOFF_MS.first;

  async function connect(): Promise<void> {
    const client = new pg.Client({ connectionString: url });
    let lost = false;
    const onLost = (err?: Error) => {
      if (lost) return;
      lost = true;
      current = null;
      client.removeAllListeners("notification");
      void client.end().catch(() => {});
      if (stopped) return;
      logger().warn(
        { database: where, channel },
        `PostgreSQL LISTEN connection lost${err ? `: ${err.message}` : ""}; reconnecting`,
      );
      schedule();
    };
    client.on("error", onLost);
    client.on("end", () => onLost());
    client.on("notification", (msg) => {
      if (msg.channel === channel && msg.payload !== undefined) onMessage(msg.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (err) {
      // The caller retries (or fails the start): this client's own events must not schedule too.
      lost = true;
      client.removeAllListeners("notification");
      void client.end().catch(() => {});
      throw err;
    }
    if (stopped) {
      await client.end().catch(() => {});
      return;
    }
    current = client;
    delay = LISTEN_BACKOFF_MS.first;
  }

  function schedule(): void {
    retry = setTimeout(() => {
      retry = null;
      connect().then(
        () => {
          if (!stopped) onResumed?.();
        },
        () => {
          if (stopped) return;
          delay = Math.min(delay * 2, LISTEN_BACKOFF_MS.max);
          schedule();
        },
      );
    }, delay);
    retry.unref();
  }

  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const client = current;
    current = null;
    await client?.end().catch(() => {});
  };
}
