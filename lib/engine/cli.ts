/**
 * `npm run engine`: the embedded engine alone, on ENGINE_HOST:ENGINE_PORT (127.0.0.1:8787).
 * HTTP `POST /v1`, media at `/v1/media/...`, WebSocket at `/v1`.
 *
 * First run: when the data dir has no active key and ENGINE_API_KEYS is empty, a first key is
 * created (account "default") and printed once, so the engine is usable at once. Manage keys with
 * `npm run engine:keys -- create|list|revoke`.
 *
 * SIGINT / SIGTERM: stop accepting, close sockets, abort running tasks (they are reported as
 * interrupted after the next start), flush the task journal, exit. A second signal exits at once.
 */
// Registered before the engine is imported, in case an engine module imports `server-only`
// (which throws outside React Server Components); the engine modules are imported dynamically.
import "../../scripts/register-server-only.mjs";
import { createServer } from "node:http";

const started = performance.now();

function pathOf(url: string | undefined): string {
  const raw = url ?? "/";
  const q = raw.indexOf("?");
  return q === -1 ? raw : raw.slice(0, q);
}

async function main(): Promise<void> {
  const { parseEngineConfig } = await import("./config");
  const { createEngine } = await import("./create-engine");
  const config = parseEngineConfig(process.env);
  const { createPoolRenderer } = await import("./render/worker/pool-renderer");
  // Rendering on worker threads keeps the engine answering while it paints.
  const engine = createEngine(config, { renderer: createPoolRenderer() });

  if (engine.keys.isEmpty) {
    const { key } = engine.keys.create({ description: "first key (created by npm run engine)" });
    console.info("No API key existed, so one was created. It is shown only now; keep it:\n");
    console.info(`  ${key}\n`);
    console.info('More keys: npm run engine:keys -- create --description "..."\n');
  }

  const server = createServer((req, res) => {
    const path = pathOf(req.url);
    if (path === "/v1" || path.startsWith("/v1/")) {
      engine.handleRequest(req, res);
      return;
    }
    const body = JSON.stringify({
      errors: [{ code: "notFound", message: `The engine serves /v1, not ${path}.` }],
    });
    res.writeHead(404, {
      "content-type": "application/json; charset=utf-8",
      "content-length": Buffer.byteLength(body),
    });
    res.end(body);
  });
  server.on("upgrade", (req, socket, head) => {
    if (pathOf(req.url) === "/v1") engine.handleUpgrade(req, socket, head);
    else socket.destroy();
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  const host = config.host.includes(":") ? `[${config.host}]` : config.host;
  console.info(
    `Engine on http://${host}:${port}/v1 (WebSocket ws://${host}:${port}/v1), data in ${config.dataDir}, ready in ${Math.round(performance.now() - started)} ms`,
  );

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    console.info(`${signal}: stopping the engine...`);
    server.close();
    server.closeIdleConnections();
    engine
      .close()
      .catch((err: unknown) => console.error(err))
      .finally(() => {
        server.closeAllConnections();
        process.exit(0);
      });
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
