import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Writable } from "node:stream";
import { findFfmpeg } from "@/lib/platform/ffmpeg-path";
import type { VideoFormat } from "../shared/formats";
import { SAMPLE_RATE } from "./media-decode";

/**
 * One ffmpeg process per video. Frames arrive on stdin as raw RGBA (never one file per frame);
 * the soundtrack, when there is one, as 16-bit PCM on a second pipe (fd 3, `pipe:3`), so nothing
 * touches the disk but the output. The output is a temporary file because MP4 and MOV need a
 * seekable output for `+faststart` (the index moves to the front so playback starts before the
 * download ends); it is read back and removed.
 *
 * Formats: MP4 and MOV are H.264 + AAC, WEBM is VP9 + Opus. Quality (outputQuality 20-99) maps
 * linearly onto each encoder's useful CRF range: x264 35-16, VP9 48-20 (lower is better). x264
 * and VP9 are run single-pass at speed presets (veryfast, realtime) that keep a 5 s 832x480 clip
 * under a second; CRF keeps quality constant while the size follows the content. `-bitexact`
 * drops the encoder version string from the container, so the same input makes the same file.
 */

/** outputQuality 20-99 -> x264 CRF 35-16. */
export function x264Crf(quality: number): number {
  return Math.round(35 - ((quality - 20) * 19) / 79);
}

/** outputQuality 20-99 -> VP9 CRF 48-20. */
export function vp9Crf(quality: number): number {
  return Math.round(48 - ((quality - 20) * 28) / 79);
}

/** Audio bitrate grows with quality too: 96-160 kb/s AAC, 64-128 kb/s Opus. */
function audioBitrate(format: VideoFormat, quality: number): string {
  const k = (quality - 20) / 79;
  return format === "WEBM" ? `${Math.round(64 + 64 * k)}k` : `${Math.round(96 + 64 * k)}k`;
}

export function encoderArgs(format: VideoFormat, quality: number, audio: boolean): string[] {
  if (format === "WEBM") {
    return [
      ...["-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8", "-row-mt", "1"],
      ...["-b:v", "0", "-crf", String(vp9Crf(quality)), "-pix_fmt", "yuv420p"],
      ...(audio ? ["-c:a", "libopus", "-b:a", audioBitrate(format, quality)] : []),
      ...["-f", "webm"],
    ];
  }
  return [
    ...["-c:v", "libx264", "-preset", "veryfast", "-crf", String(x264Crf(quality)), "-pix_fmt", "yuv420p"],
    ...(audio ? ["-c:a", "aac", "-b:a", audioBitrate(format, quality)] : []),
    ...["-movflags", "+faststart", "-f", format === "MOV" ? "mov" : "mp4"],
  ];
}

export interface EncoderOptions {
  width: number;
  height: number;
  fps: number;
  frames: number;
  format: VideoFormat;
  quality: number;
  /** An audio stream (16-bit stereo PCM at 48 kHz, given to `writeAudio`); false: none at all. */
  audio: boolean;
  signal?: AbortSignal;
  /** Overrides the ffmpeg lookup (the bench uses the same binary for both runs). */
  ffmpeg?: string;
}

/** Frames waiting in our pipe before `write` waits: enough to keep ffmpeg busy while we paint. */
const AHEAD = 3;

export class Encoder {
  private readonly child;
  private readonly stdin: Writable;
  private readonly dir: string;
  private readonly out: string;
  private readonly done: Promise<number | null>;
  private readonly gone: Promise<void>;
  private readonly audioPipe: Writable | undefined;
  private readonly free: Buffer[] = [];
  private stderr = "";
  private writeError: Error | undefined;
  private readonly abort = () => this.child.kill("SIGKILL");

  private constructor(
    private readonly o: EncoderOptions,
    dir: string,
  ) {
    this.dir = dir;
    this.out = path.join(dir, `out.${o.format.toLowerCase()}`);
    const seconds = o.frames / o.fps;
    const args = [
      ...["-hide_banner", "-loglevel", "error", "-y"],
      ...[
        "-f",
        "rawvideo",
        "-pix_fmt",
        "rgba",
        "-s",
        `${o.width}x${o.height}`,
        "-r",
        String(o.fps),
        "-i",
        "pipe:0",
      ],
      ...(o.audio ? ["-f", "s16le", "-ar", String(SAMPLE_RATE), "-ac", "2", "-i", "pipe:3"] : []),
      ...encoderArgs(o.format, o.quality, o.audio),
      ...["-fflags", "+bitexact", "-flags:v", "+bitexact", "-flags:a", "+bitexact"],
      ...["-t", String(seconds), this.out],
    ];
    this.child = spawn(o.ffmpeg ?? findFfmpeg(), args, {
      stdio: ["pipe", "ignore", "pipe", o.audio ? "pipe" : "ignore"],
    });
    this.stdin = this.child.stdin as Writable;
    this.child.stderr?.on("data", (chunk: Buffer) => {
      if (this.stderr.length < 4000) this.stderr += chunk.toString();
    });
    this.done = new Promise((resolve, reject) => {
      this.child.on("error", reject);
      this.child.on("close", (code) => resolve(code));
    });
    // Settles (never rejects) when ffmpeg is gone, so a write never waits on a dead pipe.
    this.gone = this.done.then(
      () => undefined,
      () => undefined,
    );
    this.stdin.on("error", (err) => {
      this.writeError = err;
    });
    this.audioPipe = (this.child.stdio[3] as Writable | null) ?? undefined;
    this.audioPipe?.on("error", (err) => {
      this.writeError ??= err;
    });
    o.signal?.addEventListener("abort", this.abort, { once: true });
  }

  static async start(o: EncoderOptions): Promise<Encoder> {
    const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "engine-video-"));
    return new Encoder(o, dir);
  }

  /**
   * The whole soundtrack, before the first frame. Written at once: Node queues it and feeds
   * ffmpeg as it reads, beside the frames. ffmpeg starts (and waits for it) meanwhile, so the
   * process start overlaps with preparing the shot.
   */
  writeAudio(pcm: Buffer): void {
    this.audioPipe?.end(pcm);
  }

  /**
   * A frame buffer whose earlier contents ffmpeg has already taken, or undefined: reusing them
   * spares the kernel zeroing fresh pages for every frame (1.6 MB at 832x480).
   */
  reusableBuffer(): Buffer | undefined {
    return this.free.pop();
  }

  /** Queues one frame; waits only when several are already queued. */
  async write(frame: Buffer): Promise<void> {
    if (this.o.signal?.aborted) throw new Error("aborted");
    if (this.writeError) throw this.failure();
    this.stdin.write(frame, (err) => {
      if (!err && this.free.length < AHEAD + 2) this.free.push(frame);
    });
    if (this.stdin.writableLength > frame.length * AHEAD) {
      await Promise.race([new Promise<void>((resolve) => this.stdin.once("drain", resolve)), this.gone]);
      if (this.child.exitCode !== null && !this.o.signal?.aborted) throw this.failure();
    }
  }

  private failure(): Error {
    return new Error(
      `ffmpeg failed: ${this.stderr.trim().slice(0, 500) || this.writeError?.message || "no output"}`,
    );
  }

  /** Closes stdin, waits for ffmpeg and returns the file's bytes. */
  async finish(): Promise<Buffer> {
    this.stdin.end();
    const code = await this.done;
    if (this.o.signal?.aborted) throw new Error("aborted");
    if (code !== 0) throw new Error(`ffmpeg exited with ${code}: ${this.stderr.trim().slice(0, 500)}`);
    return fs.promises.readFile(this.out);
  }

  /** Always called: kills ffmpeg if it still runs and removes the temporary directory. */
  async dispose(): Promise<void> {
    this.o.signal?.removeEventListener("abort", this.abort);
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill("SIGKILL");
    await this.gone;
    await fs.promises.rm(this.dir, { recursive: true, force: true });
  }
}
