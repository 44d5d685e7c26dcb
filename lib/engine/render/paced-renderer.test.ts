import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { imageTask, startHarness } from "../test-harness";
import { renderImage } from "./image/index";
import { createPacedRenderer, heldFor, type PaceSettings, type Wait } from "./paced-renderer";
import type { ImageRenderParams, Renderer } from "./renderer";

const PACE: PaceSettings = { ms: 2_000, spreadMs: 0, parallel: 8 };

function params(extra: Partial<ImageRenderParams> = {}): ImageRenderParams {
  return {
    width: 64,
    height: 64,
    seed: 1,
    prompt: "a fox at dusk",
    format: "PNG",
    quality: 95,
    strength: 0.8,
    transparent: false,
    hiresfix: false,
    steps: 20,
    CFGScale: 7,
    model: "runware:100@1",
    acceleration: "none",
    ...extra,
  };
}

/** A renderer that counts its renders and answers each with bytes naming its size. */
function countingRenderer(): Renderer & { renders: ImageRenderParams[] } {
  const renders: ImageRenderParams[] = [];
  return {
    renders,
    async renderImage(p) {
      renders.push(p);
      return Buffer.from(`${p.width}x${p.height}`);
    },
    async renderVideo() {
      return Buffer.from("video");
    },
  };
}

describe("the paced renderer", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("holds a result for the pace's time, not a moment less", async () => {
    const paced = createPacedRenderer(countingRenderer(), PACE);
    let done = false;
    const result = paced.renderImage(params()).then((b) => {
      done = true;
      return b;
    });
    await vi.advanceTimersByTimeAsync(PACE.ms - 1);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
    expect((await result).toString()).toBe("64x64");
  });

  it("holds each task within the spread, the same task as long each time", () => {
    const pace = { ms: 1_000, spreadMs: 4_000, parallel: 8 };
    const times = Array.from({ length: 200 }, (_, seed) => heldFor(pace, `a fox|${seed}`));
    for (const t of times) {
      expect(t).toBeGreaterThanOrEqual(1_000);
      expect(t).toBeLessThan(5_000);
    }
    expect(new Set(times).size).toBeGreaterThan(100);
    expect(heldFor(pace, "a fox|7")).toBe(times[7]);
  });

  it("holds at most `parallel` of 50 tasks sent at once, the rest in the order they came", async () => {
    let now = 0;
    let max = 0;
    const wait: Wait = async (ms, signal) => {
      now++;
      max = Math.max(max, now);
      try {
        await new Promise<void>((resolve, reject) => {
          const t = setTimeout(resolve, ms);
          signal?.addEventListener("abort", () => {
            clearTimeout(t);
            reject(signal.reason);
          });
        });
      } finally {
        now--;
      }
    };
    const paced = createPacedRenderer(countingRenderer(), PACE, wait);
    const finished: number[] = [];
    const all = Array.from({ length: 50 }, (_, i) =>
      paced.renderImage(params({ seed: i })).then(() => finished.push(i)),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(paced.load()).toEqual({ holding: 8, waiting: 42 });
    for (let wave = 1; wave <= 7; wave++) {
      await vi.advanceTimersByTimeAsync(PACE.ms);
      expect(finished).toEqual(Array.from({ length: Math.min(50, wave * 8) }, (_, i) => i));
      expect(paced.load().holding).toBeLessThanOrEqual(8);
    }
    await Promise.all(all);
    expect(max).toBe(8);
    expect(paced.load()).toEqual({ holding: 0, waiting: 0 });
  });

  it("renders once per model, size and format, not once a task", async () => {
    const inner = countingRenderer();
    const paced = createPacedRenderer(inner, PACE);
    const all = [
      ...Array.from({ length: 48 }, (_, i) => paced.renderImage(params({ seed: i, prompt: `cell ${i}` }))),
      paced.renderImage(params({ width: 128, height: 96 })),
      paced.renderImage(params({ format: "JPG" })),
    ];
    await vi.advanceTimersByTimeAsync(PACE.ms * 7);
    const bytes = await Promise.all(all);
    expect(inner.renders.map((r) => `${r.width}x${r.height} ${r.format}`)).toEqual([
      "64x64 PNG",
      "128x96 PNG",
      "64x64 JPG",
    ]);
    expect(bytes[49]?.toString()).toBe("64x64");
  });

  it("lets a task waiting its turn go when it is cancelled, and the next takes the slot", async () => {
    const paced = createPacedRenderer(countingRenderer(), { ...PACE, parallel: 1 });
    const first = paced.renderImage(params());
    const abort = new AbortController();
    const second = paced.renderImage(params({ seed: 2, signal: abort.signal }));
    const third = paced.renderImage(params({ seed: 3 }));
    const cancelled = expect(second).rejects.toThrow("stop");
    abort.abort(new Error("stop"));
    await cancelled;
    expect(paced.load()).toEqual({ holding: 1, waiting: 1 });
    await vi.advanceTimersByTimeAsync(PACE.ms * 2);
    await Promise.all([first, third]);
    expect(paced.load()).toEqual({ holding: 0, waiting: 0 });
  });
});

describe("the engine paced by ENGINE_PACE_*", () => {
  it("answers every task with an image while rendering once for them all", async () => {
    let renders = 0;
    const h = await startHarness({
      env: { ENGINE_PACE_MS: "20", ENGINE_PACE_PARALLEL: "3" },
      renderer: {
        renderImage: (p) => {
          renders++;
          return renderImage(p);
        },
        renderVideo: () => Promise.reject(new Error("no video here")),
      },
    });
    try {
      expect(h.engine.parallelism).toBe(3);
      const tasks = Array.from({ length: 12 }, (_, i) =>
        imageTask({ seed: i + 1, positivePrompt: `cell ${i}` }),
      );
      const res = await h.post(tasks);
      expect(res.status).toBe(200);
      expect(res.body.data).toHaveLength(12);
      for (const item of res.body.data) expect(item.imageURL).toMatch(/^http/);
      expect(renders).toBe(1);
    } finally {
      await h.close();
      h.cleanup();
    }
  });

  it("renders every task when no pace is set", async () => {
    let renders = 0;
    const h = await startHarness({
      renderer: {
        renderImage: (p) => {
          renders++;
          return renderImage(p);
        },
        renderVideo: () => Promise.reject(new Error("no video here")),
      },
    });
    try {
      const res = await h.post(Array.from({ length: 3 }, (_, i) => imageTask({ seed: i + 1 })));
      expect(res.status).toBe(200);
      expect(renders).toBe(3);
    } finally {
      await h.close();
      h.cleanup();
    }
  });
});
