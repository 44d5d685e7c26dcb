import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { findFfmpeg } from "./ffmpeg-path";
import type { VideoFormat, VideoRenderParams } from "./renderer";
import { palette, type Rgb, seededRandom } from "./seeded";

/**
 * The simple first video renderer: a drifting seeded gradient with a moving disc, produced frame
 * by frame as raw RGB and piped to ffmpeg's stdin (never one file per frame). First/last frame
 * images are cross-faded in at the start/end. MP4 and MOV are H.264 + AAC, WEBM is VP9 + Opus;
 * with `audio` a soft seeded sine tone, without it no audio stream.
 *
 * ffmpeg writes to a temporary file (MP4/MOV need a seekable output for `+faststart`, which moves
 * the index to the front so a browser can start playing before the download ends).
 */

/** outputQuality 20-99 -> x264 CRF 35-16 (lower is better). */
export function x264Crf(quality: number): number {
  return Math.round(35 - ((quality - 20) * 19) / 79);
}

/** outputQuality 20-99 -> VP9 CRF 48-20. */
export function vp9Crf(quality: number): number {
  return Math.round(48 - ((quality - 20) * 28) / 79);
}

function encoderArgs(format: VideoFormat, quality: number, audio: boolean): string[] {
  if (format === "WEBM") {
    return [
      ...["-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8", "-row-mt", "1"],
      ...["-b:v", "0", "-crf", String(vp9Crf(quality)), "-pix_fmt", "yuv420p"],
      ...(audio ? ["-c:a", "libopus", "-b:a", "96k"] : []),
      ...["-f", "webm"],
    ];
  }
  return [
    ...["-c:v", "libx264", "-preset", "veryfast", "-crf", String(x264Crf(quality)), "-pix_fmt", "yuv420p"],
    ...(audio ? ["-c:a", "aac", "-b:a", "128k"] : []),
    ...["-movflags", "+faststart", "-f", format === "MOV" ? "mov" : "mp4"],
  ];
}

async function frameRaw(
  image: Buffer | undefined,
  width: number,
  height: number,
): Promise<Buffer | undefined> {
  if (!image) return undefined;
  return sharp(image).resize(width, height, { fit: "cover" }).removeAlpha().raw().toBuffer();
}

class FramePainter {
  private readonly row: Buffer;
  private readonly colours: Rgb[];
  private readonly phase: number;

  constructor(
    private readonly p: VideoRenderParams,
    private readonly first: Buffer | undefined,
    private readonly last: Buffer | undefined,
  ) {
    const random = seededRandom(p.prompt, p.seed);
    this.colours = palette(random, 4);
    this.phase = random();
    this.row = Buffer.allocUnsafe(p.width * 3);
  }

  /** Paints frame `n` of `total` into `out` (width * height * 3 bytes). */
  paint(n: number, total: number, out: Buffer): void {
    const { width, height } = this.p;
    const t = total <= 1 ? 0 : n / (total - 1);
    const [a, b, c] = [this.colours[0], this.colours[1], this.colours[2]] as [Rgb, Rgb, Rgb];
    const shift = (t + this.phase) % 1;
    for (let x = 0; x < width; x++) {
      const u = (x / width + shift) % 1;
      const w = u < 0.5 ? u * 2 : 2 - u * 2;
      this.row[x * 3] = a[0] + (b[0] - a[0]) * w;
      this.row[x * 3 + 1] = a[1] + (b[1] - a[1]) * w;
      this.row[x * 3 + 2] = a[2] + (b[2] - a[2]) * w;
    }
    for (let y = 0; y < height; y++) this.row.copy(out, y * width * 3);
    // A disc travelling across the frame.
    const r = Math.round(Math.min(width, height) * 0.12);
    const cx = Math.round(width * (0.15 + 0.7 * t));
    const cy = Math.round(height * (0.5 + 0.25 * Math.sin(t * Math.PI * 2 + this.phase * 6)));
    for (let y = Math.max(0, cy - r); y < Math.min(height, cy + r); y++) {
      const dy = y - cy;
      const half = Math.floor(Math.sqrt(r * r - dy * dy));
      const start = (y * width + Math.max(0, cx - half)) * 3;
      const end = (y * width + Math.min(width, cx + half)) * 3;
      for (let i = start; i < end; i += 3) {
        out[i] = c[0];
        out[i + 1] = c[1];
        out[i + 2] = c[2];
      }
    }
    // Cross-fade from the first frame image over the first 40 %, into the last over the final 40 %.
    if (this.first && t < 0.4) blend(out, this.first, 1 - t / 0.4);
    if (this.last && t > 0.6) blend(out, this.last, (t - 0.6) / 0.4);
  }
}

function blend(out: Buffer, image: Buffer, weight: number): void {
  const w = Math.max(0, Math.min(1, weight));
  for (let i = 0; i < out.length; i++) {
    const o = out[i] ?? 0;
    out[i] = o + ((image[i] ?? 0) - o) * w;
  }
}

export async function renderVideo(
  p: VideoRenderParams,
  onProgress: (percent: number) => void,
): Promise<Buffer> {
  const ffmpeg = findFfmpeg();
  const [first, last] = await Promise.all([
    frameRaw(p.firstFrame, p.width, p.height),
    frameRaw(p.lastFrame, p.width, p.height),
  ]);
  const total = Math.max(1, Math.round(p.seconds * p.fps));
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "engine-video-"));
  const ext = p.format.toLowerCase();
  const out = path.join(dir, `out.${ext}`);
  const tone = 180 + Math.floor(seededRandom(p.prompt, p.seed)() * 240);
  const args = [
    ...["-hide_banner", "-loglevel", "error", "-y"],
    ...[
      "-f",
      "rawvideo",
      "-pix_fmt",
      "rgb24",
      "-s",
      `${p.width}x${p.height}`,
      "-r",
      String(p.fps),
      "-i",
      "pipe:0",
    ],
    ...(p.audio
      ? ["-f", "lavfi", "-i", `sine=frequency=${tone}:sample_rate=48000:duration=${p.seconds}`]
      : []),
    ...(p.audio ? ["-af", "volume=0.15"] : []),
    ...encoderArgs(p.format, p.quality, p.audio),
    ...["-t", String(p.seconds), out],
  ];
  const child = spawn(ffmpeg, args, { stdio: ["pipe", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    if (stderr.length < 4000) stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => resolve(code));
  });
  // Settles (never rejects) when ffmpeg is gone, so a frame write never waits for a dead pipe.
  const gone = exited.then(
    () => undefined,
    () => undefined,
  );
  const abort = () => child.kill("SIGKILL");
  p.signal?.addEventListener("abort", abort, { once: true });
  try {
    const painter = new FramePainter(p, first, last);
    let writeError: Error | undefined;
    child.stdin.on("error", (err) => {
      writeError = err;
    });
    for (let n = 0; n < total; n++) {
      if (p.signal?.aborted) throw new Error("aborted");
      if (writeError) break;
      const frame = Buffer.allocUnsafe(p.width * p.height * 3);
      painter.paint(n, total, frame);
      if (!child.stdin.write(frame)) {
        await Promise.race([new Promise<void>((resolve) => child.stdin.once("drain", resolve)), gone]);
      }
      // Frames are 95 % of the work; the rest is the encoder's tail and muxing.
      if (n % 6 === 0) onProgress(Math.floor((n / total) * 95));
    }
    child.stdin.end();
    const code = await exited;
    if (p.signal?.aborted) throw new Error("aborted");
    if (code !== 0) throw new Error(`ffmpeg exited with ${code}: ${stderr.trim().slice(0, 500)}`);
    const bytes = await fs.promises.readFile(out);
    onProgress(100);
    return bytes;
  } finally {
    p.signal?.removeEventListener("abort", abort);
    if (child.exitCode === null) child.kill("SIGKILL");
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}
