// Placeholder until the engine lands: answers every request with serviceUnavailable.
import type { EngineConfig } from "./config";
import type { Engine } from "./types";

export function createEngine(_config: EngineConfig): Engine {
  return {
    handleRequest(_req, res) {
      res.writeHead(503, { "content-type": "application/json" });
      res.end(JSON.stringify({ errors: [{ code: "serviceUnavailable", message: "The engine is not available." }] }));
    },
    handleUpgrade(_req, socket) {
      socket.destroy();
    },
    async close() {},
  };
}
