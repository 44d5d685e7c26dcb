// A worker thread of `bench:fanout`: opens its share of the browser sockets on /api/stream and, for
// every bench event received, notes the delay from the publish time stamped in it to now. Runs on
// its own event loop, so the publisher in the main thread does not delay the readings.
import { parentPort, workerData } from "node:worker_threads";
import { WebSocket } from "ws";

/** @type {{ sockets: { url: string; origin: string; cookie: string }[] }} */
const { sockets } = workerData;
const now = () => performance.timeOrigin + performance.now();
let prefix = null;
const open = sockets.map(({ url, origin, cookie }) => {
  const state = { received: 0, latencies: [], ws: null, closed: null };
  state.ws = new WebSocket(url, { headers: { origin, cookie } });
  state.ready = new Promise((resolve, reject) => {
    state.ws.on("error", reject);
    state.ws.on("close", (code) => {
      state.closed = code;
    });
    state.ws.on("unexpected-response", (_req, res) =>
      reject(new Error(`HTTP ${res.statusCode} from ${url}`)),
    );
    state.ws.on("message", (data) => {
      const text = String(data);
      // Only the greeting is parsed; a bench event is found by its prefix, its stamp read after
      // the last colon (the relay's JSON is not re-parsed 100,000 times a second).
      if (text.startsWith('{"type":"hello"')) resolve();
      if (prefix === null) return;
      const at = text.indexOf(prefix);
      if (at < 0) return;
      const end = text.indexOf('"', at);
      const id = text.slice(at, end);
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
      sockets: open.map((s) => ({ received: s.received, latencies: s.latencies, closed: s.closed })),
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
