import "server-only";
import type { ImageRenderParams, Renderer, VideoRenderParams } from "./renderer";

/**
 * The engine at a real service's pace, for benchmarks: a real service renders elsewhere, taking
 * seconds an image with many at once, while the embedded engine renders on the studio's own cores
 * and races it for them. Paced, each result is held for a set time on a timer (no render: the
 * bytes are one render per model, size and format, made once and kept), at most `parallel` held at
 * once and the rest waiting their turn in the order they came, as a service's queue does.
 */

export interface PaceSettings {
  /** How long each result is held, ms (`ENGINE_PACE_MS`). */
  ms: number;
  /**
   * Up to this much longer, ms (`ENGINE_PACE_SPREAD_MS`): each task's share of it follows from what
   * it asks for (prompt, seed, size, model), so the same task is held as long every time it is sent
   * and two runs of the same tasks can be compared.
   */
  spreadMs: number;
  /** Results held at once (`ENGINE_PACE_PARALLEL`); more wait in order. */
  parallel: number;
}

export interface PacedRenderer extends Renderer {
  /** Results being held now, and tasks waiting for a turn. */
  load(): { holding: number; waiting: number };
}

/** Waits `ms` without using the CPU; rejects with the signal's reason once it aborts. */
export type Wait = (ms: number, signal?: AbortSignal) => Promise<void>;

const timerWait: Wait = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });

/** FNV-1a, 32 bits, as a fraction in [0, 1): a task's share of the spread. */
function share(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) / 2 ** 32;
}

/** How long the pace holds a task asking for `what`, ms. */
export function heldFor(pace: PaceSettings, what: string): number {
  return pace.ms + Math.floor(pace.spreadMs * share(what));
}

export function createPacedRenderer(
  inner: Renderer,
  pace: PaceSettings,
  wait: Wait = timerWait,
): PacedRenderer {
  const parallel = Math.max(1, pace.parallel);
  let holding = 0;
  const queue: { go: () => void }[] = [];
  const kept = new Map<string, Promise<Buffer>>();

  async function turn(signal: AbortSignal | undefined): Promise<void> {
    signal?.throwIfAborted();
    if (holding < parallel) {
      holding++;
      return;
    }
    await new Promise<void>((resolve, reject) => {
      const entry = {
        go: () => {
          signal?.removeEventListener("abort", onAbort);
          resolve();
        },
      };
      const onAbort = () => {
        const at = queue.indexOf(entry);
        if (at >= 0) queue.splice(at, 1);
        reject(signal?.reason);
      };
      queue.push(entry);
      signal?.addEventListener("abort", onAbort, { once: true });
    });
  }

  /** The slot passes straight to the next in line, so a late arrival cannot take it first. */
  function release(): void {
    const next = queue.shift();
    if (next) next.go();
    else holding--;
  }

  function bytesFor(key: string, render: () => Promise<Buffer>): Promise<Buffer> {
    let bytes = kept.get(key);
    if (!bytes) {
      bytes = render();
      kept.set(key, bytes);
      // A failed render is not kept: the next task of its kind tries again.
      bytes.catch(() => kept.delete(key));
    }
    return bytes;
  }

  async function held(
    what: string,
    key: string,
    signal: AbortSignal | undefined,
    render: () => Promise<Buffer>,
  ): Promise<Buffer> {
    await turn(signal);
    try {
      const [, bytes] = await Promise.all([wait(heldFor(pace, what), signal), bytesFor(key, render)]);
      return bytes;
    } finally {
      release();
    }
  }

  return {
    renderImage(params: ImageRenderParams) {
      const { signal, ...rest } = params;
      const size = `${params.width}x${params.height}`;
      const key = `image|${params.model}|${size}|${params.format}|${params.transparent ? "alpha" : ""}`;
      return held(`${params.prompt}|${params.seed}|${size}|${params.model}`, key, signal, () =>
        inner.renderImage(rest),
      );
    },
    async renderVideo(params: VideoRenderParams, onProgress) {
      const { signal, onContentCheck, ...rest } = params;
      const size = `${params.width}x${params.height}`;
      const key = `video|${size}|${params.seconds}s|${params.fps}|${params.format}|${params.audio ? "audio" : ""}`;
      onProgress(0);
      const bytes = await held(`${params.prompt}|${params.seed}|${size}`, key, signal, () =>
        inner.renderVideo(rest, () => undefined),
      );
      // The kept video is one drawn without the task's own inputs: nothing in it to flag.
      onContentCheck?.(false);
      onProgress(100);
      return bytes;
    },
    load: () => ({ holding, waiting: queue.length }),
    close: () => inner.close?.() ?? Promise.resolve(),
  };
}
