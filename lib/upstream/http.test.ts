import "server-only";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type Harness, imageTask, startHarness } from "@/lib/engine";
import { createUpstreamClient, type UpstreamDeps } from "./index";
import { type FakeService, startFakeService } from "./test-support";
import type { WireTask } from "./wire";

/** Short, fixed timings: retries in tens of ms, no jitter surprises. */
const FAST: UpstreamDeps["options"] = {
  http: { maxAttempts: 4, attemptTimeoutMs: 5_000, deadlineMs: 10_000, backoff: { baseMs: 20, capMs: 80 } },
};
const SECRET = "sk-test-0123456789abcdef-SECRET";

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.close();
  harness?.cleanup();
});

function engineClient(key = harness.key) {
  return createUpstreamClient({ httpUrl: harness.url, wsUrl: harness.wsUrl, apiKey: key }, { options: FAST });
}

function fakeClient(fake: FakeService, deps: UpstreamDeps = {}) {
  return createUpstreamClient(
    { httpUrl: fake.url, wsUrl: "ws://127.0.0.1:1/v1", apiKey: SECRET },
    {
      options: FAST,
      ...deps,
    },
  );
}

const task = (extra: Record<string, unknown> = {}) => imageTask(extra) as WireTask;
const okImage = (t: WireTask) => ({
  data: [
    {
      taskType: "imageInference",
      taskUUID: t.taskUUID,
      imageUUID: randomUUID(),
      imageURL: "http://x/i.jpg",
      seed: 1,
    },
  ],
});

describe("HTTP against the embedded engine", () => {
  it("generates images synchronously, one item per result", async () => {
    const client = engineClient();
    const t = task({ numberResults: 2 });
    const outcome = await client.request([t]);
    expect(outcome.errors).toEqual([]);
    expect(outcome.data).toHaveLength(2);
    for (const item of outcome.data) {
      expect(item.kind).toBe("image");
      if (item.kind !== "image") continue;
      expect(item.taskUUID).toBe(t.taskUUID);
      expect(item.id).toBe(item.result.imageUUID);
      expect(item.result.imageURL).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1\/media\//);
    }
    await client.close();
  });

  it("reshapes a validation error with its parameter, scoped to its task", async () => {
    const client = engineClient();
    const good = task();
    const bad = task({ width: 100 });
    const outcome = await client.request([good, bad]);
    expect(outcome.data.map((d) => d.taskUUID)).toEqual([good.taskUUID]);
    expect(outcome.errors).toHaveLength(1);
    expect(outcome.errors[0]).toMatchObject({
      parameter: "width",
      taskUUID: bad.taskUUID,
      taskType: "imageInference",
    });
    expect(outcome.errors[0]?.code).toMatch(/^invalid/);
  });

  it("reports a reused taskUUID on a first try as conflictTaskUUID, not as accepted", async () => {
    const client = engineClient();
    const t = task();
    await client.request([t]);
    const again = await client.request([t]);
    expect(again.data).toEqual([]);
    expect(again.errors[0]).toMatchObject({ code: "conflictTaskUUID", taskUUID: t.taskUUID });
  });

  it("returns invalidApiKey for a refused key, without the key in any text", async () => {
    const client = engineClient(SECRET);
    const outcome = await client.request([task()]);
    expect(outcome.errors[0]?.code).toBe("invalidApiKey");
    expect(JSON.stringify(outcome)).not.toContain(SECRET);
  });
});

describe("the one fetch function", () => {
  it("carries every HTTP call, request and poll alike, with the key only in the header", async () => {
    const calls: Array<{ url: string; init: RequestInit | undefined }> = [];
    const fetchStub: typeof fetch = async (url, init) => {
      calls.push({ url: String(url), init });
      return new Response(JSON.stringify({ errors: [{ code: "taskNotFound", message: "none" }] }), {
        status: 404,
      });
    };
    const client = createUpstreamClient(
      { httpUrl: "https://service.invalid/v1", wsUrl: "wss://service.invalid/v1", apiKey: SECRET },
      { fetch: fetchStub, options: FAST },
    );
    await client.request([task()]);
    const polled = await client.poll(randomUUID());
    expect(polled).toMatchObject({ ok: false, error: { code: "taskNotFound" } });
    expect(calls).toHaveLength(2);
    for (const call of calls) {
      expect(call.url).toBe("https://service.invalid/v1");
      expect(call.init?.method).toBe("POST");
      expect((call.init?.headers as Record<string, string> | undefined)?.authorization).toBe(
        `Bearer ${SECRET}`,
      );
      expect(String(call.init?.body)).not.toContain(SECRET);
    }
  });
});

describe("HTTP retries", () => {
  it("retries a 503 and returns the next answer", async () => {
    const t = task();
    const fake = await startFakeService((n) =>
      n === 0 ? { status: 503, body: {} } : { status: 200, body: okImage(t) },
    );
    const outcome = await fakeClient(fake).request([t]);
    expect(outcome.errors).toEqual([]);
    expect(outcome.data[0]?.kind).toBe("image");
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1]?.authorization).toBe(`Bearer ${SECRET}`);
    await fake.close();
  });

  it.each([429, 503, 408])("waits for Retry-After on a %i", async (status) => {
    const t = task();
    const fake = await startFakeService((n) =>
      n === 0
        ? {
            status,
            headers: { "retry-after": "1" },
            body: { errors: [{ code: "rateLimitExceeded", message: "slow down" }] },
          }
        : { status: 200, body: okImage(t) },
    );
    const outcome = await fakeClient(fake).request([t]);
    expect(outcome.errors).toEqual([]);
    const [first, second] = fake.requests;
    // The backoff alone would wait under 80 ms; the header asks for a second.
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(950);
    await fake.close();
  });

  it("says a 413 without an error object means the request was too large, and what to do", async () => {
    const fake = await startFakeService(() => ({ status: 413, body: "" }));
    const outcome = await fakeClient(fake).request([task()]);
    expect(fake.requests).toHaveLength(1);
    expect(outcome.errors).toEqual([
      expect.objectContaining({
        code: "payloadTooLarge",
        message: expect.stringMatching(
          /^The media service refused the request as too large for it \(HTTP 413\)\. Send the image smaller/,
        ),
      }),
    ]);
    await fake.close();
  });

  it.each([400, 401, 402, 403, 404])("does not retry %i", async (status) => {
    const fake = await startFakeService(() => ({
      status,
      body: { errors: [{ code: "someError", message: "no", parameter: ["width", "height"] }] },
    }));
    const outcome = await fakeClient(fake).request([task()]);
    expect(fake.requests).toHaveLength(1);
    expect(outcome.errors).toEqual([{ code: "someError", message: "no", parameter: "width, height" }]);
    await fake.close();
  });

  it("gives up after maxAttempts with the last answer's errors", async () => {
    const fake = await startFakeService(() => ({
      status: 500,
      body: { errors: [{ code: "internalServerError", message: `boom ${SECRET}` }] },
    }));
    const outcome = await fakeClient(fake).request([task()]);
    expect(fake.requests).toHaveLength(4);
    expect(outcome.errors[0]?.code).toBe("internalServerError");
    // The service echoed the key: it never reaches the studio.
    expect(JSON.stringify(outcome)).not.toContain(SECRET);
    await fake.close();
  });

  it("retries network failures and reports serviceUnavailable", async () => {
    const fake = await startFakeService(() => ({ status: 200, hangUp: true }));
    const outcome = await fakeClient(fake).request([task()]);
    expect(fake.requests).toHaveLength(4);
    expect(outcome.errors).toHaveLength(1);
    expect(outcome.errors[0]?.code).toBe("serviceUnavailable");
    expect(outcome.errors[0]?.taskUUID).toBeUndefined();
    await fake.close();
  });

  it("ends a request at its deadline with timeoutProvider", async () => {
    const fake = await startFakeService(() => new Promise<never>(() => {}));
    const client = fakeClient(fake, {
      options: {
        http: { maxAttempts: 3, attemptTimeoutMs: 100, deadlineMs: 250, backoff: { baseMs: 10, capMs: 20 } },
      },
    });
    const outcome = await client.request([task()]);
    expect(outcome.errors[0]?.code).toBe("timeoutProvider");
    expect(outcome.errors[0]?.message).not.toContain(SECRET);
    await fake.close();
  });

  it("stops at once when the caller aborts", async () => {
    const fake = await startFakeService(() => new Promise<never>(() => {}));
    const controller = new AbortController();
    const pending = fakeClient(fake).request([task()], { signal: controller.signal });
    // Aborted while the service holds the request, however long the request took to arrive.
    await vi.waitFor(() => expect(fake.requests).toHaveLength(1));
    controller.abort();
    const outcome = await pending;
    expect(outcome.errors[0]?.code).toBe("requestAborted");
    expect(fake.requests).toHaveLength(1);
    await fake.close();
  });

  it("ends requests in progress when the client closes", async () => {
    const fake = await startFakeService(() => new Promise<never>(() => {}));
    const client = fakeClient(fake);
    const pending = client.request([task()]);
    await new Promise((r) => setTimeout(r, 30));
    await client.close();
    expect((await pending).errors[0]?.code).toBe("requestAborted");
    await fake.close();
  });

  it("counts a retried POST answered conflictTaskUUID as accepted, and its result can be polled", async () => {
    // The first try reaches the engine, but its answer is lost on the way back (a 502 instead).
    const fake = await startFakeService(async (n, body) => {
      const answer = await harness.post(body);
      return n === 0 ? { status: 502, body: {} } : { status: answer.status, body: answer.body };
    });
    const t = task();
    const client = createUpstreamClient(
      { httpUrl: fake.url, wsUrl: harness.wsUrl, apiKey: harness.key },
      { options: FAST },
    );
    const outcome = await client.request([t]);
    expect(fake.requests).toHaveLength(2);
    expect(outcome.errors).toEqual([]);
    expect(outcome.data).toEqual([
      { kind: "accepted", taskType: "imageInference", taskUUID: t.taskUUID, via: "conflictOnRetry" },
    ]);
    const engine = engineClient();
    const watched = await engine.watch(String(t.taskUUID), {
      delays: { initialMs: 20, factor: 2, maxMs: 100 },
    });
    expect(watched.ok).toBe(true);
    expect(watched.items.map((i) => i.status)).toEqual(["success"]);
    await fake.close();
  });
});
