// The floor for `bench:fanout`: a bare server in its own process doing only what any server
// sending these events must do, exactly as the studio's relay writes them (no database, no
// sessions, no ordering, no audiences). Each event is the studio's JSON (same keys in the same
// order, an epoch as long), framed once; what a 10 ms window brings leaves as one write of those
// frames back to back to every socket's TCP socket, as `Fanout` does. Events are made on the
// bench publisher's schedule and stamped with the time each was due, as the publisher stamps them.
// Forked by the bench; told `{ prefix, rate, total }` over IPC, it answers once it has sent them all.
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import { WebSocketServer } from "ws";

/** As the relay's `CORK_MS`. */
const WINDOW_MS = 10;
const EPOCH = randomUUID();

const server = createServer();
const wss = new WebSocketServer({ server, perMessageDeflate: false });
wss.on("connection", (ws) =>
  ws.send(JSON.stringify({ type: "hello", epoch: EPOCH, seq: 0, userId: "bench" })),
);
server.listen(0, "127.0.0.1", () => process.send?.({ port: server.address().port }));

/** A WebSocket text message as a server sends it (the relay's `textFrame`). */
function textFrame(payload) {
  const header = payload.length < 126 ? 2 : payload.length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(header + payload.length);
  frame[0] = 0x81;
  if (header === 2) frame[1] = payload.length;
  else if (header === 4) {
    frame[1] = 126;
    frame.writeUInt16BE(payload.length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(payload.length), 2);
  }
  payload.copy(frame, header);
  return frame;
}

let window = [];
let timer = null;

function flush() {
  timer = null;
  const chunk = window.length === 1 ? window[0] : Buffer.concat(window);
  window = [];
  for (const ws of wss.clients) ws._socket?.write(chunk);
}

function broadcast(frame) {
  window.push(frame);
  timer ??= setTimeout(flush, WINDOW_MS);
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

process.on("message", async ({ prefix, rate, total }) => {
  const began = performance.timeOrigin + performance.now();
  let sent = 0;
  // The publisher's loop: each 5 ms, whatever is due by now.
  while (sent < total) {
    const due = Math.min(
      total,
      Math.floor(((performance.timeOrigin + performance.now() - began) / 1000) * rate),
    );
    for (; sent < due; sent++) {
      const stamp = began + (sent * 1000) / rate;
      const event = {
        type: "gallery",
        change: { kind: "board", boardId: `${prefix}${sent}:${stamp}` },
        epoch: EPOCH,
        seq: sent + 1,
      };
      broadcast(textFrame(Buffer.from(JSON.stringify(event))));
    }
    await sleep(5);
  }
  if (timer) {
    clearTimeout(timer);
    flush();
  }
  process.send?.({ done: true });
});
process.on("disconnect", () => process.exit(0));
