import { describe, expect, it } from "vitest";
import type { VideoRenderParams } from "./params";
import { renderVideo } from "./render";
import {
  audioPeak,
  audioRms,
  decodeFrames,
  meanAbsDiff,
  probeVideo,
  still,
  stillRgb,
  testClip,
  testTone,
  toneLevel,
} from "./test-support";

/**
 * The renderer end to end: every output is decoded with ffprobe/ffmpeg and checked as a player
 * would see it. Small sizes (480p-tier pairs) and 2 s keep each render well under a second.
 */

const base: VideoRenderParams = {
  width: 832,
  height: 480,
  seconds: 2,
  fps: 24,
  seed: 1234,
  prompt: "sunset over the sea",
  format: "MP4",
  quality: 80,
  audio: true,
};

/**
 * For the tests of the soundtrack and of stopping: the picture's size changes neither, and at
 * this size a frame costs a tenth of one at 624x624 to paint, encode and decode.
 */
const soundOnly = { width: 256, height: 144 } as const;

async function render(extra: Partial<VideoRenderParams> = {}) {
  const progress: number[] = [];
  const bytes = await renderVideo({ ...base, ...extra }, (p) => progress.push(p));
  return { bytes, progress };
}

// Each case encodes video with ffmpeg: seconds of CPU, which a machine busy with other work
// stretches past the suite's usual bound.
describe("renderVideo formats", { timeout: 60_000 }, () => {
  it("MP4 is H.264 + AAC at the exact size, duration and frame count; progress climbs to 100", async () => {
    const { bytes, progress } = await render();
    const p = await probeVideo(bytes);
    expect(p.formatName).toContain("mp4");
    expect(p.video).toMatchObject({ codec: "h264", width: 832, height: 480 });
    expect(p.audio?.codec).toBe("aac");
    expect(Math.abs(p.duration - 2)).toBeLessThanOrEqual(1 / 24);
    expect(Math.abs((p.video?.frames ?? 0) - 48)).toBeLessThanOrEqual(1);
    expect(progress.length).toBeGreaterThan(5);
    expect(progress.every((v, i) => i === 0 || v > (progress[i - 1] ?? 0))).toBe(true);
    expect(progress.at(-1)).toBe(100);
  });

  it("WEBM is VP9 + Opus", async () => {
    const { bytes } = await render({ format: "WEBM", width: 480, height: 832, prompt: "neon city at night" });
    const p = await probeVideo(bytes);
    expect(p.formatName).toContain("webm");
    expect(p.video).toMatchObject({ codec: "vp9", width: 480, height: 832 });
    expect(p.audio?.codec).toBe("opus");
    expect(Math.abs(p.duration - 2)).toBeLessThanOrEqual(1 / 24);
    expect(Math.abs((p.video?.frames ?? 0) - 48)).toBeLessThanOrEqual(1);
  });

  it("MOV is a QuickTime file; audio: false means no audio stream at all", async () => {
    const { bytes } = await render({ format: "MOV", width: 624, height: 624, audio: false, seconds: 3 });
    expect(bytes.subarray(4, 8).toString("latin1")).toBe("ftyp");
    expect(bytes.subarray(8, 10).toString("latin1")).toBe("qt");
    const p = await probeVideo(bytes);
    expect(p.formatName).toContain("mov");
    expect(p.video).toMatchObject({ codec: "h264", width: 624, height: 624 });
    expect(p.audio).toBeUndefined();
    expect(Math.abs((p.video?.frames ?? 0) - 72)).toBeLessThanOrEqual(1);
    expect(Math.abs(p.duration - 3)).toBeLessThanOrEqual(1 / 24);
  });
});

describe("renderVideo content", { timeout: 60_000 }, () => {
  it("starts on the first frame image and lands on the last one", async () => {
    const [a, b] = await Promise.all([still(720, 544, 20), still(720, 544, 220)]);
    const { bytes } = await render({
      width: 720,
      height: 544,
      firstFrame: a,
      lastFrame: b,
      prompt: "snow falling, slow zoom in",
    });
    const frames = await decodeFrames(bytes, 720, 544);
    expect(frames.length).toBe(48);
    const [ra, rb] = await Promise.all([stillRgb(a, 720, 544), stillRgb(b, 720, 544)]);
    const first = frames[0] as Buffer;
    const last = frames.at(-1) as Buffer;
    // Small differences are the encoder's (4:2:0 chroma, CRF); the other image is far away.
    expect(meanAbsDiff(first, ra)).toBeLessThan(4);
    expect(meanAbsDiff(last, rb)).toBeLessThan(4);
    expect(meanAbsDiff(first, rb)).toBeGreaterThan(20);
    // And the middle is neither: the camera moved and the images dissolve.
    const middle = frames[24] as Buffer;
    expect(meanAbsDiff(middle, ra)).toBeGreaterThan(6);
    expect(meanAbsDiff(middle, rb)).toBeGreaterThan(6);
  });

  it("different prompts give different frames; the same request gives the same frames", async () => {
    // What a prompt paints and whether a render repeats itself do not depend on the size: a small
    // portrait picture (the other cases hold the sizes) keeps the three renders to a tenth of 544x720.
    const small = { width: 144, height: 256 } as const;
    const [one, again, other] = await Promise.all([
      render({ ...small, prompt: "sunset over the sea" }),
      render({ ...small, prompt: "sunset over the sea" }),
      render({ ...small, prompt: "neon city at night" }),
    ]);
    const [f1, f2, f3] = await Promise.all([one, again, other].map((r) => decodeFrames(r.bytes, 144, 256)));
    for (const n of [0, 20, 47]) {
      expect(meanAbsDiff(f1?.[n] as Buffer, f2?.[n] as Buffer)).toBe(0);
      expect(meanAbsDiff(f1?.[n] as Buffer, f3?.[n] as Buffer)).toBeGreaterThan(25);
    }
    // x264 and the AAC encoder are deterministic and the muxer is bitexact: the files are identical.
    expect(one.bytes.equals(again.bytes)).toBe(true);
  });

  it("frames move: consecutive frames differ and the shot changes over time", async () => {
    const { bytes } = await render({ width: 624, height: 624, prompt: "forest with fireflies, pan left" });
    const frames = await decodeFrames(bytes, 624, 624);
    expect(meanAbsDiff(frames[10] as Buffer, frames[11] as Buffer)).toBeGreaterThan(0.3);
    expect(meanAbsDiff(frames[0] as Buffer, frames[47] as Buffer)).toBeGreaterThan(5);
  });

  it("mixes a reference audio into the soundtrack (it gets much louder)", async () => {
    const tone = await testTone(1);
    const [plain, mixed] = await Promise.all([
      render(soundOnly),
      render({ ...soundOnly, referenceAudios: [{ bytes: tone }] }),
    ]);
    const [quiet, loud] = await Promise.all([audioRms(plain.bytes), audioRms(mixed.bytes)]);
    expect(quiet).toBeGreaterThan(0.01);
    expect(loud).toBeGreaterThan(quiet * 2);
  });

  it("uses a reference video as the background plate and others as insets", async () => {
    const [red, bars] = await Promise.all([testClip(320, 240, 1, "red"), testClip(160, 120, 1)]);
    const { bytes } = await render({
      width: 832,
      height: 480,
      referenceVideos: [{ bytes: red }, { bytes: bars }],
      prompt: "a quiet day",
    });
    const frames = await decodeFrames(bytes, 832, 480);
    expect(frames.length).toBe(48);
    const f = frames[30] as Buffer;
    // Left half: the red plate under a light grade; right top corner: the inset's colour bars.
    let red0 = 0;
    let pixels = 0;
    for (let y = 100; y < 400; y += 10)
      for (let x = 20; x < 300; x += 10) {
        const i = (y * 832 + x) * 3;
        pixels++;
        if ((f[i] ?? 0) > 150 && (f[i + 1] ?? 0) < 110 && (f[i + 2] ?? 0) < 110) red0++;
      }
    expect(red0 / pixels).toBeGreaterThan(0.8);
  });

  it("mixes a reference video's own sound into the soundtrack; the same request gives the same file", async () => {
    const voiced = await testClip(320, 240, 1, "blue", 3000);
    const small = soundOnly;
    const [plain, mixed, again] = await Promise.all([
      render(small),
      render({ ...small, referenceVideos: [{ bytes: voiced }] }),
      render({ ...small, referenceVideos: [{ bytes: voiced }] }),
    ]);
    const [before, after] = await Promise.all([toneLevel(plain.bytes, 3000), toneLevel(mixed.bytes, 3000)]);
    // The clip's tone (amplitude 0.5, mixed at 0.9 and looped over the 2 s) is there; the music has none.
    expect(before).toBeLessThan(0.02);
    expect(after).toBeGreaterThan(0.3);
    expect(mixed.bytes.equals(again.bytes)).toBe(true);
  });

  it("a reference video without sound renders and leaves the soundtrack as it was", async () => {
    const silent = await testClip(320, 240, 1, "green");
    const small = soundOnly;
    const [plain, withClip] = await Promise.all([
      render(small),
      render({ ...small, referenceVideos: [{ bytes: silent }] }),
    ]);
    const p = await probeVideo(withClip.bytes);
    expect(p.audio?.codec).toBe("aac");
    expect(Math.abs((p.video?.frames ?? 0) - 48)).toBeLessThanOrEqual(1);
    const [a, b] = await Promise.all([audioRms(plain.bytes), audioRms(withClip.bytes)]);
    expect(b).toBeGreaterThan(0.01);
    expect(b).toBeCloseTo(a, 6);
  });

  it("mixes reference audios and every sounding reference video together, below clipping", async () => {
    const [tone, plate, inset, silent] = await Promise.all([
      testTone(1, 2000),
      testClip(320, 240, 1, "red", 3000),
      testClip(160, 120, 1, undefined, 5000),
      testClip(160, 120, 1),
    ]);
    const { bytes } = await render({
      ...soundOnly,
      referenceAudios: [{ bytes: tone }],
      referenceVideos: [{ bytes: plate }, { bytes: inset }, { bytes: silent }],
    });
    // Three sounding references: each at 0.5 x 0.9 / sqrt(3), about 0.26.
    for (const frequency of [2000, 3000, 5000]) {
      const level = await toneLevel(bytes, frequency);
      expect(level).toBeGreaterThan(0.18);
      expect(level).toBeLessThan(0.34);
    }
    expect(await audioPeak(bytes)).toBeLessThan(1.02);
  });

  it("audio: false means no audio stream even when a reference video has sound", async () => {
    const voiced = await testClip(320, 240, 1, "blue", 3000);
    const { bytes } = await render({
      ...soundOnly,
      audio: false,
      referenceVideos: [{ bytes: voiced }],
    });
    const p = await probeVideo(bytes);
    expect(p.audio).toBeUndefined();
    expect(Math.abs((p.video?.frames ?? 0) - 48)).toBeLessThanOrEqual(1);
  });

  it("rejects and stops ffmpeg when aborted", async () => {
    const controller = new AbortController();
    const run = renderVideo({ ...base, ...soundOnly, seconds: 10, signal: controller.signal }, (p) => {
      if (p >= 20) controller.abort();
    });
    await expect(run).rejects.toThrow(/abort/);
  });
});
