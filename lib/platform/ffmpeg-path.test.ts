import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { findFfmpeg, findFfprobe } from "./ffmpeg-path";

describe("findFfmpeg / findFfprobe", () => {
  it("prefers FFMPEG_PATH / FFPROBE_PATH, then PATH, then the npm binaries", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ffmpeg-path-"));
    try {
      for (const tool of ["ffmpeg", "ffprobe", "custom-ffmpeg", "custom-ffprobe"]) {
        fs.writeFileSync(path.join(dir, tool), "#!/bin/sh\n", { mode: 0o755 });
      }
      const configured = {
        FFMPEG_PATH: path.join(dir, "custom-ffmpeg"),
        FFPROBE_PATH: path.join(dir, "custom-ffprobe"),
        PATH: dir,
      };
      expect(findFfmpeg(configured)).toBe(configured.FFMPEG_PATH);
      expect(findFfprobe(configured)).toBe(configured.FFPROBE_PATH);
      expect(findFfmpeg({ PATH: dir })).toBe(path.join(dir, "ffmpeg"));
      expect(findFfprobe({ FFPROBE_PATH: "/nowhere/ffprobe", PATH: dir })).toBe(path.join(dir, "ffprobe"));
      expect(findFfmpeg({ PATH: "" })).toMatch(/@ffmpeg-installer/);
      expect(findFfprobe({ PATH: "" })).toMatch(/@ffprobe-installer/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
