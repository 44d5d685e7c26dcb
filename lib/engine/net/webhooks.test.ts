import { performance } from "node:perf_hooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readBody, startServer, type TestServer } from "@/lib/platform/net/test-servers";
import { realSleep } from "./sleep";
import {
  createWebhookSender,
  DEFAULT_WEBHOOK_MAX_ATTEMPTS,
  type WebhookOutcome,
  webhookDelays,
  withJitter,
} from "./webhooks";

let canary: TestServer;
beforeAll(async () => {
  canary = await startServer((_req, res) => res.end("canary reached"));
});
afterAll(() => canary.close());

const quiet = () => {};

interface Arrival {
  at: number;
  method: string;
  contentType: string | undefined;
  body: string;
}

/** A receiver answering from a script of statuses (the last one repeats), recording arrivals. */
async function receiver(script: number[]) {
  const arrivals: Arrival[] = [];
  const server = await startServer(async (req, res) => {
    const at = performance.now();
    const body = (await readBody(req)).toString();
    arrivals.push({ at, method: req.method ?? "", contentType: req.headers["content-type"], body });
    const status = script[Math.min(arrivals.length - 1, script.length - 1)] ?? 200;
    if (status >= 300 && status < 400) res.writeHead(status, { location: `${canary.origin}/followed` }).end();
    else res.writeHead(status).end();
  });
  return { server, arrivals };
}

describe("webhookDelays", () => {
  it("is the contract's schedule: 250 ms, doubling, capped at 8 s", () => {
    expect(webhookDelays(10)).toEqual([250, 500, 1000, 2000, 4000, 8000, 8000, 8000, 8000]);
    expect(webhookDelays(1)).toEqual([]);
    expect(webhookDelays(3)).toEqual([250, 500]);
  });

  it("the default bound is 10 attempts, about 40 s of waiting before jitter", () => {
    const delays = webhookDelays(DEFAULT_WEBHOOK_MAX_ATTEMPTS);
    expect(delays).toHaveLength(9);
    expect(delays.reduce((a, b) => a + b, 0)).toBe(39_750);
  });
});

describe("withJitter", () => {
  it("adds 0 to 20 % of the delay", () => {
    expect(withJitter(250, () => 0)).toBe(250);
    expect(withJitter(8000, () => 0)).toBe(8000);
    const high = withJitter(8000, () => 0.999);
    expect(high).toBeGreaterThan(8000 * 1.19);
    expect(high).toBeLessThanOrEqual(8000 * 1.2);
    expect(withJitter(250, () => 0.999)).toBe(299);
  });

  it("clamps a random source that leaves [0, 1)", () => {
    expect(withJitter(1000, () => -5)).toBe(1000);
    expect(withJitter(1000, () => 7)).toBe(1200);
  });
});

describe("createWebhookSender", () => {
  it("retries on the contract's schedule until the first 2xx (real receiver, real waits)", async () => {
    // 500, 302 (a failure, never followed), 500, 302, then 200: gaps of 250, 500, 1000, 2000 ms.
    const { server, arrivals } = await receiver([500, 302, 500, 302, 200]);
    const canaryBefore = canary.connections;
    // The waits are real; each one asked for is recorded, so the schedule is checked by what the
    // sender asked, not by how promptly a loaded machine woke it.
    const asked: number[] = [];
    const sender = createWebhookSender({
      network: { allowPrivate: true },
      onOutcome: quiet,
      sleep: (ms, signal) => {
        asked.push(ms);
        return realSleep(ms, signal);
      },
    });
    const body = { taskType: "imageInference", taskUUID: "5b0a2f6e-8a8e-4c61-9f0e-0c4c1f5e9a11" };
    const outcome = await sender.deliver(`${server.origin}/hook?token=abc`, body);
    await sender.drain();
    await server.close();

    expect(outcome).toMatchObject({ delivered: true, attempts: 5, status: 200 });
    expect(arrivals).toHaveLength(5);
    for (const a of arrivals) {
      expect(a.method).toBe("POST");
      expect(a.contentType).toBe("application/json");
      expect(JSON.parse(a.body)).toEqual(body);
    }
    expect(canary.connections - canaryBefore, "a 302 must not be followed").toBe(0);

    const expected = webhookDelays(5);
    expect(asked).toHaveLength(expected.length);
    for (let i = 0; i < expected.length; i++) {
      const delay = expected[i] as number;
      // Each wait is the contract's delay with at most 20 % jitter added, never less.
      expect(asked[i], `wait before attempt ${i + 2}`).toBeGreaterThanOrEqual(delay);
      expect(asked[i], `wait before attempt ${i + 2}`).toBeLessThanOrEqual(delay * 1.2);
      // And it was waited for: setTimeout runs on libuv's millisecond clock and can fire up to
      // ~1 ms early against performance.now().
      const gap = (arrivals[i + 1] as Arrival).at - (arrivals[i] as Arrival).at;
      expect(gap, `gap before attempt ${i + 2}`).toBeGreaterThanOrEqual(delay - 2);
    }
  });

  it("stops after maxAttempts (fake sleep: instant)", async () => {
    const { server, arrivals } = await receiver([500]);
    const slept: number[] = [];
    const sender = createWebhookSender({
      network: { allowPrivate: true },
      random: () => 0,
      sleep: async (ms) => {
        slept.push(ms);
      },
      onOutcome: quiet,
    });
    const outcome = await sender.deliver(server.origin, { n: 1 });
    await server.close();
    expect(outcome).toMatchObject({ delivered: false, attempts: 10, status: 500 });
    expect(outcome.error?.reason).toBe("httpStatus");
    expect(arrivals).toHaveLength(10);
    expect(slept).toEqual(webhookDelays(10));
  });

  it("waits with jitter from the injected random source", async () => {
    const { server } = await receiver([500]);
    const slept: number[] = [];
    const sender = createWebhookSender({
      network: { allowPrivate: true },
      maxAttempts: 4,
      random: () => 0.999,
      sleep: async (ms) => {
        slept.push(ms);
      },
      onOutcome: quiet,
    });
    await sender.deliver(server.origin, {});
    await server.close();
    expect(slept).toEqual([299, 599, 1199]);
  });

  it("counts a slow receiver (over the per-attempt limit) as a failure", async () => {
    const server = await startServer(() => {}); // never answers
    const sender = createWebhookSender({
      network: { allowPrivate: true },
      maxAttempts: 2,
      attemptTimeoutMs: 150,
      sleep: async () => {},
      onOutcome: quiet,
    });
    const outcome = await sender.deliver(server.origin, {});
    await server.close();
    expect(outcome).toMatchObject({ delivered: false, attempts: 2 });
    expect(outcome.error?.reason).toBe("timeout");
  });

  it("does not retry a forbidden address, and never connects to it", async () => {
    const before = canary.connections;
    const slept: number[] = [];
    const outcomes: WebhookOutcome[] = [];
    const sender = createWebhookSender({
      sleep: async (ms) => {
        slept.push(ms);
      },
      onOutcome: (_url, o) => outcomes.push(o),
    });
    const outcome = await sender.deliver(`${canary.origin}/hook`, {});
    expect(outcome).toMatchObject({ delivered: false, attempts: 1 });
    expect(outcome.error?.reason).toBe("forbiddenAddress");
    expect(slept).toEqual([]);
    expect(outcomes).toEqual([outcome]);
    expect(canary.connections).toBe(before);
  });

  it("runs in the background: drain waits for every delivery", async () => {
    const { server, arrivals } = await receiver([200]);
    const sender = createWebhookSender({ network: { allowPrivate: true }, onOutcome: quiet });
    for (let i = 0; i < 5; i++) void sender.deliver(server.origin, { i });
    expect(sender.pending).toBe(5);
    await sender.drain();
    expect(sender.pending).toBe(0);
    expect(arrivals).toHaveLength(5);
    await server.close();
  });

  it("a body JSON cannot encode, or a throwing onOutcome, never rejects", async () => {
    const sender = createWebhookSender({
      network: { allowPrivate: true },
      onOutcome: () => {
        throw new Error("logger broke");
      },
    });
    const outcome = await sender.deliver(canary.origin, { n: 1n });
    expect(outcome).toMatchObject({ delivered: false, attempts: 0 });
    await sender.drain();
  });

  it("close() cancels pending retries promptly", async () => {
    const { server, arrivals } = await receiver([500]);
    const sender = createWebhookSender({ network: { allowPrivate: true }, onOutcome: quiet });
    const delivery = sender.deliver(server.origin, {});
    while (arrivals.length === 0) await new Promise((r) => setTimeout(r, 5));
    const started = performance.now();
    await sender.close();
    const outcome = await delivery;
    await server.close();
    expect(outcome.cancelled).toBe(true);
    expect(outcome.delivered).toBe(false);
    // Functional, not a performance threshold: close must not sit out the 40 s retry schedule.
    expect(performance.now() - started).toBeLessThan(5_000);
    const late = await sender.deliver(server.origin, {});
    expect(late).toMatchObject({ delivered: false, attempts: 0, cancelled: true });
  });
});
