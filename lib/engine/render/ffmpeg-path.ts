import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * Where ffmpeg is, as the design prefers: `FFMPEG_PATH`, then an `ffmpeg` on PATH (Debian's is
 * current), then the binary shipped in `@ffmpeg-installer/ffmpeg` (older, but with libx264,
 * libvpx-vp9, aac and opus). Resolved once per process.
 */

let cached: string | undefined;

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

function onPath(name: string, envPath: string | undefined): string | undefined {
  for (const dir of (envPath ?? "").split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    if (isExecutable(candidate)) return candidate;
  }
  return undefined;
}

function fromNpm(): string | undefined {
  try {
    const require = createRequire(import.meta.url);
    const found = require("@ffmpeg-installer/ffmpeg") as { path?: string };
    return found.path && isExecutable(found.path) ? found.path : undefined;
  } catch {
    return undefined;
  }
}

// The engine reads FFMPEG_PATH here rather than in its config: it is a toolchain location, shared
// with other tools, not an engine setting.
export function findFfmpeg(env: Record<string, string | undefined> = process.env): string {
  if (cached) return cached;
  const configured = env.FFMPEG_PATH;
  const found =
    (configured && isExecutable(configured) ? configured : undefined) ??
    onPath("ffmpeg", env.PATH) ??
    fromNpm();
  if (!found) {
    throw new Error(
      "ffmpeg not found: set FFMPEG_PATH, install ffmpeg, or reinstall @ffmpeg-installer/ffmpeg.",
    );
  }
  cached = found;
  return found;
}
