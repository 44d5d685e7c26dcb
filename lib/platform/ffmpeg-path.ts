// Not `server-only`: render threads load this module, and the hook that empties `server-only`
// under tsx does not reach them.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * Where ffmpeg and ffprobe are, as the design prefers: `FFMPEG_PATH` / `FFPROBE_PATH`, then the
 * tool on PATH (Debian's is current), then the binary shipped in `@ffmpeg-installer/ffmpeg` /
 * `@ffprobe-installer/ffprobe` (older, but with libx264, libvpx-vp9, aac and opus). Each is
 * resolved once per process.
 */

/** Keyed by tool and the environment it was looked up with. */
const cached = new Map<string, string>();

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

function fromNpm(pkg: string): string | undefined {
  // From this module first; then from the working directory, for code bundled by Next.js, whose
  // `import.meta.url` names a virtual path that no node_modules lies under.
  for (const base of [import.meta.url, path.join(process.cwd(), "package.json")]) {
    try {
      const found = createRequire(base)(pkg) as { path?: string };
      if (found.path && isExecutable(found.path)) return found.path;
    } catch {
      // Try the next base.
    }
  }
  return undefined;
}

function find(
  tool: "ffmpeg" | "ffprobe",
  configured: string | undefined,
  envPath: string | undefined,
): string {
  const key = `${tool}\u0000${configured ?? ""}\u0000${envPath ?? ""}`;
  const hit = cached.get(key);
  if (hit) return hit;
  const pkg = tool === "ffmpeg" ? "@ffmpeg-installer/ffmpeg" : "@ffprobe-installer/ffprobe";
  const found =
    (configured && isExecutable(configured) ? configured : undefined) ??
    onPath(tool, envPath) ??
    fromNpm(pkg);
  if (!found) {
    const variable = tool === "ffmpeg" ? "FFMPEG_PATH" : "FFPROBE_PATH";
    throw new Error(`${tool} not found: set ${variable}, install ${tool}, or reinstall ${pkg}.`);
  }
  cached.set(key, found);
  return found;
}

// FFMPEG_PATH / FFPROBE_PATH are read here rather than in the engine's or the studio's config: they
// are toolchain locations that both share, not settings of either.
export function findFfmpeg(env: Record<string, string | undefined> = process.env): string {
  return find("ffmpeg", env.FFMPEG_PATH, env.PATH);
}

export function findFfprobe(env: Record<string, string | undefined> = process.env): string {
  return find("ffprobe", env.FFPROBE_PATH, env.PATH);
}
