import "server-only";
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { findFfprobe } from "@/lib/platform/ffmpeg-path";

export interface VideoFacts {
  width: number;
  height: number;
  durationSeconds: number | null;
}

/**
 * Width, height and duration of a video, read by ffprobe. From a temporary file, not a pipe: an
 * MP4 or MOV whose index is at its end cannot be read front to back.
 */
export async function probeVideo(bytes: Buffer, timeoutMs = 15_000): Promise<VideoFacts> {
  const file = path.join(tmpdir(), `studio-probe-${randomUUID()}`);
  await writeFile(file, bytes);
  try {
    return await probeFile(file, timeoutMs);
  } finally {
    await rm(file, { force: true });
  }
}

function probeFile(file: string, timeoutMs: number): Promise<VideoFacts> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      findFfprobe(),
      ["-v", "error", "-print_format", "json", "-show_streams", "-show_format", file],
      { stdio: ["ignore", "pipe", "ignore"] },
    );
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    const out: Buffer[] = [];
    child.stdout.on("data", (c: Buffer) => out.push(c));
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      if (code !== 0) return reject(new Error(`ffprobe exited with ${code}`));
      try {
        const info = JSON.parse(Buffer.concat(out).toString("utf8")) as {
          streams?: { codec_type?: string; width?: number; height?: number }[];
          format?: { duration?: string };
        };
        const video = info.streams?.find((s) => s.codec_type === "video");
        if (!video?.width || !video.height) return reject(new Error("no video stream"));
        const duration = Number(info.format?.duration);
        resolve({
          width: video.width,
          height: video.height,
          durationSeconds: Number.isFinite(duration) ? duration : null,
        });
      } catch (err) {
        reject(err);
      }
    });
  });
}
