/**
 * A process of `bench:keep`: the embedded engine serving the service contract on a free port, its
 * renderer drawing each size and format once and answering the same bytes after that. A studio
 * pointed at it keeps results that cost (almost) nothing to make, so the studio's CPU is its own.
 * Also serves `GET /prerendered`, the last bytes it rendered, for the bench's floor to read.
 *
 * Started with `fork` (tsx loaded); answers `{ port }` on IPC once it listens.
 */
import "../scripts/register-server-only.mjs";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import type { EngineDeps } from "../lib/engine";

const { createEngine, parseEngineConfig, renderImage, renderVideo } = await import("../lib/engine");

const dataDir = mkdtempSync(path.join(tmpdir(), "studio-keep-upstream-"));
const rendered = new Map<string, Promise<Buffer>>();
let last: { bytes: Buffer; format: string } | null = null;
const renderer: NonNullable<EngineDeps["renderer"]> = {
  renderImage(params) {
    const key = `${params.width}x${params.height}.${params.format}`;
    let bytes = rendered.get(key);
    if (!bytes) {
      bytes = renderImage(params);
      rendered.set(key, bytes);
    }
    return bytes.then((b) => {
      last = { bytes: b, format: params.format };
      return b;
    });
  },
  renderVideo: (params, onProgress) => renderVideo(params, onProgress),
};

const port = Number(process.env.KEEP_UPSTREAM_PORT);
const engine = createEngine(
  parseEngineConfig({
    ENGINE_PORT: String(port),
    ENGINE_HOST: "127.0.0.1",
    ENGINE_DATA_DIR: dataDir,
    ENGINE_API_KEYS: process.env.KEEP_UPSTREAM_KEY ?? "",
  }),
  { renderer },
);

const MIME: Record<string, string> = { JPG: "image/jpeg", PNG: "image/png", WEBP: "image/webp" };
const server = createServer((req, res) => {
  const url = req.url ?? "/";
  if (url === "/v1" || url.startsWith("/v1/") || url.startsWith("/v1?"))
    return engine.handleRequest(req, res);
  if (url === "/prerendered" && last) {
    res.writeHead(200, {
      "content-type": MIME[last.format.toUpperCase()] ?? "application/octet-stream",
      "content-length": last.bytes.length,
    });
    return res.end(last.bytes);
  }
  res.writeHead(404).end();
});
server.on("upgrade", (req, socket, head) => {
  if ((req.url ?? "").startsWith("/v1")) engine.handleUpgrade(req, socket, head);
  else socket.destroy();
});
server.listen(port, "127.0.0.1", () => process.send?.({ port }));

const stop = () => {
  server.close();
  server.closeAllConnections();
  void engine.close().finally(() => {
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
process.on("disconnect", stop);
