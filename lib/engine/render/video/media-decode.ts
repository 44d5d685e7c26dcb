import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { findFfmpeg, findFfprobe } from "@/lib/platform/ffmpeg-path";

/**
 * Reference videos and audios decoded by ffmpeg from the bytes the processor already holds. The
 * bytes go to a temporary file in os.tmpdir() (MP4s keep their index at the end, so a pipe is not
 * always readable; `-stream_loop` also needs a seekable input), which `TempMedia.remove` always
 * deletes. Video frames stream out of ffmpeg as they are needed; audio is decoded whole (30 s of
 * stereo float is 11 MB).
 */

export interface MediaInfo {
  /** Seconds; 0 when the container does not say. */
  duration: number;
  video?: { width: number; height: number };
  audio: boolean;
}

export class TempMedia {
  private constructor(
    readonly dir: string,
    readonly file: string,
  ) {}

  static async write(bytes: Buffer): Promise<TempMedia> {
    const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "engine-media-"));
    const file = path.join(dir, "input");
    await fs.promises.writeFile(file, bytes);
    return new TempMedia(dir, file);
  }

  async remove(): Promise<void> {
    await fs.promises.rm(this.dir, { recursive: true, force: true });
  }
}

/** Runs a tool to completion; stdout as bytes. Killed when `signal` aborts. */
function run(cmd: string, args: string[], signal?: AbortSignal): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ["ignore", "pipe", "pipe"] });
    const out: Buffer[] = [];
    let err = "";
    child.stdout.on("data", (c: Buffer) => out.push(c));
    child.stderr.on("data", (c: Buffer) => {
      if (err.length < 2000) err += c.toString();
    });
    const abort = () => child.kill("SIGKILL");
    signal?.addEventListener("abort", abort, { once: true });
    child.on("error", (e) => {
      signal?.removeEventListener("abort", abort);
      reject(e);
    });
    child.on("close", (code) => {
      signal?.removeEventListener("abort", abort);
      if (signal?.aborted) reject(new Error("aborted"));
      else if (code === 0) resolve(Buffer.concat(out));
      else reject(new Error(`${path.basename(cmd)} exited with ${code}: ${err.trim().slice(0, 300)}`));
    });
  });
}

/** What a media file holds, or null when ffprobe cannot read it. */
export async function probeFile(file: string, signal?: AbortSignal): Promise<MediaInfo | null> {
  try {
    const out = await run(
      findFfprobe(),
      ["-v", "error", "-show_entries", "format=duration:stream=codec_type,width,height", "-of", "json", file],
      signal,
    );
    const json = JSON.parse(out.toString()) as {
      format?: { duration?: string };
      streams?: { codec_type?: string; width?: number; height?: number }[];
    };
    const streams = json.streams ?? [];
    const v = streams.find((s) => s.codec_type === "video" && s.width && s.height);
    const info: MediaInfo = {
      duration: Number(json.format?.duration) || 0,
      audio: streams.some((s) => s.codec_type === "audio"),
    };
    if (v?.width && v.height) info.video = { width: v.width, height: v.height };
    return info;
  } catch (err) {
    if (signal?.aborted) throw err;
    return null;
  }
}

/** Probes bytes through a temporary file that is removed before this returns. */
export async function probeMedia(bytes: Buffer, signal?: AbortSignal): Promise<MediaInfo | null> {
  const temp = await TempMedia.write(bytes);
  try {
    return await probeFile(temp.file, signal);
  } finally {
    await temp.remove();
  }
}

export const SAMPLE_RATE = 48_000;

/**
 * The first audio stream as interleaved stereo float at 48 kHz, looped to fill `seconds`
 * (a short loop under a long shot repeats, as a music bed would).
 */
export async function decodeAudio(
  file: string,
  seconds: number,
  signal?: AbortSignal,
): Promise<Float32Array> {
  const out = await run(
    findFfmpeg(),
    [
      ...[
        "-hide_banner",
        "-loglevel",
        "error",
        "-stream_loop",
        "-1",
        "-i",
        file,
        "-vn",
        "-t",
        String(seconds),
      ],
      ...["-ac", "2", "-ar", String(SAMPLE_RATE), "-f", "f32le", "pipe:1"],
    ],
    signal,
  );
  const samples = new Float32Array(SAMPLE_RATE * 2 * seconds);
  const usable = Math.min(samples.length, Math.floor(out.length / 4));
  for (let i = 0; i < usable; i++) samples[i] = out.readFloatLE(i * 4);
  return samples;
}

/**
 * Frames of a reference video at the shot's size and rate, read one by one while ffmpeg decodes
 * ahead (its stdout is paused when enough frames wait). The clip is retimed to the shot: a clip
 * up to twice as long or short is slowed or sped to fit exactly; beyond that it is played at
 * that limit and looped.
 */
export class VideoFrameReader {
  private readonly child: ChildProcess;
  private readonly chunks: Buffer[] = [];
  private buffered = 0;
  private ended = false;
  private failure: Error | undefined;
  private wake: (() => void) | undefined;

  constructor(
    file: string,
    info: MediaInfo,
    private readonly width: number,
    private readonly height: number,
    fps: number,
    seconds: number,
    frames: number,
  ) {
    const stretch = info.duration > 0 ? Math.max(0.5, Math.min(2, seconds / info.duration)) : 1;
    const filter = [
      `setpts=${stretch.toFixed(4)}*PTS`,
      `fps=${fps}`,
      `scale=${width}:${height}:force_original_aspect_ratio=increase`,
      `crop=${width}:${height}`,
    ].join(",");
    this.child = spawn(
      findFfmpeg(),
      [
        ...["-hide_banner", "-loglevel", "error", "-stream_loop", "-1", "-i", file, "-an", "-vf", filter],
        ...["-frames:v", String(frames), "-f", "rawvideo", "-pix_fmt", "rgba", "pipe:1"],
      ],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    const stdout = this.child.stdout;
    stdout?.on("data", (c: Buffer) => {
      this.chunks.push(c);
      this.buffered += c.length;
      if (this.buffered > this.frameBytes * 4) stdout.pause();
      this.poke();
    });
    this.child.stderr?.resume();
    this.child.on("error", (e) => {
      this.failure = e;
      this.poke();
    });
    this.child.on("close", () => {
      this.ended = true;
      this.poke();
    });
  }

  private get frameBytes(): number {
    return this.width * this.height * 4;
  }

  private poke() {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }

  /** The next frame into `out` (packed RGBA); false when the clip has no more frames. */
  async next(out: Uint32Array): Promise<boolean> {
    const need = this.frameBytes;
    while (this.buffered < need) {
      if (this.failure) throw this.failure;
      if (this.ended) return false;
      this.child.stdout?.resume();
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
    }
    const bytes = new Uint8Array(out.buffer, out.byteOffset, need);
    let filled = 0;
    while (filled < need) {
      const head = this.chunks[0] as Buffer;
      const take = Math.min(head.length, need - filled);
      bytes.set(head.subarray(0, take), filled);
      filled += take;
      if (take === head.length) this.chunks.shift();
      else this.chunks[0] = head.subarray(take);
    }
    this.buffered -= need;
    if (this.buffered <= this.frameBytes * 4) this.child.stdout?.resume();
    return true;
  }

  close(): void {
    if (this.child.exitCode === null) this.child.kill("SIGKILL");
  }
}
