import "server-only";
import type { Socket } from "node:net";
import sharp from "sharp";
import { afterEach, describe, expect, it, vi } from "vitest";
import { WebSocket } from "ws";
import { type Harness, imageTask, seededRandom, sleep, startHarness, videoTask } from "@/lib/engine";
import { isServiceError } from "@/lib/protocol/errors";
import { DEFAULT_VIDEO_MODEL } from "@/lib/protocol/video-inference";
import { createUpstreamClient, type UpstreamClient, type WsOptions } from "./index";
import { EventLog, startProxy, type TcpProxy } from "./test-support";
import type { WireTask } from "./wire";
import { WS_DEFAULTS } from "./ws-options";

/** Short timings: reconnects in tens of ms; pings off unless a test wants them. */
const WS: Partial<WsOptions> = {
  pingIntervalMs: 60_000,
  pongTimeoutMs: 1_000,
  connectTimeoutMs: 3_000,
  reconnect: { baseMs: 20, capMs: 100 },
  closeGraceMs: 200,
};

interface Setup {
  harness: Harness;
  /** The engine's end of every WebSocket, newest last. */
  serverSockets: Socket[];
  client: UpstreamClient;
  log: EventLog;
  proxy?: TcpProxy;
}

let setup: Setup | undefined;
afterEach(async () => {
  await setup?.client.close();
  await setup?.proxy?.close();
  await setup?.harness.close();
  setup?.harness.cleanup();
  setup = undefined;
});

async function start(
  options: {
    env?: Record<string, string>;
    ws?: Partial<WsOptions>;
    key?: string;
    viaProxy?: boolean;
    random?: () => number;
  } = {},
): Promise<Setup> {
  const harness = await startHarness({ env: options.env ?? {} });
  const serverSockets: Socket[] = [];
  harness.server.on("upgrade", (_req, socket: Socket) => serverSockets.push(socket));
  const proxy = options.viaProxy ? await startProxy(Number(new URL(harness.origin).port)) : undefined;
  const client = createUpstreamClient(
    { httpUrl: harness.url, wsUrl: proxy?.wsUrl ?? harness.wsUrl, apiKey: options.key ?? harness.key },
    {
      options: { ws: { ...WS, ...options.ws } },
      ...(options.random ? { random: options.random } : {}),
    },
  );
  const log = new EventLog();
  client.socket.onMessage(log.listener);
  setup = { harness, serverSockets, client, log, ...(proxy ? { proxy } : {}) };
  return setup;
}

const image = (extra: Record<string, unknown> = {}) => imageTask(extra) as WireTask;

describe("WebSocket session", () => {
  it("authenticates, then receives an image pushed as {data}", async () => {
    const { client, log } = await start();
    const task = image({ numberResults: 2 });
    await client.socket.send([task]);
    await log.until(() => log.resultKeys().length === 2, 10_000, "two images");
    const items = log.events.filter((e) => e.type === "item");
    expect(
      items.every((e) => e.type === "item" && e.item.kind === "image" && e.taskUUID === task.taskUUID),
    ).toBe(true);
    expect(log.connectionChanges()).toEqual(["connected"]);
    const status = client.socket.status();
    expect(status).toMatchObject({
      state: "connected",
      connected: true,
      lastError: null,
      queued: 0,
      reconnects: 0,
    });
    expect(status.sessionUUID).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("routes a video's acknowledgment and result by taskUUID with onTask", { timeout: 60_000 }, async () => {
    const { client } = await start();
    const task = videoTask(DEFAULT_VIDEO_MODEL) as WireTask;
    const kinds: string[] = [];
    let done: () => void = () => {};
    const finished = new Promise<void>((resolve) => {
      done = resolve;
    });
    client.socket.onTask(String(task.taskUUID), (e) => {
      if (e.type === "item") kinds.push(e.item.kind);
      if (e.type === "item" && e.item.kind === "video") done();
    });
    await client.socket.send([task]);
    await finished;
    expect(kinds).toEqual(["accepted", "video"]);
  });

  it("reports a task's validation error as a task event with its parameter", async () => {
    const { client, log } = await start();
    const task = image({ height: 130 });
    await client.socket.send([task]);
    await log.until(() => log.events.some((e) => e.type === "error"));
    const error = log.events.find((e) => e.type === "error");
    expect(error).toMatchObject({ taskUUID: task.taskUUID, error: { parameter: "height" } });
  });

  it("queues sends made before the connection, and refuses one past maxQueue", async () => {
    const { client, log } = await start({ ws: { maxQueue: 2 } });
    const [a, b, c] = [image(), image(), image()];
    const first = client.socket.send([a]);
    const second = client.socket.send([b]);
    await expect(client.socket.send([c])).rejects.toSatisfy(isServiceError);
    await Promise.all([first, second]);
    await log.until(() => log.resultKeys().length === 2);
  });

  it("resumes after drops at random points and delivers every result exactly once (25 seeded runs)", {
    timeout: 120_000,
  }, async () => {
    const { client, log, serverSockets } = await start({
      random: seededRandom(0x5eed),
      env: { ENGINE_RESUME_MS: "5000" },
    });
    const runs: { seed: number; expected: number; mine: () => string[] }[] = [];
    for (let run = 0; run < 25; run++) {
      const seed = 0xc0ffee + run;
      const random = seededRandom(seed);
      const tasks = Array.from({ length: 1 + Math.floor(random() * 3) }, () =>
        image({ numberResults: 1 + Math.floor(random() * 4) }),
      );
      const expected = tasks.reduce((n, t) => n + Number(t.numberResults), 0);
      const uuids = new Set(tasks.map((t) => String(t.taskUUID)));
      const mine = () => log.resultKeys().filter((k) => uuids.has(k.split("|")[0] ?? ""));
      runs.push({ seed, expected, mine });
      const sending = client.socket.send(tasks);
      const drops = 1 + Math.floor(random() * 2);
      for (let d = 0; d < drops; d++) {
        await sleep(Math.floor(random() * 60));
        // The network dropping the engine's end: every frame it wrote stays readable.
        serverSockets.at(-1)?.destroy();
      }
      await sending;
      await log.until(() => mine().length >= expected, 15_000, `seed ${seed}: ${expected} results`);
    }
    // A duplicate would arrive by now: each run's results are counted after every later run and a
    // last pause, so an early run's duplicates have had longer to come than one pause each.
    await sleep(50);
    for (const { seed, expected, mine } of runs) {
      const keys = mine();
      expect(keys.length, `seed ${seed}`).toBe(expected);
      expect(new Set(keys).size, `seed ${seed}`).toBe(expected);
    }
    // Tasks sent again after a drop and answered conflictTaskUUID are accepted, never failed.
    expect(log.events.filter((e) => e.type === "error")).toEqual([]);
    expect(log.connectionChanges()).toContain("disconnected");
    expect(client.socket.status().reconnects).toBeGreaterThan(0);
    // Every reconnect resumed the one session.
    const connected = log.events.flatMap((e) =>
      e.type === "connection" && e.change === "connected" ? [e] : [],
    );
    expect(connected.slice(1).every((e) => e.resumed)).toBe(true);
    expect(new Set(connected.map((e) => e.sessionUUID)).size).toBe(1);
  });

  it("resumes through a proxy that is cut mid-task", async () => {
    const { client, log, proxy } = await start({ viaProxy: true });
    const task = image({ numberResults: 4 });
    await client.socket.send([task]);
    proxy?.cut();
    await log.until(
      () => log.connectionChanges().filter((c) => c === "connected").length === 2,
      5_000,
      "a resume",
    );
    // Results lost inside the cut connection cannot be replayed by the service (it saw them
    // written); the ones it still held arrive once, and the rest are fetched by polling.
    // Polled until the service has finished all four (a busy machine renders them slowly).
    let finished = false;
    for (let i = 0; i < 100 && !finished; i++) {
      const polled = await client.poll(String(task.taskUUID));
      finished = polled.ok && polled.items.length === 4 && polled.items.every((i) => i.status === "success");
      if (!finished) await sleep(200);
    }
    expect(finished).toBe(true);
    const keys = log.resultKeys();
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("a task sent again on purpose that the service holds is taken as held, not failed; sent plainly, it conflicts", async () => {
    const { client, log } = await start();
    const task = image();
    await client.socket.send([task]);
    await log.until(() => log.resultKeys().length === 1);
    await client.socket.send([task], undefined, { again: true });
    await log.until(() =>
      log.events.some(
        (e) => e.type === "item" && e.item.kind === "accepted" && e.item.via === "conflictOnRetry",
      ),
    );
    expect(log.events.filter((e) => e.type === "error")).toEqual([]);
    const other = image();
    await client.socket.send([other]);
    await log.until(() => log.resultKeys().length === 2);
    await client.socket.send([other]);
    await log.until(() => log.events.some((e) => e.type === "error"));
    expect(log.events.find((e) => e.type === "error")).toMatchObject({
      taskUUID: other.taskUUID,
      error: { code: "conflictTaskUUID" },
    });
  });

  it("starts a new session when the old one expired, and says so", async () => {
    const { client, log, serverSockets } = await start({
      env: { ENGINE_RESUME_MS: "150" },
      ws: { reconnect: { baseMs: 400, capMs: 400 } },
      // The jitter draws its maximum: the reconnect waits ~400 ms, past the engine's 150 ms window.
      random: () => 0.999,
    });
    await client.socket.send([image()]);
    await log.until(() => log.resultKeys().length === 1);
    const first = client.socket.status().sessionUUID;
    serverSockets.at(-1)?.destroy();
    await log.until(
      () => log.connectionChanges().filter((c) => c === "connected").length === 2,
      5_000,
      "a reconnect",
    );
    const second = log.events.filter((e) => e.type === "connection" && e.change === "connected").at(-1);
    if (second?.type !== "connection" || second.change !== "connected") throw new Error("no reconnect");
    expect(second.resumed).toBe(false);
    expect(second.lostSessionUUID).toBe(first);
    expect(second.sessionUUID).not.toBe(first);
    await client.socket.send([image()]);
    await log.until(() => log.resultKeys().length === 2);
  });

  it("treats a missing pong as a dead socket and resumes", async () => {
    const { client, log, proxy } = await start({
      viaProxy: true,
      ws: { pingIntervalMs: 50, pongTimeoutMs: 150 },
    });
    client.socket.start();
    await log.until(() => log.connectionChanges().includes("connected"));
    await sleep(200); // pings answered: nothing happens
    expect(log.connectionChanges()).toEqual(["connected"]);
    proxy?.silence();
    await log.until(() => log.connectionChanges().includes("disconnected"), 5_000, "the dead socket");
    const dropped = log.events.find((e) => e.type === "connection" && e.change === "disconnected");
    expect(dropped).toMatchObject({ error: { code: "timeoutProvider" } });
    await log.until(
      () => log.connectionChanges().filter((c) => c === "connected").length === 2,
      5_000,
      "a resume",
    );
    await client.socket.send([image()]);
    await log.until(() => log.resultKeys().length === 1);
  });

  it("keeps an otherwise idle connection open with pings", async () => {
    const { client, log } = await start({ env: { ENGINE_WS_IDLE_MS: "300" }, ws: { pingIntervalMs: 80 } });
    client.socket.start();
    await log.until(() => log.connectionChanges().includes("connected"));
    await sleep(900);
    expect(log.connectionChanges()).toEqual(["connected"]);
  });

  it("sends an inline seed image of over 1 MiB to the engine as an upload, and the image is made", async () => {
    const { client, log } = await start();
    // Noise does not compress: a PNG of about 1.9 MB.
    const png = await sharp({
      create: {
        width: 800,
        height: 800,
        channels: 3,
        background: "#808080",
        noise: { type: "gaussian", mean: 128, sigma: 40 },
      },
    })
      .png()
      .toBuffer();
    const seedImage = `data:image/png;base64,${png.toString("base64")}`;
    expect(seedImage.length).toBeGreaterThan(WS_DEFAULTS.uploadAboveChars);
    const task = image({ seedImage, width: 512, height: 512 });
    const frames = vi.spyOn(WebSocket.prototype, "send");
    await client.socket.send([task]);
    await log.until(() => log.events.some((e) => e.type !== "connection"), 20_000, "an answer");
    expect(log.events.filter((e) => e.type === "error")).toEqual([]);
    expect(log.resultKeys()).toHaveLength(1);
    // The upload's own answer reached no listener: only the task's image did.
    expect(log.events.filter((e) => e.type === "item" && e.item.kind !== "image")).toEqual([]);
    const texts = frames.mock.calls.map(([data]) => String(data));
    frames.mockRestore();
    const carrying = texts.filter((t) => t.includes(seedImage.slice(-100)));
    expect(carrying).toHaveLength(1);
    expect(carrying[0]).toContain('"imageUpload"');
    const sent = texts.find((t) => t.includes(String(task.taskUUID)) && t.includes('"imageInference"'));
    expect(sent?.length).toBeLessThan(2_000);
  });

  it("refuses sends while the key is refused, never showing it", async () => {
    const key = "sk-live-DO-NOT-LEAK-123456";
    const { client, log } = await start({ key });
    await expect(client.socket.send([image()])).rejects.toSatisfy(
      (e: unknown) => isServiceError(e) && e.code === "invalidApiKey" && !JSON.stringify(e).includes(key),
    );
    const status = client.socket.status();
    expect(status.state).toBe("failed");
    expect(status.lastError?.code).toBe("invalidApiKey");
    expect(JSON.stringify(status)).not.toContain(key);
    expect(JSON.stringify(log.events)).not.toContain(key);
    expect(new Set(log.connectionChanges())).toEqual(new Set(["failed"]));
  });

  it("close() rejects waiting sends and stops reconnecting", async () => {
    const { client, harness } = await start({ ws: { reconnect: { baseMs: 5_000, capMs: 5_000 } } });
    await harness.close();
    const pending = client.socket.send([image()]);
    await sleep(50);
    await client.close();
    await expect(pending).rejects.toSatisfy(
      (e: unknown) => isServiceError(e) && e.code === "serviceUnavailable",
    );
    expect(client.socket.status()).toMatchObject({ state: "closed", connected: false, queued: 0 });
    await expect(client.socket.send([image()])).rejects.toSatisfy(isServiceError);
  });
});
