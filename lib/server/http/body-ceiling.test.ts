import { once } from "node:events";
import { createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { bodyCeilingFor, refuseDeclaredOversize } from "./body-ceiling";

describe("bodyCeilingFor", () => {
  it("allows large bodies only where images travel", () => {
    expect(bodyCeilingFor("/api/setup")).toBe(1024 * 1024);
    expect(bodyCeilingFor("/api/password-resets")).toBe(1024 * 1024);
    expect(bodyCeilingFor("/sign-in")).toBe(1024 * 1024);
    expect(bodyCeilingFor("/api/uploads")).toBeGreaterThan(20 * 1024 * 1024);
    expect(bodyCeilingFor("/api/tasks")).toBe(32 * 1024 * 1024);
    expect(bodyCeilingFor("/api/webhooks/abc")).toBe(32 * 1024 * 1024);
  });
});

describe("refuseDeclaredOversize", () => {
  it("answers 413 to a declared length over the path's ceiling without reading the body", async () => {
    let handled = 0;
    const server = createServer((req, res) => {
      if (refuseDeclaredOversize(req, res, req.url ?? "/")) return;
      handled++;
      res.end("ok");
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    const port = (server.address() as AddressInfo).port;
    try {
      const status = await new Promise<number>((resolve, reject) => {
        const req = httpRequest(`http://127.0.0.1:${port}/api/setup`, {
          method: "POST",
          headers: { "content-length": 300 * 1024 * 1024 },
        });
        req.on("error", reject);
        req.on("response", (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        // Only the start of the promised 300 MB is ever sent.
        req.write(Buffer.alloc(1024));
      });
      expect(status).toBe(413);
      expect(handled).toBe(0);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
