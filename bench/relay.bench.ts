/**
 * The relay's cost: results published into the studio's event log and delivered to a browser's
 * socket on `/api/stream` (same-origin check, per-user routing, resume window), beside a bare
 * `ws` server sending the same bytes straight to a socket, in one run. Sends RESULTS items at a
 * steady RATE per second and reports delivered results/s and the latency from publish to receipt.
 * Target: the relay sustains 500 results/s.
 *
 *   npm run bench:relay            (BENCH_RATE=2000 BENCH_RESULTS=10000 for more)
 */
import "../scripts/register-server-only.mjs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { WebSocket, WebSocketServer } from "ws";
import type { GalleryItem } from "../lib/studio/items/gallery-item";

const RESULTS = Number(process.env.BENCH_RESULTS ?? 5000);
const RATE = Number(process.env.BENCH_RATE ?? 1000);

const { EventLog } = await import("../lib/server/stream/event-log");
const { createRelay } = await import("../lib/server/stream/relay");

function item(i: number): GalleryItem {
  return {
    id: crypto.randomUUID(),
    taskUUID: crypto.randomUUID(),
    taskType: "imageInference",
    workflow: "text-to-image",
    authorId: "bench-user",
    authorName: "Bench",
    kind: "image",
    mediaUUID: crypto.randomUUID(),
    url: `/api/media/items/2026/01/${i}.jpg`,
    mime: "image/jpeg",
    width: 1024,
    height: 1024,
    durationSeconds: null,
    seed: String(1000 + i),
    cost: 0.0013,
    nsfw: false,
    prompt: "a lighthouse on a cliff at dusk, volumetric light, 35mm",
    model: "runware:100@1",
    createdAt: new Date().toISOString(),
  };
}

interface Result {
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
}

/** Sends RESULTS messages at RATE/s through `publish`, measuring what the client socket receives. */
async function run(
  url: string,
  headers: Record<string, string>,
  publish: (i: number) => void,
): Promise<Result> {
  const ws = new WebSocket(url, { headers });
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", reject);
  });
  const sentAt = new Float64Array(RESULTS);
  const latencies: number[] = [];
  let received = 0;
  const done = new Promise<number>((resolve) => {
    ws.on("message", (data) => {
      const text = String(data);
      const m = /"seed":"(\d+)"/.exec(text);
      if (!m) return;
      const i = Number(m[1]) - 1000;
      latencies.push(performance.now() - (sentAt[i] ?? 0));
      if (++received === RESULTS) resolve(performance.now());
    });
  });
  const start = performance.now();
  const perTick = Math.max(1, Math.round(RATE / 100));
  for (let i = 0; i < RESULTS; i += perTick) {
    for (let j = i; j < Math.min(RESULTS, i + perTick); j++) {
      sentAt[j] = performance.now();
      publish(j);
    }
    const due = start + ((i + perTick) / RATE) * 1000;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
  const end = await done;
  ws.close();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { perSecond: (RESULTS / (end - start)) * 1000, p50Ms: at(0.5), p99Ms: at(0.99) };
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve(`127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

// The relay, as server.ts hosts it (authentication stubbed: the session lookup is not the subject).
const log = new EventLog();
const relay = createRelay({
  log,
  authenticate: async () => ({ userId: "bench-user", sessionId: "bench-session", role: "viewer" }),
});
const relayServer = createServer();
relayServer.on("upgrade", (req, socket, head) => relay.handleUpgrade(req, socket, head));
const relayHost = await listen(relayServer);

// The peer: a bare ws server sending the same event bytes.
const bareServer = createServer();
const wss = new WebSocketServer({ server: bareServer });
let bareClient: WebSocket | null = null;
wss.on("connection", (ws) => {
  bareClient = ws;
});
const bareHost = await listen(bareServer);
let seq = 0;

const ours = await run(`ws://${relayHost}/api/stream`, { origin: `http://${relayHost}` }, (i) =>
  log.publishItem(item(i)),
);
const peer = await run(`ws://${bareHost}/`, {}, (i) =>
  bareClient?.send(JSON.stringify({ type: "item", epoch: log.epoch, seq: ++seq, item: item(i) })),
);

console.info(`${RESULTS} results at ${RATE}/s to one browser socket`);
console.info(`${"".padEnd(22)}results/s    p50 ms    p99 ms`);
const row = (name: string, r: Result) =>
  console.info(
    `${name.padEnd(22)}${r.perSecond.toFixed(0).padStart(9)}${r.p50Ms.toFixed(2).padStart(10)}${r.p99Ms.toFixed(2).padStart(10)}`,
  );
row("relay (/api/stream)", ours);
row("bare ws server", peer);
console.info(
  `relay sustains ${ours.perSecond.toFixed(0)} results/s (target >= 500); p50 added ${(ours.p50Ms - peer.p50Ms).toFixed(2)} ms`,
);

await relay.close();
relayServer.close();
wss.close();
bareServer.close();
