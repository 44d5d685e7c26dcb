import "server-only";
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";

export interface Relay {
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  close(): Promise<void>;
}

/**
 * The browser relay at `/api/stream`. Until studio sessions exist there is nobody to relay to, so
 * every upgrade is refused with 401 rather than left hanging.
 */
export function createRelay(): Relay {
  return {
    handleUpgrade(_req, socket) {
      socket.end("HTTP/1.1 401 Unauthorized\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
    },
    async close() {},
  };
}
