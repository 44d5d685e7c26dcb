/**
 * The one process: Next.js, the embedded engine at `/v1` (unless an upstream is configured) and
 * the browser relay at `/api/stream`. WebSocket upgrades are routed by path so Next's own dev
 * socket keeps working.
 */
import "./scripts/register-server-only.mjs";
import { randomBytes } from "node:crypto";
import path from "node:path";
import next from "next";

const dev = process.argv.includes("--dev");

/** Data folder locks this process holds; released on every way out but SIGKILL. */
const locks: { release(): void }[] = [];
function releaseLocks(): void {
  for (const lock of locks.splice(0)) lock.release();
}
process.once("exit", releaseLocks);

function isWithin(dir: string, outer: string): boolean {
  const rel = path.relative(outer, dir);
  return rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel));
}

async function main() {
  // Imported after the resolve hook is registered: these modules import `server-only`.
  const { studioEnv } = await import("./lib/server/config/env");
  const { createRelay } = await import("./lib/server/stream/relay");
  const { startPresence } = await import("./lib/server/stream/presence-access");
  const { createEngine, createPoolRenderer, parseEngineConfig } = await import("./lib/engine");
  const { startRuntime } = await import("./lib/server/runtime");
  const { closeSocketsOnAccountChange, streamMembers } = await import("./lib/server/stream/member-sockets");
  const { stampRequest } = await import("./lib/server/http/request-stamp");
  const { STREAM_PATH } = await import("./lib/studio/api/stream");
  const { createStudioServer } = await import("./lib/server/http/studio-server");
  const { postTasksListener } = await import("./lib/server/api/post-tasks");
  const { pathOf, refuseMalformedPath } = await import("./lib/server/http/request-path");
  const { refuseDeclaredOversize } = await import("./lib/server/http/body-ceiling");
  const { applySecurityHeaders } = await import("./lib/server/http/security-headers");
  const { replaceSuccessStatus, sharePageToken } = await import("./lib/server/http/page-status");
  const { lookUpShareLink } = await import("./lib/server/api/link-callers");

  const { lockFolder } = await import("./lib/server/folder-lock");
  const { logger } = await import("@/lib/platform/logger");
  const { studioMetrics } = await import("./lib/server/ops/metrics");
  const { studioChecks } = await import("./lib/server/ops/readiness");
  const { opsRoutes } = await import("./lib/server/ops/ops-routes");
  const { Drain } = await import("./lib/server/ops/drain");
  const log = logger();

  const env = studioEnv();
  const drainMs = env.DRAIN_SECONDS * 1000;
  const engineConfig = parseEngineConfig(process.env, { dataDir: path.join(env.dataDir, "engine") });
  // Before anything in the data folder is opened: the embedded database and the engine's journal
  // take one writer, and a second process would corrupt them for every later start. With
  // DATABASE_URL the database is a server that many studios share, so only the embedded engine's
  // folder (if any) is locked; media and the auth secret are written whole, by unique names.
  const lockedFolders = [
    ...(env.DATABASE_URL === undefined ? [env.dataDir] : []),
    ...(env.embedded ? [engineConfig.dataDir] : []),
  ].filter((dir, i, all) => !all.slice(0, i).some((outer) => isWithin(dir, outer)));
  for (const dir of lockedFolders) locks.push(await lockFolder(dir));

  const app = next({ dev, hostname: env.HOST, port: env.PORT });
  const handle = app.getRequestHandler();
  await app.prepare();
  const upgradeNext = app.getUpgradeHandler();

  // The studio's own key for the embedded engine: made for this process, never stored or shown.
  // Environment keys share one engine account, so tasks of an earlier run can still be polled.
  const engineKey = `mse_studio_${randomBytes(24).toString("base64url")}`;
  const engine = env.embedded
    ? createEngine(
        { ...engineConfig, envApiKeys: [...engineConfig.envApiKeys, engineKey] },
        // Rendering on worker threads: the studio's requests, sockets and relay share this
        // process's event loop, and painting pixels there would hold every one of them up.
        // Media URLs carry a capability made for this process: a result's UUID, which the
        // studio's records and pages hold, does not open the engine's copy of it.
        { renderer: createPoolRenderer(), mediaLinkKey: randomBytes(32) },
      )
    : null;
  // The embedded database's thread ended by itself: the studio exits (logged as fatal, code 1) for
  // its supervisor, or the person who ran it, to start it again. A start recovers everything from
  // the files (Postgres replays its log; tasks in flight, experiments and events resume), where a
  // new thread under a running studio would leave each part to recover from the lost writes alone.
  let closeAll: () => Promise<unknown> = async () => {};
  const onDatabaseLost = () => {
    log.fatal("Media Studio stops: its embedded database stopped. Start it again; its data is kept.");
    setTimeout(() => process.exit(1), 5_000).unref();
    void closeAll().finally(() => process.exit(1));
  };
  const runtime = await startRuntime({
    engineKeys: engine?.keys ?? null,
    engineKey,
    ...(engine ? { engineParallelism: engine.parallelism } : {}),
    onDatabaseLost,
  });
  const presence = await startPresence(runtime.database);
  const relay = createRelay({ log: runtime.log, ...streamMembers(runtime), presence });
  runtime.accountChanges.subscribe(closeSocketsOnAccountChange(relay));

  // `POST /api/tasks` is answered here rather than by Next's router: the router's request path
  // alone (an empty Route Handler: p50 6.8 ms against 1.0 ms for raw node) is more than the
  // studio may add to a task on its way to the service (5 ms). `postTasksListener` serves the Route Handler
  // itself, built by route(): the same checks of the caller in both places. In development
  // Next answers, so edits reload.
  const postTasksFast = postTasksListener({ hostname: env.HOST, port: env.PORT });

  const metrics = studioMetrics();
  metrics.setSources({
    relayConnections: () => relay.connections(),
    upstreamState: () => runtime.upstream.socket.status().state,
    newestDeliveredAt: () => runtime.log.newestDeliveredAt,
    eventCounts: () => runtime.log.counts,
  });
  const drain = new Drain();
  const ops = opsRoutes({
    metrics,
    metricsToken: env.METRICS_TOKEN,
    checks: studioChecks({
      db: runtime.database.db,
      storage: runtime.storage,
      upstreamState: () => runtime.upstream.socket.status().state,
      upstreamError: () => runtime.upstream.socket.status().lastError?.code ?? null,
    }),
    draining: () => drain.isDraining,
  });

  // Headers and requests are timed (lib/server/http/studio-server.ts): a client trickling its
  // headers cannot hold a socket; a slow upload and the stream's upgraded sockets are not cut.
  const server = createStudioServer((req, res) => {
    // The client's address and scheme (sign-in limits, secure cookies) and the page asked for:
    // only this line sets them, from the socket itself (and a proxy only when one is trusted).
    stampRequest(req, env.TRUST_PROXY);
    if (refuseMalformedPath(req, res)) return;
    const path = pathOf(req.url);
    // Probes answer while draining too (ready says 503 then), so a balancer sees the way out.
    if (ops(req, res, path)) return;
    // The embedded engine keeps serving while the studio drains: the results on their way are
    // fetched from it, by this very process.
    if (engine && (path === "/v1" || path.startsWith("/v1/"))) {
      engine.handleRequest(req, res);
      return;
    }
    // Every answer of the studio's own (pages, API, refusals below) carries its security headers.
    applySecurityHeaders(req, res, path, { dev });
    if (!drain.admit(req, res)) return;
    // A declared body larger than any handler there takes is refused unread; a chunked one is
    // counted by each handler's own reader as it arrives.
    if (refuseDeclaredOversize(req, res, path)) return;
    if (!dev && path === "/api/tasks" && req.method === "POST") {
      postTasksFast(req, res);
      return;
    }
    // A share page is shown whatever its link's state; an ended link's answers 410, an unknown
    // one's 404 (the page itself says which). Next's own navigations (`rsc`) keep their 200.
    const shareToken =
      (req.method === "GET" || req.method === "HEAD") && req.headers.rsc === undefined
        ? sharePageToken(path)
        : null;
    if (shareToken !== null) {
      void lookUpShareLink(runtime.database.db, shareToken)
        .then(
          ({ state }) => {
            if (state !== "live") replaceSuccessStatus(res, state === "ended" ? 410 : 404);
          },
          (err: unknown) => log.warn({ err }, "share link state failed"),
        )
        .finally(() => void handle(req, res));
      return;
    }
    void handle(req, res);
  });

  server.on("upgrade", (req, socket, head) => {
    stampRequest(req, env.TRUST_PROXY);
    const path = pathOf(req.url);
    if (drain.isDraining && !(engine && path === "/v1")) {
      socket.end(
        "HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nRetry-After: 1\r\nContent-Length: 0\r\n\r\n",
      );
      return;
    }
    if (engine && path === "/v1") engine.handleUpgrade(req, socket, head);
    else if (path === STREAM_PATH) relay.handleUpgrade(req, socket, head);
    else if (dev && path.startsWith("/_next/")) void upgradeNext(req, socket, head);
    else socket.destroy();
  });

  closeAll = () => {
    // Before the engine stops: a task handed to a closing engine would be refused, not kept.
    runtime.stopSending();
    return Promise.all([engine?.close(), relay.close()])
      .then(() => presence.close())
      .then(() => runtime.close())
      .finally(releaseLocks);
  };

  // A port taken by another program (or this studio started twice) ends the process: running on
  // without a listener would hold the data folder for nothing.
  server.once("error", (err: NodeJS.ErrnoException) => {
    const where = `${env.HOST}:${env.PORT}`;
    const reason =
      err.code === "EADDRINUSE"
        ? `port ${env.PORT} on ${env.HOST} is already in use (another studio or program listens there); set PORT to a free port`
        : err.code === "EACCES"
          ? `listening on ${where} is not permitted (ports below 1024 need privileges); set PORT to 1024 or above`
          : `listening on ${where} failed: ${err.message}`;
    log.fatal(`Media Studio could not start: ${reason}.`);
    setTimeout(() => process.exit(1), 10_000).unref();
    void closeAll().finally(() => process.exit(1));
  });

  server.listen(env.PORT, env.HOST, () => {
    runtime.upstream.socket.start();
    const where = engine ? "embedded engine at /v1" : `upstream ${env.UPSTREAM_URL}`;
    log.info(`Media Studio on http://${env.HOST}:${env.PORT} (${dev ? "dev" : "production"}, ${where})`);
  });

  // SIGTERM (an orchestrator, a rolling deploy) or Ctrl-C: stop accepting, answer new requests 503,
  // let requests in flight and results on their way finish (at most DRAIN_SECONDS), then close each
  // browser socket with 1001 "going away" (tabs reconnect and resume), the service's client, the
  // engine, the database and the folder lock.
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
    if (!engine) stopListening();
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

// Started by a parent that has gone (its pipes closed), every log line would fail and report
// its own failure: with nobody left to read, stop the server instead.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (err: NodeJS.ErrnoException) => {
    if (err.code === "EPIPE" || err.code === "ERR_STREAM_DESTROYED") process.exit(1);
  });
}

main().catch((error: unknown) => {
  // A refusal (the data folder in use, a bad setting) is a sentence for the operator, not a stack.
  console.error(error instanceof Error && error.name === "FolderInUseError" ? error.message : error);
  process.exit(1);
});
