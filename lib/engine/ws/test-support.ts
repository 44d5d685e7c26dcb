/**
 * Test helpers for the WebSocket face: a fake EngineCore with scripted timing, a client that
 * records every message, and an in-process HTTP server whose upgrades go to `createWsServer`.
 * Not a test file itself (no `.test.ts`), and never imported by engine code.
 */
import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { WebSocket } from "ws";
import type { Task } from "@/lib/protocol/envelope";
import { DEFAULT_VIDEO_MODEL } from "@/lib/protocol/video-inference";
import type { EngineCore, Principal, ResultSink } from "../shared/types";
import type { WsServerOptions } from "./options";
import { createWsServer, type WsServer } from "./server";

export const KEY_A = "key-account-a";
/** A second key of account A. */
export const KEY_A2 = "key-account-a-second";
export const KEY_B = "key-account-b";

/** How the fake core answers one task: `count` results, the i-th after `delayMs + i * intervalMs`. */
export interface Plan {
  count: number;
  delayMs?: number;
  intervalMs?: number;
  /** Padding per result, to make results large. */
  bytes?: number;
}

export interface Submission {
  tasks: readonly Task[];
  principal: Principal;
  sink: ResultSink;
}

export class FakeCore implements EngineCore {
  readonly keys = new Map<string, Principal>([
    [KEY_A, { accountId: "account-a", keyId: "key-1" }],
    [KEY_A2, { accountId: "account-a", keyId: "key-2" }],
    [KEY_B, { accountId: "account-b", keyId: "key-3" }],
  ]);
  readonly plans = new Map<string, Plan>();
  readonly submissions: Submission[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();

  async authenticate(apiKey: string): Promise<Principal | null> {
    return this.keys.get(apiKey) ?? null;
  }

  /** Acknowledges at once; results follow on the sink as the plan says (default: numberResults, at once). */
  async submit(tasks: readonly Task[], principal: Principal, sink: ResultSink): Promise<void> {
    this.submissions.push({ tasks, principal, sink });
    for (const task of tasks) {
      const taskUUID = "taskUUID" in task ? (task.taskUUID ?? "") : "";
      const numberResults = "numberResults" in task ? task.numberResults : undefined;
      const plan = this.plans.get(taskUUID) ?? {
        count: typeof numberResults === "number" ? numberResults : 1,
      };
      const padding = "x".repeat(plan.bytes ?? 0);
      const emit = (index: number) =>
        sink.result({ taskType: task.taskType, taskUUID, index, imageUUID: randomUUID(), padding });
      if (plan.delayMs === undefined && plan.intervalMs === undefined) {
        for (let i = 1; i <= plan.count; i++) emit(i);
        continue;
      }
      for (let i = 1; i <= plan.count; i++) {
        const timer = setTimeout(
          () => {
            this.timers.delete(timer);
            emit(i);
          },
          (plan.delayMs ?? 0) + (i - 1) * (plan.intervalMs ?? 0),
        );
        this.timers.add(timer);
      }
    }
  }

  async close(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}

/** A valid imageInference task (the fake core ignores everything but its taskUUID). */
export interface ImageTask {
  taskType: "imageInference";
  taskUUID: string;
  positivePrompt: string;
  model: string;
  width: number;
  height: number;
}

export function imageTask(taskUUID: string = randomUUID()): ImageTask {
  return {
    taskType: "imageInference",
    taskUUID,
    positivePrompt: "a lighthouse at dusk",
    model: "runware:100@1",
    width: 512,
    height: 512,
  };
}

export interface Message {
  data?: Array<Record<string, unknown>>;
  errors?: Array<Record<string, unknown>>;
}

export interface CloseInfo {
  code: number;
  reason: string;
}

/** A client that records every message and can wait for one. */
export class TestClient {
  readonly ws: WebSocket;
  readonly messages: Message[] = [];
  readonly closed: Promise<CloseInfo>;
  closeInfo: CloseInfo | null = null;
  private waiters: Array<() => void> = [];

  constructor(ws: WebSocket) {
    this.ws = ws;
    ws.on("message", (data) => {
      this.messages.push(JSON.parse(String(data)) as Message);
      this.wake();
    });
    ws.on("error", () => {});
    this.closed = new Promise((resolve) => {
      ws.on("close", (code, reason) => {
        this.closeInfo = { code, reason: reason.toString() };
        this.wake();
        resolve(this.closeInfo);
      });
    });
  }

  static async connect(url: string): Promise<TestClient> {
    const ws = new WebSocket(url);
    const client = new TestClient(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once("open", () => resolve());
      ws.once("error", reject);
    });
    return client;
  }

  get isOpen(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  /** The underlying TCP socket (to pause reading, or to find the server's end of it). */
  get rawSocket(): Socket {
    return (this.ws as unknown as { _socket: Socket })._socket;
  }

  send(message: unknown): void {
    this.ws.send(typeof message === "string" ? message : JSON.stringify(message));
  }

  /** Authenticates and returns the connectionSessionUUID. */
  async authenticate(apiKey: string, connectionSessionUUID?: string): Promise<string> {
    const from = this.messages.length;
    this.send([
      { taskType: "authentication", apiKey, ...(connectionSessionUUID ? { connectionSessionUUID } : {}) },
    ]);
    const reply = await this.waitFor(
      (m) => m.data?.[0]?.taskType === "authentication" || m.errors?.[0]?.taskType === "authentication",
      { from },
    );
    const uuid = reply.data?.[0]?.connectionSessionUUID;
    if (typeof uuid !== "string") throw new Error(`authentication failed: ${JSON.stringify(reply)}`);
    return uuid;
  }

  /** Every data item received so far, in order. */
  dataItems(): Array<Record<string, unknown>> {
    return this.messages.flatMap((m) => m.data ?? []);
  }

  /** Resolves with the first message (at index >= from) matching `match`. */
  async waitFor(
    match: (m: Message) => boolean,
    { from = 0, timeoutMs = 3_000 }: { from?: number; timeoutMs?: number } = {},
  ): Promise<Message> {
    const found = () => this.messages.slice(from).find(match);
    await this.waitUntil(() => found() !== undefined, timeoutMs, "message");
    return found() as Message;
  }

  async waitUntil(condition: () => boolean, timeoutMs = 3_000, what = "condition"): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!condition()) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, left);
        function done() {
          clearTimeout(timer);
          resolve();
        }
        this.waiters.push(done);
      });
    }
  }

  close(): Promise<CloseInfo> {
    this.ws.close();
    return this.closed;
  }

  terminate(): void {
    this.ws.terminate();
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }
}

export interface Harness {
  url: string;
  core: FakeCore;
  server: WsServer;
  /** The server's end of each TCP connection, by the client's local port. */
  serverSockets: Map<number, Socket>;
  connect(): Promise<TestClient>;
  /** The server's end of a client's connection. */
  serverSocketOf(client: TestClient): Socket;
  close(): Promise<void>;
}

export async function startHarness(
  options: Partial<WsServerOptions> = {},
  core: FakeCore = new FakeCore(),
): Promise<Harness> {
  const server = createWsServer(core, {
    idleMs: 10_000,
    resumeMs: 10_000,
    videoModel: DEFAULT_VIDEO_MODEL,
    ...options,
  });
  const serverSockets = new Map<number, Socket>();
  const http: Server = createServer((_req, res) => {
    res.statusCode = 404;
    res.end();
  });
  http.on("upgrade", (req, socket, head) => {
    const s = socket as Socket;
    if (s.remotePort !== undefined) serverSockets.set(s.remotePort, s);
    server.handleUpgrade(req, socket, head);
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const { port } = http.address() as AddressInfo;
  const url = `ws://127.0.0.1:${port}/v1`;
  const clients: TestClient[] = [];
  return {
    url,
    core,
    server,
    serverSockets,
    async connect() {
      const client = await TestClient.connect(url);
      clients.push(client);
      return client;
    },
    serverSocketOf(client) {
      const socket = serverSockets.get(client.rawSocket.localPort ?? -1);
      if (!socket) throw new Error("no server socket for this client");
      return socket;
    },
    async close() {
      for (const client of clients) client.terminate();
      await server.close();
      await core.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls `condition` (for server-side state no message reports). */
export async function eventually(
  condition: () => boolean,
  timeoutMs = 3_000,
  what = "condition",
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

/** A small seeded PRNG (mulberry32), so a failing random run can be replayed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
