import "server-only";
import { availableParallelism } from "node:os";
import { MessageChannel } from "node:worker_threads";
import { Piscina } from "piscina";
import type { ImageRenderParams, Renderer, VideoRenderParams } from "../renderer";
import type { FromWorker, RenderTask, ToWorker } from "./messages";

/**
 * The worker's module: its TypeScript source beside this file (run through tsx), or the compiled
 * `render-worker.mjs` beside the compiled server (`npm run build` writes both into `.build/`).
 */
const WORKER_URL = import.meta.url.endsWith(".mjs")
  ? new URL("./render-worker.mjs", import.meta.url).href
  : new URL("./render-worker.ts", import.meta.url).href;

export interface PoolOptions {
  /** Render threads; default one per core. */
  threads?: number;
  /** Extra Node flags for the threads (tests pass a TypeScript loader). */
  execArgv?: string[];
}

/**
 * The engine's renderer for a server: the same procedural renderer, run on worker threads. The
 * studio and the engine share one process, so without this every image painted would hold up
 * every other request for its whole render. Video encodes still run one at a time (ffmpeg uses
 * every core already).
 */
export function createPoolRenderer(options: PoolOptions = {}): Renderer & { close(): Promise<void> } {
  const threads = Math.max(1, options.threads ?? availableParallelism());
  const pool = new Piscina({
    filename: WORKER_URL,
    // No thread until the first render, and none after a quiet spell: each holds its own heap
    // and module copies (tens of MB), and a render pays about 100 ms to start one.
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: 30_000,
    ...(options.execArgv ? { execArgv: options.execArgv } : {}),
  });
  let videoQueue: Promise<unknown> = Promise.resolve();

  async function run(
    task: Omit<RenderTask, "port">,
    signal: AbortSignal | undefined,
    onMessage: (message: FromWorker) => void,
  ): Promise<Buffer> {
    signal?.throwIfAborted();
    const { port1, port2 } = new MessageChannel();
    port1.on("message", onMessage);
    const abort = () => port1.postMessage({ type: "abort" } satisfies ToWorker);
    signal?.addEventListener("abort", abort, { once: true });
    try {
      const out = (await pool.run({ ...task, port: port2 }, { transferList: [port2] })) as Uint8Array;
      return Buffer.from(out.buffer, out.byteOffset, out.byteLength);
    } finally {
      signal?.removeEventListener("abort", abort);
      port1.close();
    }
  }

  return {
    renderImage(params: ImageRenderParams) {
      const { signal, ...rest } = params;
      return run({ kind: "image", params: rest }, signal, () => undefined);
    },
    renderVideo(params: VideoRenderParams, onProgress) {
      const { signal, onContentCheck, ...rest } = params;
      const next = videoQueue.then(() =>
        run({ kind: "video", params: rest }, signal, (message) => {
          if (message.type === "progress") onProgress(message.percent);
          else onContentCheck?.(message.flagged);
        }),
      );
      videoQueue = next.catch(() => undefined);
      return next;
    },
    close: () => pool.destroy(),
  };
}
