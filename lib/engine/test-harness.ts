/**
 * Test support (not a test): an engine in-process on 127.0.0.1 with an ephemeral port, over a
 * fresh temporary data dir, with one API key. Used by the engine's tests and the benchmark.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { parseEngineConfig } from "./config";
import { createEngine, type EmbeddedEngine, type EngineDeps } from "./create-engine";

export interface HarnessOptions extends EngineDeps {
  /** Reuse a data dir (restart tests); default a new temp dir. */
  dataDir?: string;
  env?: Record<string, string>;
  /** Create a key (default true). */
  createKey?: boolean;
}

export interface Harness {
  engine: EmbeddedEngine;
  server: Server;
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** `${origin}/v1` */
  url: string;
  wsUrl: string;
  key: string;
  dataDir: string;
  post(
    body: unknown,
    options?: { key?: string | null; headers?: Record<string, string> },
  ): Promise<PostResult>;
  /** Closes the server and the engine (the data dir stays; `cleanup` removes it). */
  close(): Promise<void>;
  cleanup(): void;
}

export interface PostResult {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary response fields
  body: any;
}

export function tempDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), "engine-test-"));
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const dataDir = options.dataDir ?? tempDataDir();
  const config = parseEngineConfig({
    ENGINE_DATA_DIR: dataDir,
    ENGINE_PORT: "0",
    ENGINE_ALLOW_PRIVATE_URLS: "1",
    ...options.env,
  });
  const engine = createEngine(config, options);
  const server = createServer((req, res) => engine.handleRequest(req, res));
  server.on("upgrade", (req, socket, head) => engine.handleUpgrade(req, socket, head));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  const key =
    options.createKey === false ? "" : engine.keys.create({ description: "test", account: "tests" }).key;
  const url = `${origin}/v1`;
  return {
    engine,
    server,
    origin,
    url,
    wsUrl: `ws://127.0.0.1:${port}/v1`,
    key,
    dataDir,
    async post(body, opts = {}) {
      const k = opts.key === undefined ? key : opts.key;
      const res = await fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(k ? { authorization: `Bearer ${k}` } : {}),
          ...opts.headers,
        },
        body: typeof body === "string" ? body : JSON.stringify(body),
      });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // Left as text for the test to inspect.
      }
      return { status: res.status, headers: res.headers, body: parsed };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await engine.close();
    },
    cleanup() {
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A minimal valid image task. */
export function imageTask(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    taskType: "imageInference",
    taskUUID: randomUUID(),
    positivePrompt: "a lighthouse on a cliff at dusk",
    model: "runware:100@1",
    width: 128,
    height: 128,
    ...extra,
  };
}

/** A small, fast video task (832x480, 2 s). */
export function videoTask(videoModel: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    taskType: "videoInference",
    taskUUID: randomUUID(),
    model: videoModel,
    positivePrompt: "waves rolling onto a beach",
    width: 832,
    height: 480,
    duration: 2,
    ...extra,
  };
}

export async function eventually<T>(
  probe: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 10_000,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 25));
  }
}

export const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
export const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);
