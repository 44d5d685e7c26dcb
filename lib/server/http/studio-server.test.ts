import fs from "node:fs";
import type { Server } from "node:http";
import { type AddressInfo, connect, type Socket } from "node:net";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { WebSocket, WebSocketServer } from "ws";
import { CONNECTION_TIMEOUTS, createStudioServer } from "./studio-server";

/**
 * The studio's server with its timeouts scaled down (the same wiring, smaller numbers): a client
 * trickling its headers is cut, while a slow body and an open WebSocket are not.
 */
const SHORT = { headers: 300, request: 1_000, keepAlive: 200, checkEvery: 100 };

let server: Server;
let wss: WebSocketServer;
let port: number;
const sockets: Socket[] = [];

beforeEach(async () => {
  server = createStudioServer((req, res) => {
    let bytes = 0;
    req.on("data", (chunk: Buffer) => {
      bytes += chunk.length;
    });
    req.on("end", () => res.end(`got ${bytes}`));
  }, SHORT);
  wss = new WebSocketServer({ noServer: true });
  server.on("upgrade", (req, socket, head) =>
    wss.handleUpgrade(req, socket, head, (ws) => ws.on("message", (data) => ws.send(`echo ${data}`))),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  for (const ws of wss.clients) ws.terminate();
  wss.close();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** A raw connection: what it was sent, and a promise of its close. */
function rawSocket() {
  const socket = connect(port, "127.0.0.1");
  sockets.push(socket);
  let received = "";
  socket.on("data", (chunk) => {
    received += String(chunk);
  });
  socket.on("error", () => undefined);
  const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
  return { socket, closed, received: () => received };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the studio's server", () => {
  it("keeps the numbers that close a slow-loris within well under a minute", () => {
    expect(CONNECTION_TIMEOUTS.headers + CONNECTION_TIMEOUTS.checkEvery).toBeLessThanOrEqual(20_000);
    expect(CONNECTION_TIMEOUTS.request).toBeGreaterThanOrEqual(300_000);
  });

  it("cuts a client that trickles its headers a line at a time (slow-loris), answering 408", async () => {
    const { socket, closed, received } = rawSocket();
    socket.write("GET / HTTP/1.1\r\nHost: studio\r\n");
    let lines = 0;
    const trickle = setInterval(() => {
      if (socket.writable) socket.write(`X-Slow-${lines++}: still here\r\n`);
    }, 50);
    await closed;
    clearInterval(trickle);
    expect(received()).toMatch(/^HTTP\/1\.1 408/);
    // It was cut, not served: its headers never ended.
    expect(received()).not.toMatch(/got \d+/);
  });

  it("lets a body arrive slowly for longer than the headers may take", async () => {
    const { socket, received } = rawSocket();
    const chunks = 10;
    socket.write(`POST /upload HTTP/1.1\r\nHost: studio\r\nContent-Length: ${chunks * 100}\r\n\r\n`);
    // 10 chunks 70 ms apart: twice the headers' time, within the request's.
    for (let i = 0; i < chunks; i++) {
      socket.write("x".repeat(100));
      await sleep(70);
    }
    await expect.poll(() => received()).toMatch(/^HTTP\/1\.1 200[\s\S]*got 1000$/);
  });

  it("keeps an upgraded WebSocket open past every timeout, and closes an idle keep-alive connection", async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/stream`);
    const replies: string[] = [];
    ws.on("message", (data) => replies.push(String(data)));
    await new Promise((resolve) => ws.on("open", resolve));
    ws.send("first");
    await expect.poll(() => replies).toEqual(["echo first"]);

    const idle = rawSocket();
    idle.socket.write("GET / HTTP/1.1\r\nHost: studio\r\n\r\n");
    await idle.closed;
    expect(idle.received()).toMatch(/^HTTP\/1\.1 200/);

    // Past the request's timeout and many checks: the socket is a WebSocket now, not a request.
    await sleep(SHORT.request + 3 * SHORT.checkEvery);
    expect(ws.readyState).toBe(WebSocket.OPEN);
    ws.send("later");
    await expect.poll(() => replies).toEqual(["echo first", "echo later"]);
    ws.close();
  });
});

describe("idle connections behind the proxy", () => {
  it("are kept longer than the shipped nginx keeps its own to the studio, so the proxy closes first", () => {
    const conf = fs.readFileSync(
      path.resolve(import.meta.dirname, "../../../deploy/nginx/media-studio.conf"),
      "utf8",
    );
    const upstream = /upstream\s+\S+\s*\{([^}]*)\}/.exec(conf)?.[1] ?? "";
    expect(upstream).toMatch(/\bkeepalive\s+\d+;/);
    // nginx keeps an idle upstream connection 60 s unless `keepalive_timeout` says otherwise.
    const set = /\bkeepalive_timeout\s+(\d+)s?;/.exec(upstream)?.[1];
    const proxySeconds = set ? Number(set) : 60;
    expect(CONNECTION_TIMEOUTS.keepAlive).toBeGreaterThan(proxySeconds * 1000);
  });
});
