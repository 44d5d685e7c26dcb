import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { renderImage } from "../image/index";
import { createPoolRenderer } from "./pool-renderer";

// The threads load the renderer's TypeScript through tsx, as under `tsx server.ts`.
const pool = createPoolRenderer({ threads: 2, execArgv: ["--import", "tsx"] });
afterAll(() => pool.close());

const image = {
  width: 256,
  height: 192,
  seed: 11,
  prompt: "sunset over the sea",
  format: "PNG",
  quality: 90,
} as const;

describe("pool renderer", () => {
  it("renders on a worker thread exactly what the renderer renders in-thread", async () => {
    const [threaded, inline] = await Promise.all([pool.renderImage({ ...image }), renderImage({ ...image })]);
    expect((await sharp(threaded).metadata()).width).toBe(256);
    expect(threaded.equals(inline)).toBe(true);
  }, 60_000);

  it("reports video progress and the content verdict, and an abort cancels the render", async () => {
    const progress: number[] = [];
    let verdict: boolean | undefined;
    const video = await pool.renderVideo(
      {
        width: 480,
        height: 832,
        seconds: 1,
        fps: 24,
        seed: 3,
        prompt: "neon city at night",
        format: "MP4",
        quality: 60,
        audio: false,
        contentCheck: "fast",
        onContentCheck: (flagged) => {
          verdict = flagged;
        },
      },
      (p) => progress.push(p),
    );
    expect(video.subarray(4, 8).toString("latin1")).toBe("ftyp");
    expect(progress.at(-1)).toBe(100);
    expect(verdict).toBe(false);

    const controller = new AbortController();
    const aborted = pool.renderVideo(
      {
        width: 832,
        height: 480,
        seconds: 10,
        fps: 24,
        seed: 1,
        prompt: "waves",
        format: "MP4",
        quality: 60,
        audio: true,
        signal: controller.signal,
      },
      () => controller.abort(),
    );
    await expect(aborted).rejects.toThrow();
  }, 120_000);
});
