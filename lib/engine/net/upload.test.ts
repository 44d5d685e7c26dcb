import { randomBytes } from "node:crypto";
import type http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readBody, startServer, type TestServer } from "@/lib/platform/net/test-servers";
import { UPLOAD_RETRY_DELAYS_MS, uploadResult } from "./upload";

interface Received {
  method: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

let canary: TestServer;
beforeAll(async () => {
  canary = await startServer((_req, res) => res.end("canary reached"));
});
afterAll(() => canary.close());

async function bucket(script: number[]) {
  const received: Received[] = [];
  const server = await startServer(async (req, res) => {
    received.push({ method: req.method ?? "", headers: req.headers, body: await readBody(req) });
    const status = script[Math.min(received.length - 1, script.length - 1)] ?? 200;
    if (status >= 300 && status < 400)
      res.writeHead(status, { location: `${canary.origin}/elsewhere` }).end();
    else res.writeHead(status).end();
  });
  return { server, received };
}

const network = { allowPrivate: true };
const noWait = async () => {};

describe("uploadResult", () => {
  it("PUTs the exact bytes with the content type", async () => {
    const { server, received } = await bucket([200]);
    const bytes = Buffer.concat([
      Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
      randomBytes(200_000),
    ]);
    const outcome = await uploadResult(`${server.origin}/bucket/result.mp4?X-Sig=abc`, bytes, "video/mp4", {
      network,
    });
    await server.close();
    expect(outcome).toEqual({ ok: true, status: 200, attempts: 1 });
    expect(received).toHaveLength(1);
    const got = received[0] as Received;
    expect(got.method).toBe("PUT");
    expect(got.headers["content-type"]).toBe("video/mp4");
    expect(got.headers["content-length"]).toBe(String(bytes.length));
    expect(got.body.equals(bytes)).toBe(true);
  });

  it("does not follow a 302", async () => {
    const { server, received } = await bucket([302]);
    const before = canary.connections;
    const outcome = await uploadResult(server.origin, Buffer.from("x"), "image/png", {
      network,
      sleep: noWait,
    });
    await server.close();
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.error).toMatchObject({ reason: "httpStatus", status: 302 });
    expect(outcome.attempts).toBe(1);
    expect(received).toHaveLength(1);
    expect(canary.connections).toBe(before);
  });

  it("retries a 5xx with short waits, then succeeds", async () => {
    const { server, received } = await bucket([503, 500, 201]);
    const slept: number[] = [];
    const outcome = await uploadResult(server.origin, Buffer.from("abc"), "image/webp", {
      network,
      sleep: async (ms) => {
        slept.push(ms);
      },
    });
    await server.close();
    expect(outcome).toEqual({ ok: true, status: 201, attempts: 3 });
    expect(slept).toEqual([...UPLOAD_RETRY_DELAYS_MS]);
    expect(received.every((r) => r.body.toString() === "abc")).toBe(true);
  });

  it("gives up after 3 attempts", async () => {
    const { server, received } = await bucket([500]);
    const outcome = await uploadResult(server.origin, Buffer.from("abc"), "image/png", {
      network,
      sleep: noWait,
    });
    await server.close();
    expect(outcome).toMatchObject({ ok: false, attempts: 3 });
    expect(received).toHaveLength(3);
  });

  it("does not retry a 403 (an expired presigned URL stays expired)", async () => {
    const { server, received } = await bucket([403]);
    const outcome = await uploadResult(server.origin, Buffer.from("abc"), "image/png", {
      network,
      sleep: noWait,
    });
    await server.close();
    expect(outcome).toMatchObject({ ok: false, attempts: 1 });
    expect(received).toHaveLength(1);
  });

  it("refuses a loopback endpoint without allowPrivate, without connecting", async () => {
    const before = canary.connections;
    const outcome = await uploadResult(`${canary.origin}/put`, Buffer.from("abc"), "image/png", {
      sleep: noWait,
    });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.error.reason).toBe("forbiddenAddress");
    expect(outcome.attempts).toBe(1);
    expect(canary.connections).toBe(before);
  });
});
