/**
 * How long the video renderer takes for 5 s of 832x480 at 24 fps with audio, to MP4, beside a
 * bare ffmpeg encode of the very same frames and soundtrack: pre-rendered raw RGBA frames piped
 * to the same ffmpeg with the same encoder settings (the engine's `Encoder`). The bare encode is
 * the floor; the figure to watch is the ratio (target: within 1.5x). Runs alternate so both see
 * the same machine load; medians of a few runs are printed.
 *
 *   npm run bench:video
 *   npm run bench:video -- "neon city at night, pan left"   (another prompt)
 */
import { Encoder, renderVideo, Shot, type VideoRenderParams } from "../lib/engine/index";

const RUNS = 3;

const params: VideoRenderParams = {
  width: 832,
  height: 480,
  seconds: 5,
  fps: 24,
  seed: 42,
  prompt: process.argv[2] ?? "waves rolling onto a beach at sunset, slow zoom in",
  format: "MP4",
  quality: 95,
  audio: true,
};

async function preRender(p: VideoRenderParams) {
  const shot = await Shot.open(p);
  try {
    const frames: Buffer[] = [];
    for (let n = 0; n < shot.frames; n++) frames.push(await shot.paint(n));
    return { frames, pcm: shot.pcm };
  } finally {
    await shot.close();
  }
}

async function bareEncode(frames: Buffer[], pcm: Buffer | undefined): Promise<number> {
  const encoder = await Encoder.start({
    width: params.width,
    height: params.height,
    fps: params.fps,
    frames: frames.length,
    format: params.format,
    quality: params.quality,
    audio: pcm !== undefined,
  });
  if (pcm) encoder.writeAudio(pcm);
  try {
    for (const f of frames) await encoder.write(f);
    return (await encoder.finish()).length;
  } finally {
    await encoder.dispose();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function main() {
  // Warm-up: JIT, sharp, and ffmpeg's first start (page cache).
  await renderVideo({ ...params, seconds: 1 }, () => {});
  const start = performance.now();
  const { frames, pcm } = await preRender(params);
  const paintMs = performance.now() - start;
  const ours: number[] = [];
  const bare: number[] = [];
  let bytes = 0;
  for (let i = 0; i < RUNS; i++) {
    let t = performance.now();
    bytes = (await renderVideo(params, () => {})).length;
    ours.push(performance.now() - t);
    t = performance.now();
    await bareEncode(frames, pcm);
    bare.push(performance.now() - t);
  }
  const o = median(ours);
  const b = median(bare);
  console.info(`prompt: ${JSON.stringify(params.prompt)}`);
  console.info(`frames and soundtrack alone (${frames.length} frames, no encode): ${paintMs.toFixed(0)} ms`);
  console.info(
    `renderVideo, 5 s 832x480@24 MP4 + AAC:     ${o.toFixed(0)} ms median of ${RUNS} (${(bytes / 1024).toFixed(0)} KiB)`,
  );
  console.info(`bare ffmpeg encode of the same frames:     ${b.toFixed(0)} ms median of ${RUNS}`);
  console.info(`\nratio: ${(o / b).toFixed(2)}x the bare encode (target <= 1.5x)`);
}

void main();
