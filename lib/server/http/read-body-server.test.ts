import { once } from "node:events";
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { nodeHandler } from "./node-bridge";
import { readJson } from "./read-json";

let server: Server | null = null;

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = null;
});

const MB = 1024 * 1024;
/** What the client would send if never stopped: far more than any limit. */
const CLIENT_MAX = 256 * MB;

describe("a chunked body sent to a real server", () => {
  it("is refused 413 once past the handler's limit, while the client is still sending", async () => {
    let handed = 0;
    const listener = nodeHandler(
      async (request) => {
        // Counts what reaches the handler, as a Route Handler's `request.body` would give it.
        const counter = new TransformStream<Uint8Array, Uint8Array>({
          transform(chunk, controller) {
            handed += chunk.byteLength;
            controller.enqueue(chunk);
          },
        });
        const counted = new Request(request.url, {
          method: request.method,
          headers: request.headers,
          body: request.body?.pipeThrough(counter) ?? null,
          duplex: "half",
        } as RequestInit);
        const body = await readJson(counted, z.object({ name: z.string() }));
        return body.ok ? Response.json({ data: body.value }) : body.response;
      },
      // The bridge itself lets anything through: the handler's own reader must stop it.
      { bodyLimitBytes: 1024 * MB, hostname: "127.0.0.1", port: 3000 },
    );
    server = createServer(listener);
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    const port = (server.address() as AddressInfo).port;

    const req = httpRequest(`http://127.0.0.1:${port}/api/setup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
    });
    let answered: { status: number; text: string } | null = null;
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      req.on("error", reject);
      req.on("response", (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => {
          text += c;
        });
        res.on("end", () => {
          answered = { status: res.statusCode ?? 0, text };
          resolve(answered);
        });
      });
    });
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let written = 0;
    while (answered === null && written < CLIENT_MAX) {
      written += chunk.length;
      if (!req.write(chunk)) await Promise.race([once(req, "drain"), answer]);
    }
    req.destroy();
    const { status, text } = await answer;

    expect(status).toBe(413);
    expect(JSON.parse(text)).toMatchObject({ errors: [{ code: "payloadTooLarge", parameter: "body" }] });
    expect(handed).toBeLessThanOrEqual(64 * 1024 + 64 * 1024);
    // Answered long before the client would have finished: the server did not wait for the end.
    expect(written).toBeLessThan(CLIENT_MAX);
  });
});
