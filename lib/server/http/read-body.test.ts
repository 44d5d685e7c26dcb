import { describe, expect, it } from "vitest";
import { z } from "zod";
import { readBody } from "./read-body";
import { readJson } from "./read-json";

const CHUNK = 16 * 1024;

/** A chunked body that never ends on its own, counting what the reader pulled from it. */
function endlessBody(headers: Record<string, string> = {}): {
  request: Request;
  pulled: () => number;
  cancelled: () => boolean;
} {
  let pulled = 0;
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        pulled += CHUNK;
        controller.enqueue(new Uint8Array(CHUNK).fill(0x20));
      },
      cancel() {
        cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  const request = new Request("http://studio.test/api/setup", {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: stream,
    duplex: "half",
  } as RequestInit);
  return { request, pulled: () => pulled, cancelled: () => cancelled };
}

describe("readBody", () => {
  it("refuses a chunked body over the limit after reading at most the limit and one chunk", async () => {
    const body = endlessBody();
    const limit = 64 * 1024;
    const result = await readBody(body.request, limit);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.response.status).toBe(413);
    expect(await result.response.json()).toEqual({
      errors: [
        { code: "payloadTooLarge", message: `The body is larger than ${limit} bytes.`, parameter: "body" },
      ],
    });
    expect(body.pulled()).toBeLessThanOrEqual(limit + CHUNK);
    expect(body.cancelled()).toBe(true);
  });

  it("refuses an endless JSON body through readJson, as /api/setup reads it", async () => {
    const body = endlessBody();
    const result = await readJson(body.request, z.object({ name: z.string() }));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.response.status).toBe(413);
    expect(body.pulled()).toBeLessThanOrEqual(64 * 1024 + CHUNK);
    expect(body.cancelled()).toBe(true);
  });

  it("refuses a declared length over the limit without reading anything", async () => {
    const body = endlessBody({ "content-length": String(10 * 1024 * 1024) });
    const request = body.request;
    const result = await readBody(request, 1024);
    expect(result.ok).toBe(false);
    expect(body.pulled()).toBe(0);
  });

  it("reads a body within the limit whole, however it is chunked", async () => {
    const parts = ['{"na', 'me":', '"Ada"}'];
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const p of parts) controller.enqueue(new TextEncoder().encode(p));
        controller.close();
      },
    });
    const request = new Request("http://studio.test/x", {
      method: "POST",
      body: stream,
      duplex: "half",
    } as RequestInit);
    const result = await readJson(request, z.object({ name: z.string() }), 15);
    expect(result).toEqual({ ok: true, value: { name: "Ada" } });
  });

  it("answers 400 when the body fails while it is read", async () => {
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.error(new Error("connection reset"));
      },
    });
    const request = new Request("http://studio.test/x", {
      method: "POST",
      body: stream,
      duplex: "half",
    } as RequestInit);
    const result = await readBody(request, 1024);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.response.status).toBe(400);
  });
});
