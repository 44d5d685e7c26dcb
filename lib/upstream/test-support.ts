import "server-only";
/**
 * Test helpers (not a test): a scripted fake service over HTTP, a TCP proxy that can cut or
 * silence connections, and a recorder of session events.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import { type AddressInfo, connect, createServer as createTcpServer, type Socket } from "node:net";
import type { UpstreamEvent } from "./types";

export interface FakeReply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Destroy the connection instead of answering (a network failure). */
  hangUp?: boolean;
}

export interface RecordedRequest {
  body: unknown;
  authorization: string | undefined;
  at: number;
}

export interface FakeService {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      text += chunk;
    });
    req.on("end", () => resolve(text));
    req.on("error", reject);
  });
}

/** An HTTP server answering the n-th request (0-based) with `script(n, body)`. */
export async function startFakeService(
  script: (n: number, body: unknown) => FakeReply | Promise<FakeReply>,
): Promise<FakeService> {
  const requests: RecordedRequest[] = [];
  const server: Server = createServer(async (req, res) => {
    const text = await readBody(req);
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Kept as text.
    }
    const n = requests.length;
    requests.push({ body, authorization: req.headers.authorization, at: Date.now() });
    const reply = await script(n, body);
    if (reply.hangUp) {
      req.socket.destroy();
      return;
    }
    res.writeHead(reply.status, { "content-type": "application/json", ...reply.headers });
    res.end(reply.body === undefined ? "" : JSON.stringify(reply.body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export interface TcpProxy {
  /** `ws://127.0.0.1:<port>/v1` */
  wsUrl: string;
  /** Connections made so far. */
  connections: number;
  /** Destroys every open connection, both ends (the network dropping them). */
  cut(): void;
  /** Stops forwarding on every open connection, keeping it open (a dead path TCP has not noticed). */
  silence(): void;
  close(): Promise<void>;
}

/** A TCP proxy to `127.0.0.1:targetPort`. */
export async function startProxy(targetPort: number): Promise<TcpProxy> {
  const pairs = new Set<[Socket, Socket]>();
  /** Silenced connections: no longer forwarded, still destroyed on `close`. */
  const silenced = new Set<[Socket, Socket]>();
  let connections = 0;
  const cutAll = () => {
    for (const [a, b] of pairs) {
      a.destroy();
      b.destroy();
    }
    pairs.clear();
  };
  const server = createTcpServer((client) => {
    connections++;
    const upstream = connect(targetPort, "127.0.0.1");
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    client.pipe(upstream);
    upstream.pipe(client);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on("error", end);
    upstream.on("error", end);
    client.on("close", end);
    upstream.on("close", end);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    wsUrl: `ws://127.0.0.1:${port}/v1`,
    get connections() {
      return connections;
    },
    cut: cutAll,
    silence() {
      for (const [a, b] of pairs) {
        a.unpipe(b);
        b.unpipe(a);
        a.pause();
        b.pause();
        silenced.add([a, b]);
      }
      pairs.clear();
    },
    async close() {
      cutAll();
      for (const [a, b] of silenced) {
        a.destroy();
        b.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Collects every event of a session, and waits for conditions on them. */
export class EventLog {
  readonly events: UpstreamEvent[] = [];
  private waiters: Array<() => void> = [];

  readonly listener = (event: UpstreamEvent): void => {
    this.events.push(event);
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  };

  async until(condition: () => boolean, timeoutMs = 10_000, what = "condition"): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!condition()) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 50));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** `taskUUID|id` of every result item (not acknowledgments), duplicates included. */
  resultKeys(): string[] {
    return this.events.flatMap((e) =>
      e.type === "item" && e.item.kind !== "accepted" ? [`${e.taskUUID}|${e.item.id}`] : [],
    );
  }

  connectionChanges(): string[] {
    return this.events.flatMap((e) => (e.type === "connection" ? [e.change] : []));
  }
}
