import "server-only";
import type { Server } from "node:http";
import { logger } from "@/lib/platform/logger";
import type { Drain } from "@/lib/server/ops/drain";
import type { startRuntime } from "@/lib/server/runtime";

type Runtime = Awaited<ReturnType<typeof startRuntime>>;

/**
 * The studio ends (logged as fatal, code 1) for its supervisor, or the person who ran it, to start
 * it again: everything is closed first, for at most `graceMs`.
 */
export function exitFatally(message: string, graceMs: number, closeAll: () => Promise<unknown>): void {
  logger().fatal(message);
  setTimeout(() => process.exit(1), graceMs).unref();
  void closeAll().finally(() => process.exit(1));
}

export interface ShutdownParts {
  server: Server;
  /** The embedded engine keeps the listener open until drained. */
  embedded: boolean;
  drain: Drain;
  runtime: Runtime;
  drainMs: number;
  closeAll: () => Promise<unknown>;
}

/**
 * SIGTERM (an orchestrator, a rolling deploy) or Ctrl-C: stop accepting, answer new requests 503,
 * let requests in flight and results on their way finish (at most DRAIN_SECONDS), then close each
 * browser socket with 1001 "going away" (tabs reconnect and resume), the service's client, the
 * engine, the database and the folder lock.
 */
export function shutdownOnSignals(parts: ShutdownParts): void {
  const { server, embedded, drain, runtime, drainMs, closeAll } = parts;
  const log = logger();
  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    // Whatever hangs (a socket that will not close, a task that will not stop), the process ends.
    setTimeout(() => {
      log.error("Shutdown did not finish in time; exiting.");
      process.exit(1);
    }, drainMs + 10_000).unref();
    log.info({ signal, requests: drain.inFlight, tasks: runtime.keeper.inFlight }, "Shutting down: draining");
    // No new connections; those open (keep-alive) are answered 503 and closed. With the embedded
    // engine the listener stays open until drained, as the results in flight are fetched through
    // it (by this process, from the engine at /v1); everything else is answered 503 meanwhile.
    const stopListening = () => {
      server.close();
      server.closeIdleConnections();
    };
    if (!embedded) stopListening();
    const deadline = AbortSignal.timeout(drainMs);
    void Promise.all([drain.drain(deadline), runtime.keeper.settled(deadline)])
      .then(() => {
        log.info({ requests: drain.inFlight, tasks: runtime.keeper.inFlight }, "Drained; closing");
        stopListening();
        return closeAll();
      })
      .then(
        () => {
          log.info("Stopped.");
          process.exit(0);
        },
        (err: unknown) => {
          log.error({ err }, "Shutdown failed");
          process.exit(1);
        },
      );
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}
