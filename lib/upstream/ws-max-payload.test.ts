import "server-only";
import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { type WebSocket, WebSocketServer } from "ws";
import { EventLog } from "./test-support";
import type { WireTask } from "./wire";
import { pngDataUri } from "./ws-double";
import { WS_DEFAULTS } from "./ws-options";
import { UpstreamSession } from "./ws-session";

/**
 * Over a real socket: a service whose WebSocket server has a frame limit (`maxPayload`) closes
 * with 1009 itself, as hosted services do; the session finds the message it refused, uploads its
 * image apart, and the task goes through.
 */

const KB = 1024;

let server: WebSocketServer | undefined;
let session: UpstreamSession | undefined;
afterEach(async () => {
  await session?.close();
  for (const client of server?.clients ?? []) client.terminate();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
  session = undefined;
});

/** Tasks received, by taskUUID. */
const received = new Map<string, Record<string, unknown>>();
/** The imageUUIDs of the images uploaded. */
const uploaded = new Set<string>();

function answer(socket: WebSocket, text: string) {
  for (const task of JSON.parse(text) as Record<string, unknown>[]) {
    const { taskType, taskUUID } = task;
    if (taskType === "authentication") {
      socket.send(JSON.stringify({ data: [{ taskType, connectionSessionUUID: randomUUID() }] }));
    } else if (taskType === "imageUpload" || taskType === "imageInference") {
      received.set(String(taskUUID), task);
      const imageUUID = randomUUID();
      if (taskType === "imageUpload") uploaded.add(imageUUID);
      const extra = taskType === "imageInference" ? { seed: 1 } : {};
      const imageURL = `https://cdn.example/${imageUUID}.png`;
      socket.send(JSON.stringify({ data: [{ taskType, taskUUID, imageUUID, imageURL, ...extra }] }));
    }
  }
}

describe("a service with a frame limit, over a real socket", () => {
  it("closes with 1009 on the inline image; the task goes through with the image uploaded", async () => {
    server = new WebSocketServer({ port: 0, host: "127.0.0.1", maxPayload: 256 * KB });
    server.on("connection", (socket) => {
      socket.on("message", (raw) => answer(socket, raw.toString()));
      // ws reports the oversized frame as an error on its side, then closes with 1009.
      socket.on("error", () => {});
    });
    await new Promise<void>((resolve) => server?.once("listening", () => resolve()));
    const { port } = server.address() as AddressInfo;
    session = new UpstreamSession(
      { httpUrl: `http://127.0.0.1:${port}/v1`, wsUrl: `ws://127.0.0.1:${port}/v1`, apiKey: "k" },
      { ...WS_DEFAULTS, reconnect: { baseMs: 20, capMs: 100 } },
      { random: () => 0.5 },
    );
    const log = new EventLog();
    session.onMessage(log.listener);
    const task: WireTask = {
      taskType: "imageInference",
      taskUUID: randomUUID(),
      positivePrompt: "a lighthouse on a cliff at dusk",
      model: "runware:100@1",
      width: 512,
      height: 512,
      // Together over the limit, each under it.
      seedImage: pngDataUri(200 * KB),
      maskImage: pngDataUri(200 * KB),
    };
    await session.send([task]);
    await log.until(() => log.events.some((e) => e.type === "item" || e.type === "error"), 10_000);
    expect(log.events.filter((e) => e.type === "error")).toEqual([]);
    const dropped = log.events.find((e) => e.type === "connection" && e.change === "disconnected");
    expect(dropped).toMatchObject({ error: { message: expect.stringMatching(/too big for it \(1009\)/) } });
    const sent = received.get(String(task.taskUUID));
    expect(uploaded.has(String(sent?.seedImage))).toBe(true);
    expect(uploaded.has(String(sent?.maskImage))).toBe(true);
    expect(log.events.filter((e) => e.type === "item" && e.item.kind === "image")).toHaveLength(1);
  });
});
