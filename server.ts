/**
 * The one process: Next.js, the embedded engine at `/v1` (unless an upstream is configured) and
 * the browser relay at `/api/stream`. WebSocket upgrades are routed by path so Next's own dev
 * socket keeps working.
 */
import "./scripts/register-server-only.mjs";
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import next from "next";

const dev = process.argv.includes("--dev");

async function main() {
  // Imported after the resolve hook is registered: these modules import `server-only`.
  const { studioEnv } = await import("./lib/server/env");
  const { createRelay } = await import("./lib/server/stream/relay");
  const { parseEngineConfig } = await import("./lib/engine/config");
  const { createEngine } = await import("./lib/engine/create-engine");
  const { createPoolRenderer } = await import("./lib/engine/render/worker/pool-renderer");
  const { startRuntime } = await import("./lib/server/runtime");
  const { sessionUser } = await import("./lib/server/auth/guard");
  const { stampRequest } = await import("./lib/server/http/request-stamp");
  const { nodeHandler } = await import("./lib/server/http/node-bridge");
  const { postTasks, TASK_BODY_LIMIT } = await import("./lib/server/results/post-tasks");

  const env = studioEnv();
  const app = next({ dev, hostname: env.HOST, port: env.PORT });
  const handle = app.getRequestHandler();
  await app.prepare();
  const upgradeNext = app.getUpgradeHandler();

  // The studio's own key for the embedded engine: made for this process, never stored or shown.
  // Environment keys share one engine account, so tasks of an earlier run can still be polled.
  const engineKey = `mse_studio_${randomBytes(24).toString("base64url")}`;
  const engineConfig = parseEngineConfig(process.env);
  const engine = env.embedded
    ? createEngine(
        { ...engineConfig, envApiKeys: [...engineConfig.envApiKeys, engineKey] },
        // Rendering on worker threads: the studio's requests, sockets and relay share this
        // process's event loop, and painting pixels there would hold every one of them up.
        { renderer: createPoolRenderer() },
      )
    : null;
  const runtime = await startRuntime({ engineKeys: engine?.keys ?? null, engineKey });
  const relay = createRelay({
    log: runtime.log,
    authenticate: async (req) => {
      const user = await sessionUser(runtime.gate, headersOf(req));
      return user ? { userId: user.id } : null;
    },
  });

  // `POST /api/tasks` is answered here rather than by Next's router: the router's request path
  // alone (an empty Route Handler: p50 6.8 ms against 1.0 ms for raw node) is more than the
  // studio may add to a task on its way to the service (5 ms). The same `postTasks` serves the
  // Route Handler; in development that one answers, so edits reload.
  const postTasksListener = nodeHandler((request) => postTasks(runtime, request), {
    bodyLimitBytes: TASK_BODY_LIMIT,
    hostname: env.HOST,
    port: env.PORT,
  });

  const server = createServer((req, res) => {
    // The client's address and scheme (sign-in limits, secure cookies) and the page asked for:
    // only this line sets them, from the socket itself (and a proxy only when one is trusted).
    stampRequest(req, env.TRUST_PROXY);
    const path = pathOf(req.url);
    if (engine && (path === "/v1" || path.startsWith("/v1/"))) {
      engine.handleRequest(req, res);
      return;
    }
    if (!dev && path === "/api/tasks" && req.method === "POST") {
      postTasksListener(req, res);
      return;
    }
    void handle(req, res);
  });

  server.on("upgrade", (req, socket, head) => {
    const path = pathOf(req.url);
    if (engine && path === "/v1") engine.handleUpgrade(req, socket, head);
    else if (path === "/api/stream") relay.handleUpgrade(req, socket, head);
    else if (dev && path.startsWith("/_next/")) void upgradeNext(req, socket, head);
    else socket.destroy();
  });

  server.listen(env.PORT, env.HOST, () => {
    runtime.upstream.socket.start();
    const where = engine ? "embedded engine at /v1" : `upstream ${env.UPSTREAM_URL}`;
    console.info(`Media Studio on http://${env.HOST}:${env.PORT} (${dev ? "dev" : "production"}, ${where})`);
  });

  const shutdown = () => {
    // Whatever hangs (a socket that will not close, a task that will not stop), the process ends.
    setTimeout(() => process.exit(1), 10_000).unref();
    server.close();
    void Promise.all([engine?.close(), relay.close()])
      .then(() => runtime.close())
      .finally(() => process.exit(0));
  };
  process.once("SIGINT", shutdown);
  process.once("SIGTERM", shutdown);
}

// Started by a parent that has gone (its pipes closed), every log line would fail and report
// its own failure: with nobody left to read, stop the server instead.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (err: NodeJS.ErrnoException) => {
    if (err.code === "EPIPE" || err.code === "ERR_STREAM_DESTROYED") process.exit(1);
  });
}

function headersOf(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
  }
  return headers;
}

function pathOf(url: string | undefined): string {
  const q = (url ?? "/").indexOf("?");
  return q === -1 ? (url ?? "/") : (url ?? "/").slice(0, q);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
