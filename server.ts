/**
 * The one process: Next.js, the embedded engine at `/v1` (unless an upstream is configured) and
 * the browser relay at `/api/stream`. WebSocket upgrades are routed by path so Next's own dev
 * socket keeps working.
 */
import "./scripts/register-server-only.mjs";
import path from "node:path";

const dev = process.argv.includes("--dev");

/** Data folder locks this process holds; released on every way out but SIGKILL. */
const locks: { release(): void }[] = [];
function releaseLocks(): void {
  for (const lock of locks.splice(0)) lock.release();
}
process.once("exit", releaseLocks);

async function main() {
  // Imported after the resolve hook is registered: these modules import `server-only`.
  const { studioEnv } = await import("./lib/server/config/env");
  const { parseEngineConfig } = await import("./lib/engine");
  const { startRuntime } = await import("./lib/server/runtime");
  const { startPresence } = await import("./lib/server/presence/access");
  const { createRelay } = await import("./lib/server/stream/relay");
  const { closeSocketsOnAccountChange, streamMembers } = await import("./lib/server/stream/member-sockets");
  const { createStudioServer } = await import("./lib/server/http/studio-server");
  const { Drain } = await import("./lib/server/ops/drain");
  const { logger } = await import("@/lib/platform/logger");
  const { ownRoutesListener } = await import("./lib/server/api/own-routes");
  const { lookUpApprovalLink, lookUpShareLink } = await import("./lib/server/api/link-callers");
  const start = await import("./lib/server/start");
  const { exitFatally, shutdownOnSignals } = await import("./lib/server/shutdown");
  const { startQuietHeapCollector } = await import("./lib/server/ops/quiet-heap");

  const env = studioEnv();
  const engineConfig = parseEngineConfig(process.env, { dataDir: path.join(env.dataDir, "engine") });
  await start.lockDataFolders(env, engineConfig, locks);
  const nextApp = await start.prepareNext(dev, env);
  const { engine, engineKey } = start.embeddedEngine(env, engineConfig);

  // The embedded database's thread ended by itself: the studio exits for its supervisor, or the
  // person who ran it, to start it again. A start recovers everything from the files (Postgres
  // replays its log; tasks in flight, experiments and events resume), where a new thread under a
  // running studio would leave each part to recover from the lost writes alone.
  let closeAll: () => Promise<unknown> = async () => {};
  const onDatabaseLost = () =>
    exitFatally(
      "Media Studio stops: its embedded database stopped. Start it again; its data is kept.",
      5_000,
      () => closeAll(),
    );
  const runtime = await startRuntime({
    engineKeys: engine?.keys ?? null,
    engineKey,
    ...(engine ? { engineParallelism: engine.parallelism } : {}),
    onDatabaseLost,
  });
  const presence = await startPresence(runtime.database);
  const relay = createRelay({ log: runtime.log, ...streamMembers(runtime), presence });
  runtime.accountChanges.subscribe(closeSocketsOnAccountChange(relay));

  const drain = new Drain();
  const ops = start.opsFor(env, runtime, relay, drain);
  const parts = {
    dev,
    env,
    engine,
    relay,
    drain,
    ops,
    next: nextApp,
    // Sending tasks and reading one back are answered ahead of Next's router: the router's request
    // path alone (an empty Route Handler: p50 6.8 ms against 1.0 ms for raw node) is more than the
    // studio may add to a task on its way to the service (5 ms). `ownRoutesListener` serves those
    // Route Handlers' own handlers, built by route(): the same checks of the caller in both places.
    // In development Next answers, so edits reload.
    ownRoutes: ownRoutesListener({ hostname: env.HOST, port: env.PORT }),
    shareLinkState: (token: string) => lookUpShareLink(runtime.database.db, token),
    approvalLinkState: (token: string) => lookUpApprovalLink(runtime.database.db, token),
  };
  // Headers and requests are timed (lib/server/http/studio-server.ts): a client trickling its
  // headers cannot hold a socket; a slow upload and the stream's upgraded sockets are not cut.
  const server = createStudioServer(start.requestListener(parts));
  server.on("upgrade", start.upgradeListener(parts));

  // What a burst of work leaves in the heap is collected once the studio has gone quiet.
  const quietHeap = startQuietHeapCollector();

  closeAll = () => {
    quietHeap.stop();
    // Before the engine stops: a task handed to a closing engine would be refused, not kept.
    runtime.stopSending();
    return Promise.all([engine?.close(), relay.close()])
      .then(() => presence.close())
      .then(() => runtime.close())
      .finally(releaseLocks);
  };

  // A port taken by another program (or this studio started twice) ends the process: running on
  // without a listener would hold the data folder for nothing.
  server.once("error", (err: NodeJS.ErrnoException) =>
    exitFatally(`Media Studio could not start: ${start.listenFailure(env, err)}.`, 10_000, () => closeAll()),
  );

  server.listen(env.PORT, env.HOST, () => {
    runtime.upstream.socket.start();
    const where = engine ? "embedded engine at /v1" : `upstream ${env.UPSTREAM_URL}`;
    logger().info(`Media Studio on http://${env.HOST}:${env.PORT} (${dev ? "dev" : "production"}, ${where})`);
  });

  shutdownOnSignals({
    server,
    embedded: engine !== null,
    drain,
    runtime,
    drainMs: env.DRAIN_SECONDS * 1000,
    closeAll: () => closeAll(),
  });
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
