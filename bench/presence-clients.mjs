// A worker thread of `bench:presence`: opens its share of the watchers' sockets on /api/stream,
// each saying it is on the item once greeted, and notes when each presence event reached each
// socket and the count of members it named. Runs on its own event loop, so the mover's clock in
// the main thread is not held up by a thousand sockets' reading.
import { parentPort, workerData } from "node:worker_threads";
import { WebSocket } from "ws";

/** @type {{ sockets: { url: string; origin: string; cookie: string }[]; target: string }} */
const { sockets, target } = workerData;
const now = () => performance.timeOrigin + performance.now();
const open = sockets.map(({ url, origin, cookie }) => {
  const state = { events: [], ws: null, closed: null };
  state.ws = new WebSocket(url, { headers: { origin, cookie } });
  state.ready = new Promise((resolve, reject) => {
    state.ws.on("error", reject);
    state.ws.on("close", (code) => {
      state.closed = code;
      resolve();
    });
    state.ws.on("unexpected-response", (_req, res) =>
      reject(new Error(`HTTP ${res.statusCode} from ${url}`)),
    );
    state.ws.on("message", (data) => {
      const text = String(data);
      if (text.startsWith('{"type":"hello"')) {
        const say = () => {
          if (state.ws.readyState === WebSocket.OPEN)
            state.ws.send(JSON.stringify({ type: "presence", on: target }));
        };
        say();
        // Again every 20 s, as an open page says it is still there (PRESENCE_HEARTBEAT_MS).
        setInterval(say, 20_000).unref();
        resolve();
        return;
      }
      if (!text.startsWith('{"type":"presence"')) return;
      const event = JSON.parse(text);
      state.events.push({ at: now(), total: event.total });
    });
  });
  return state;
});

parentPort.on("message", (message) => {
  if (message.type === "report") {
    parentPort.postMessage({
      type: "report",
      sockets: open.map((s) => ({ events: s.events, closed: s.closed })),
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
