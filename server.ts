/**
 * The one process: Next.js, the embedded engine at `/v1` (unless an upstream is configured) and
 * the browser relay at `/api/stream`. WebSocket upgrades are routed by path so Next's own dev
 * socket keeps working.
 */
import "./scripts/register-server-only.mjs";
import { createServer } from "node:http";
import next from "next";

const dev = process.argv.includes("--dev");

async function main() {
  // Imported after the resolve hook is registered: these modules import `server-only`.
  const { studioEnv } = await import("./lib/server/env");
  const { createRelay } = await import("./lib/server/relay");
  const { parseEngineConfig } = await import("./lib/engine/config");
  const { createEngine } = await import("./lib/engine/create-engine");

  const env = studioEnv();
  const app = next({ dev, hostname: env.HOST, port: env.PORT });
  const handle = app.getRequestHandler();
  await app.prepare();
  const upgradeNext = app.getUpgradeHandler();

  const engine = env.embedded ? createEngine(parseEngineConfig(process.env)) : null;
  const relay = createRelay();

  const server = createServer((req, res) => {
    const path = pathOf(req.url);
    if (engine && (path === "/v1" || path.startsWith("/v1/"))) {
      engine.handleRequest(req, res);
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
    const where = engine ? "embedded engine at /v1" : `upstream ${env.UPSTREAM_URL}`;
    console.info(`Media Studio on http://${env.HOST}:${env.PORT} (${dev ? "dev" : "production"}, ${where})`);
  });

  const shutdown = () => {
    server.close();
    void Promise.all([engine?.close(), relay.close()]).finally(() => process.exit(0));
  };
  process.once("SIGINT", shutdown);
  process.once("SIGTERM", shutdown);
}

function pathOf(url: string | undefined): string {
  const q = (url ?? "/").indexOf("?");
  return q === -1 ? (url ?? "/") : (url ?? "/").slice(0, q);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
