// A worker thread of `bench:fanout`: opens its share of the browser sockets and, for every bench
// event received, notes the delay from the time the event was due (stamped in it) to now. Runs on
// its own event loop, so the publisher in the main thread does not delay the readings.
//
// The sockets read raw WebSocket frames, not through `ws`: a thousand sockets at a thousand events
// a second are a million messages a second, and `ws` making a message (and a string) of each was
// most of what the machine did, for the studio and the bare server alike, so the bench measured
// its own clients. Here a frame costs its header, a check for the bench's prefix where the last
// event had it, and its stamp read from the bytes (about 70 ns); the clock is read once per read
// from the socket, since every frame in it arrived then. The studio and the bare server get
// exactly the same reading (they are the same code).
import { randomBytes } from "node:crypto";
import { request } from "node:http";
import { parentPort, workerData } from "node:worker_threads";

/** @type {{ sockets: { url: string; origin: string; cookie: string }[] }} */
const { sockets } = workerData;
const now = () => performance.timeOrigin + performance.now();
const HELLO = Buffer.from('{"type":"hello"');
/** @type {Buffer | null} */
let prefix = null;
let capacity = 0;
/** The event loop's use since the last start: whether the clients kept up or set the pace. */
let busySince = performance.eventLoopUtilization();

/** Where the prefix was in the last bench event, from its payload's start (the same in each). */
let offset = -1;

/** Whether `buf` holds the prefix at `at` (a loop in JS: cheaper than `indexOf` at a known place). */
function prefixAt(buf, at) {
  if (prefix === null || at < 0 || at + prefix.length > buf.length) return false;
  for (let i = 0; i < prefix.length; i++) if (buf[at + i] !== prefix[i]) return false;
  return true;
}

/**
 * A bench event in the text frame `buf[from, to)`: its id is `<prefix><n>:<stamp>` in quotes;
 * the stamp is read from the bytes as they come, without making a string.
 */
function readEvent(state, buf, from, to, arrived) {
  if (prefix === null) return;
  let at = from + offset;
  if (!prefixAt(buf, at)) {
    at = buf.indexOf(prefix, from);
    if (at < 0 || at >= to) return;
    offset = at - from;
  }
  let i = at + prefix.length;
  while (i < to && buf[i] !== 0x3a) i++;
  let whole = 0;
  for (i++; i < to && buf[i] !== 0x2e && buf[i] !== 0x22; i++) whole = whole * 10 + (buf[i] - 0x30);
  let fraction = 0;
  let scale = 1;
  if (buf[i] === 0x2e)
    for (i++; i < to && buf[i] !== 0x22; i++) {
      fraction = fraction * 10 + (buf[i] - 0x30);
      scale *= 10;
    }
  if (state.received < capacity) state.latencies[state.received] = arrived - (whole + fraction / scale);
  state.received++;
}

/** A masked pong (a client's frames are masked; a zero key leaves the payload as it is). */
function pong(socket, payload) {
  socket.write(Buffer.concat([Buffer.from([0x8a, 0x80 | payload.length, 0, 0, 0, 0]), payload]));
}

/** Reads whole frames from `buf`, all arrived at `arrived`; answers where the unread rest begins. */
function readFrames(state, socket, buf, arrived) {
  let at = 0;
  while (buf.length - at >= 2) {
    const opcode = buf[at] & 0x0f;
    let length = buf[at + 1] & 0x7f;
    let header = 2;
    if (length === 126) {
      if (buf.length - at < 4) break;
      length = buf.readUInt16BE(at + 2);
      header = 4;
    } else if (length === 127) {
      if (buf.length - at < 10) break;
      length = Number(buf.readBigUInt64BE(at + 2));
      header = 10;
    }
    const end = at + header + length;
    if (end > buf.length) break;
    const from = at + header;
    if (opcode === 0x1) {
      if (!state.greeted && buf.indexOf(HELLO, from) === from) {
        state.greeted = true;
        state.resolve();
      } else readEvent(state, buf, from, end, arrived);
    } else if (opcode === 0x9) pong(socket, buf.subarray(from, end));
    else if (opcode === 0x8) state.closed = length >= 2 ? buf.readUInt16BE(from) : 1005;
    at = end;
  }
  return at;
}

function connect({ url, origin, cookie }) {
  const state = { received: 0, latencies: new Float64Array(0), closed: null, greeted: false, socket: null };
  state.ready = new Promise((resolve, reject) => {
    state.resolve = resolve;
    const { hostname, port, pathname } = new URL(url);
    const req = request({
      host: hostname,
      port,
      path: pathname,
      headers: {
        connection: "Upgrade",
        upgrade: "websocket",
        "sec-websocket-version": "13",
        "sec-websocket-key": randomBytes(16).toString("base64"),
        origin,
        cookie,
      },
    });
    req.on("error", reject);
    req.on("response", (res) => reject(new Error(`HTTP ${res.statusCode} from ${url}`)));
    req.on("upgrade", (_res, socket, head) => {
      state.socket = socket;
      socket.setNoDelay(true);
      let rest = head.length > 0 ? head : null;
      const read = (chunk) => {
        const buf = rest ? Buffer.concat([rest, chunk]) : chunk;
        const used = readFrames(state, socket, buf, now());
        rest = used < buf.length ? buf.subarray(used) : null;
      };
      socket.on("data", read);
      socket.on("error", () => undefined);
      socket.on("close", () => {
        state.closed ??= 1006;
        reject(new Error(`${url} closed before its greeting`));
      });
      if (rest) {
        const first = rest;
        rest = null;
        read(first);
      }
    });
    req.end();
  });
  return state;
}

const open = sockets.map(connect);

parentPort.on("message", (message) => {
  if (message.type === "start") {
    prefix = Buffer.from(message.prefix);
    capacity = message.total;
    busySince = performance.eventLoopUtilization();
    for (const s of open) {
      s.received = 0;
      s.latencies = new Float64Array(capacity);
    }
  } else if (message.type === "count") {
    parentPort.postMessage({ type: "count", received: open.map((s) => s.received) });
  } else if (message.type === "report") {
    parentPort.postMessage({
      type: "report",
      busy: performance.eventLoopUtilization(busySince).utilization,
      sockets: open.map((s) => ({
        received: s.received,
        latencies: s.latencies.subarray(0, Math.min(s.received, capacity)),
        closed: s.closed,
      })),
    });
  } else if (message.type === "close") {
    // A close frame (masked, code 1000), then the end of the connection.
    for (const s of open) s.socket?.end(Buffer.from([0x88, 0x82, 0, 0, 0, 0, 0x03, 0xe8]));
    parentPort.close();
  }
});

Promise.all(open.map((s) => s.ready)).then(
  () => parentPort.postMessage({ type: "ready" }),
  (err) => parentPort.postMessage({ type: "failed", message: String(err?.message ?? err) }),
);
