// The floor for `bench:fanout`: a bare server in its own process doing only what any server
// sending these events must do, exactly as the studio's relay writes them (no database, no
// sessions, no ordering, no audiences). Each event is the studio's JSON (same keys in the same
// order, an epoch as long), framed once; what a 10 ms window brings leaves as one write of those
// frames back to back to every socket's TCP socket, as `Fanout` does. Events are made on the
// bench publisher's schedule and stamped with the time each was due, as the publisher stamps them.
// The frames and the window are fanout-frames.mjs's (held to the studio's bytes by its test).
// Forked by the bench; told `{ prefix, rate, total }` over IPC, it answers once it has sent them all.
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import { WebSocketServer } from "ws";
import { boardEvent, eventFrame, frameWindow, hello, WINDOW_MS } from "./fanout-frames.mjs";

const EPOCH = randomUUID();

const server = createServer();
const wss = new WebSocketServer({ server, perMessageDeflate: false });
wss.on("connection", (ws) => ws.send(JSON.stringify(hello(EPOCH, 0, "bench"))));
server.listen(0, "127.0.0.1", () => process.send?.({ port: server.address().port }));

const outgoing = frameWindow(WINDOW_MS, (chunk) => {
  for (const ws of wss.clients) ws._socket?.write(chunk);
});

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
      outgoing.add(eventFrame(boardEvent(`${prefix}${sent}:${stamp}`, EPOCH, sent + 1)));
    }
    await sleep(5);
  }
  outgoing.flush();
  process.send?.({ done: true });
});
process.on("disconnect", () => process.exit(0));
