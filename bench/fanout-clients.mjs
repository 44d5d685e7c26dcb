// A worker thread of `bench:fanout`: opens its share of the browser sockets on /api/stream and, for
// every bench event received, notes the delay from the publish time stamped in it to now. Runs on
// its own event loop, so the publisher in the main thread does not delay the readings.
import { parentPort, workerData } from "node:worker_threads";
import { WebSocket } from "ws";

/** @type {{ sockets: { url: string; origin: string }[]; cookie: string }} */
const { sockets, cookie } = workerData;
const now = () => performance.timeOrigin + performance.now();
let prefix = null;
const open = sockets.map(({ url, origin }) => {
  const state = { received: 0, latencies: [], ws: null };
  state.ws = new WebSocket(url, { headers: { origin, cookie } });
  state.ready = new Promise((resolve, reject) => {
    state.ws.on("error", reject);
    state.ws.on("unexpected-response", (_req, res) =>
      reject(new Error(`HTTP ${res.statusCode} from ${url}`)),
    );
    state.ws.on("message", (data) => {
      const event = JSON.parse(String(data));
      if (event.type === "hello") resolve();
      if (prefix === null || event.type !== "gallery" || event.change?.kind !== "board") return;
      const id = event.change.boardId;
      if (!id.startsWith(prefix)) return;
      state.received++;
      state.latencies.push(now() - Number(id.slice(id.lastIndexOf(":") + 1)));
    });
  });
  return state;
});

parentPort.on("message", (message) => {
  if (message.type === "start") {
    prefix = message.prefix;
    for (const s of open) {
      s.received = 0;
      s.latencies = [];
    }
  } else if (message.type === "report") {
    parentPort.postMessage({
      type: "report",
      sockets: open.map((s) => ({ received: s.received, latencies: s.latencies })),
    });
  } else if (message.type === "close") {
    for (const s of open) s.ws.close();
    parentPort.close();
  }
});

Promise.all(open.map((s) => s.ready)).then(
  () => parentPort.postMessage({ type: "ready" }),
  (err) => parentPort.postMessage({ type: "failed", message: String(err?.message ?? err) }),
);
