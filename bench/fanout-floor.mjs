// The floor for `bench:fanout`: a bare `ws` server in its own process sending the same frames to
// every connected socket at the same rate (no database, no sessions, no relay). Forked by the
// bench; told `{ prefix, rate, total }` over IPC, it answers "done" once it has sent them all.
import { createServer } from "node:http";
import { WebSocketServer } from "ws";

const server = createServer();
const wss = new WebSocketServer({ server });
wss.on("connection", (ws) =>
  ws.send(JSON.stringify({ type: "hello", epoch: "floor", seq: 0, userId: "bench" })),
);
server.listen(0, "127.0.0.1", () => process.send?.({ port: server.address().port }));

process.on("message", ({ prefix, rate, total }) => {
  const began = performance.now();
  let sent = 0;
  const tick = setInterval(() => {
    const due = Math.min(total, Math.floor(((performance.now() - began) / 1000) * rate));
    // One write per socket per tick, as the relay gathers its writes.
    for (const ws of wss.clients) ws._socket?.cork();
    for (; sent < due; sent++) {
      const stamp = performance.timeOrigin + performance.now();
      const frame = Buffer.from(
        JSON.stringify({
          type: "gallery",
          epoch: "floor",
          seq: sent + 1,
          change: { kind: "board", boardId: `${prefix}${sent}:${stamp}` },
        }),
      );
      for (const ws of wss.clients) ws.send(frame, { binary: false });
    }
    for (const ws of wss.clients) ws._socket?.uncork();
    if (sent >= total) {
      clearInterval(tick);
      process.send?.({ done: true });
    }
  }, 5);
});
process.on("disconnect", () => process.exit(0));
