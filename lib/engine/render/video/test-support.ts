/**
 * Test support (not a test): decodes rendered videos with ffprobe and ffmpeg so tests assert on
 * what a player would see, and makes small input media (stills, a clip, a tone).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { findFfmpeg, findFfprobe } from "@/lib/platform/ffmpeg-path";

function run(cmd: string, args: string[], input?: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: [input ? "pipe" : "ignore", "pipe", "pipe"] });
    const out: Buffer[] = [];
    let err = "";
    child.stdout?.on("data", (c: Buffer) => out.push(c));
    child.stderr?.on("data", (c: Buffer) => {
      err += c.toString();
    });
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve(Buffer.concat(out)) : reject(new Error(err.slice(0, 500))),
    );
    if (input && child.stdin) child.stdin.end(input);
  });
}

/** Runs `fn` with the bytes in a temporary file (ffprobe needs to seek in MP4/MOV). */
async function withFile<T>(bytes: Buffer, fn: (file: string) => Promise<T>): Promise<T> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "video-test-"));
  const file = path.join(dir, "media");
  await fs.promises.writeFile(file, bytes);
  try {
    return await fn(file);
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

export interface Probed {
  formatName: string;
  duration: number;
  video?: { codec: string; width: number; height: number; frames: number };
  audio?: { codec: string };
}

export function probeVideo(bytes: Buffer): Promise<Probed> {
  return withFile(bytes, async (file) => {
    const out = await run(findFfprobe(), [
      ...["-v", "error", "-count_frames", "-show_entries"],
      "format=format_name,duration:stream=codec_type,codec_name,width,height,nb_read_frames",
      ...["-of", "json", file],
    ]);
    const json = JSON.parse(out.toString()) as {
      format: { format_name: string; duration: string };
      streams: {
        codec_type: string;
        codec_name: string;
        width?: number;
        height?: number;
        nb_read_frames?: string;
      }[];
    };
    const v = json.streams.find((s) => s.codec_type === "video");
    const a = json.streams.find((s) => s.codec_type === "audio");
    const probed: Probed = { formatName: json.format.format_name, duration: Number(json.format.duration) };
    if (v) {
      probed.video = {
        codec: v.codec_name,
        width: v.width ?? 0,
        height: v.height ?? 0,
        frames: Number(v.nb_read_frames),
      };
    }
    if (a) probed.audio = { codec: a.codec_name };
    return probed;
  });
}

/** Every decoded frame as RGB bytes. */
export function decodeFrames(bytes: Buffer, width: number, height: number): Promise<Buffer[]> {
  return withFile(bytes, async (file) => {
    const raw = await run(findFfmpeg(), [
      "-v",
      "error",
      "-i",
      file,
      "-f",
      "rawvideo",
      "-pix_fmt",
      "rgb24",
      "pipe:1",
    ]);
    const size = width * height * 3;
    const frames: Buffer[] = [];
    for (let o = 0; o + size <= raw.length; o += size) frames.push(raw.subarray(o, o + size));
    return frames;
  });
}

/** The soundtrack as mono float samples at 48 kHz; empty without audio. */
function decodeMono(bytes: Buffer): Promise<Float32Array> {
  return withFile(bytes, async (file) => {
    const raw = await run(findFfmpeg(), [
      ...["-v", "error", "-i", file, "-vn"],
      ...["-ac", "1", "-ar", "48000", "-f", "f32le", "pipe:1"],
    ]);
    const samples = new Float32Array(Math.floor(raw.length / 4));
    for (let i = 0; i < samples.length; i++) samples[i] = raw.readFloatLE(i * 4);
    return samples;
  });
}

/** The soundtrack's RMS (mono, 0-1), or 0 without audio. */
export async function audioRms(bytes: Buffer): Promise<number> {
  const samples = await decodeMono(bytes);
  let sum = 0;
  for (const x of samples) sum += x ** 2;
  return samples.length === 0 ? 0 : Math.sqrt(sum / samples.length);
}

/** The soundtrack's largest absolute sample (mono), or 0 without audio. */
export async function audioPeak(bytes: Buffer): Promise<number> {
  let peak = 0;
  for (const x of await decodeMono(bytes)) peak = Math.max(peak, Math.abs(x));
  return peak;
}

/**
 * The amplitude (mono, 0-1) of the soundtrack's sine component at `frequency` Hz, or 0 without
 * audio: Goertzel over 0.1 s blocks (a 10 Hz band), averaged, so a phase jump where a looped
 * clip restarts costs one block, not the whole file. A tone mixed in at amplitude A reads about A;
 * music without that tone reads near 0.
 */
export async function toneLevel(bytes: Buffer, frequency: number): Promise<number> {
  const samples = await decodeMono(bytes);
  const block = 4800;
  const k = 2 * Math.cos((2 * Math.PI * frequency) / 48000);
  let sum = 0;
  let blocks = 0;
  for (let start = 0; start + block <= samples.length; start += block) {
    let s1 = 0;
    let s2 = 0;
    for (let i = start; i < start + block; i++) {
      const s0 = (samples[i] as number) + k * s1 - s2;
      s2 = s1;
      s1 = s0;
    }
    sum += (2 * Math.sqrt(Math.max(0, s1 * s1 + s2 * s2 - k * s1 * s2))) / block;
    blocks++;
  }
  return blocks === 0 ? 0 : sum / blocks;
}

/** Mean absolute difference per channel (0-255) of two RGB buffers. */
export function meanAbsDiff(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
  return sum / a.length;
}

/** A still with a diagonal gradient and a disc: structure that a wrong frame would not match. */
export async function still(width: number, height: number, hue: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="hsl(${hue},70%,35%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},70%,65%)"/>
  </linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <circle cx="${width * 0.3}" cy="${height * 0.4}" r="${Math.min(width, height) * 0.2}" fill="hsl(${(hue + 180) % 360},80%,55%)"/>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The still as RGB bytes at a size (what the first/last frame should decode to). */
export function stillRgb(png: Buffer, width: number, height: number): Promise<Buffer> {
  return sharp(png).resize(width, height, { fit: "cover" }).removeAlpha().raw().toBuffer();
}

/**
 * A short MP4 clip from ffmpeg's test source (colour bars moving), `seconds` long. With `tone`
 * (Hz) it also carries a sine at that frequency (amplitude 0.5, AAC); without, no audio stream.
 */
export function testClip(
  width: number,
  height: number,
  seconds: number,
  colour?: string,
  tone?: number,
): Promise<Buffer> {
  return withFile(Buffer.alloc(0), async (file) => {
    const source = colour
      ? `color=c=${colour}:s=${width}x${height}:r=24:d=${seconds}`
      : `testsrc=s=${width}x${height}:r=24:d=${seconds}`;
    const sound =
      tone === undefined
        ? []
        : [
            ...["-f", "lavfi", "-i", `sine=frequency=${tone}:sample_rate=48000:duration=${seconds}`],
            ...["-af", "volume=4", "-c:a", "aac", "-b:a", "128k"],
          ];
    const out = `${file}.mp4`;
    await run(findFfmpeg(), [
      ...["-v", "error", "-f", "lavfi", "-i", source],
      ...sound,
      ...["-pix_fmt", "yuv420p", "-c:v", "libx264", "-y", out],
    ]);
    try {
      return await fs.promises.readFile(out);
    } finally {
      await fs.promises.rm(out, { force: true });
    }
  });
}

/** A loud sine tone as WAV bytes. */
export function testTone(seconds: number, frequency = 440): Promise<Buffer> {
  return run(findFfmpeg(), [
    ...[
      "-v",
      "error",
      "-f",
      "lavfi",
      "-i",
      `sine=frequency=${frequency}:sample_rate=48000:duration=${seconds}`,
    ],
    ...["-af", "volume=4", "-f", "wav", "pipe:1"],
  ]);
}
