import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { LocalMediaStorage } from "@/lib/server/storage";
import { downloadName } from "./item-media";
import {
  deleteThumbs,
  encodeThumb,
  ensureScrub,
  ensureThumb,
  KEPT_THUMB,
  SCRUB_FRAME_WIDTH,
  SCRUB_FRAMES,
  thumbFormat,
  thumbKey,
  thumbnailQueue,
  thumbOnKeep,
} from "./thumbnails";

async function readBack(storage: LocalMediaStorage, key: string): Promise<Buffer | null> {
  const object = await storage.get(key);
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-thumbs-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const image = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .png()
    .toBuffer();

describe("thumbnails", () => {
  it("picks WebP at every size (the kept thumbnail serves every current browser), JPEG for the rest", () => {
    const chrome = "image/avif,image/webp,image/apng,*/*;q=0.8";
    expect(thumbFormat(chrome)).toBe(KEPT_THUMB.format);
    expect(thumbFormat("image/webp,*/*")).toBe("webp");
    expect(thumbFormat("*/*")).toBe("jpeg");
    expect(thumbFormat(null)).toBe("jpeg");
  });

  it("makes the kept thumbnail from the bytes in hand, once, however many ask while it is made", async () => {
    const storage = new LocalMediaStorage(dir);
    const original = await image(1024, 512);
    // Not in storage at all: only the bytes in hand can make it.
    const source = { storageKey: "items/2026/02/kept.png", kind: "image" as const, durationSeconds: null };
    let reads = 0;
    let stats = 0;
    const counting = Object.assign(Object.create(storage) as LocalMediaStorage, {
      get: (key: string) => {
        reads++;
        return storage.get(key);
      },
      stat: (key: string) => {
        stats++;
        return storage.stat(key);
      },
      put: async (key: string, bytes: Buffer, options: { mime: string }) => {
        puts.push(key);
        return storage.put(key, bytes, options);
      },
    });
    const puts: string[] = [];
    const kept = thumbOnKeep(counting, source, original);
    const asked = await Promise.all([
      ensureThumb(counting, source, KEPT_THUMB.width, KEPT_THUMB.format),
      ensureThumb(counting, source, KEPT_THUMB.width, KEPT_THUMB.format),
    ]);
    await kept;
    const key = thumbKey(source.storageKey, KEPT_THUMB.width, KEPT_THUMB.format);
    expect(asked).toEqual([
      { full: false, value: key },
      { full: false, value: key },
    ]);
    expect(puts).toEqual([key]);
    expect(reads).toBe(0);
    // The result's key is new: nothing is looked up before the encode, by the keeper or those joining it.
    expect(stats).toBe(0);
    const meta = await sharp((await readBack(storage, key)) as Buffer).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 320, 160]);
  });

  it("deletes every thumbnail and strip of a media key, and only those", async () => {
    const storage = new LocalMediaStorage(dir);
    const source = { storageKey: "items/2026/03/gone.png", kind: "image" as const, durationSeconds: null };
    const other = { ...source, storageKey: "items/2026/03/stays.png" };
    for (const s of [source, other]) {
      await storage.put(s.storageKey, await image(64, 64), { mime: "image/png" });
      await ensureThumb(storage, s, 320, "webp");
      await ensureThumb(storage, s, 640, "jpeg");
    }
    await deleteThumbs(storage, source.storageKey);
    expect(await storage.stat(thumbKey(source.storageKey, 320, "webp"))).toBeNull();
    expect(await storage.stat(thumbKey(source.storageKey, 640, "jpeg"))).toBeNull();
    expect(await storage.stat(thumbKey(other.storageKey, 320, "webp"))).not.toBeNull();
    expect(await storage.stat(source.storageKey)).not.toBeNull();
  });

  it.each([
    [320, "avif", "avif"],
    [640, "webp", "webp"],
    [1280, "jpeg", "jpeg"],
  ] as const)("makes a %i px %s thumbnail keeping the aspect ratio", async (width, format, sharpFormat) => {
    const out = await encodeThumb(await image(2048, 1024), width, format);
    const meta = await sharp(out).metadata();
    expect(meta.format).toBe(sharpFormat === "avif" ? "heif" : sharpFormat);
    expect(meta.width).toBe(width);
    expect(meta.height).toBe(width / 2);
  });

  it("never enlarges a small image", async () => {
    const meta = await sharp(await encodeThumb(await image(200, 300), 640, "webp")).metadata();
    expect([meta.width, meta.height]).toEqual([200, 300]);
  });

  it("stores a thumbnail once under a key derived from the item's, and reuses it", async () => {
    const storage = new LocalMediaStorage(dir);
    await storage.put("items/2026/01/a.png", await image(1024, 1024), { mime: "image/png" });
    const source = { storageKey: "items/2026/01/a.png", kind: "image" as const, durationSeconds: null };
    const first = await ensureThumb(storage, source, 640, "webp");
    expect(first).toEqual({ full: false, value: thumbKey(source.storageKey, 640, "webp") });
    const stat = await storage.stat(thumbKey(source.storageKey, 640, "webp"));
    expect(stat?.mime).toBe("image/webp");
    expect(await ensureThumb(storage, source, 640, "webp")).toEqual(first);
    expect(await ensureThumb(storage, { ...source, storageKey: "items/none.png" }, 320, "jpeg")).toEqual({
      full: false,
      value: null,
    });
  });

  it("writes thumbnails without syncing them, and makes again one a power cut left empty", async () => {
    const storage = new LocalMediaStorage(dir);
    await storage.put("items/2026/04/b.png", await image(512, 512), { mime: "image/png" });
    const source = { storageKey: "items/2026/04/b.png", kind: "image" as const, durationSeconds: null };
    const puts: { key: string; remade: boolean | undefined }[] = [];
    const watched = Object.assign(Object.create(storage) as LocalMediaStorage, {
      put: (key: string, bytes: Buffer, options: { mime: string; remade?: boolean }) => {
        puts.push({ key, remade: options.remade });
        return storage.put(key, bytes, options);
      },
    });
    const key = thumbKey(source.storageKey, 320, "webp");
    await ensureThumb(watched, source, 320, "webp");
    expect(puts).toEqual([{ key, remade: true }]);
    // What an unsynced file may be after a power cut: there, with nothing in it.
    fs.writeFileSync(path.join(dir, key), "");
    expect(await ensureThumb(watched, source, 320, "webp")).toEqual({ full: false, value: key });
    expect(puts).toHaveLength(2);
    const meta = await sharp((await readBack(storage, key)) as Buffer).metadata();
    expect([meta.format, meta.width]).toEqual(["webp", 320]);
  });

  it("holds at most two encodes in memory however many ask at once", async () => {
    const queue = thumbnailQueue();
    let peak = 0;
    await Promise.all(
      Array.from({ length: 20 }, () =>
        queue.run(async () => {
          peak = Math.max(peak, queue.usage.running);
          await new Promise((r) => setTimeout(r, 5));
        }),
      ),
    );
    expect(peak).toBeLessThanOrEqual(2);
  });

  it("makes a poster frame and a scrub strip of a video", async () => {
    const { spawnSync } = await import("node:child_process");
    const { findFfmpeg } = await import("@/lib/platform/ffmpeg-path");
    const file = path.join(dir, "clip.mp4");
    const made = spawnSync(findFfmpeg(), [
      "-v",
      "error",
      "-f",
      "lavfi",
      "-i",
      "testsrc=size=320x180:rate=10:duration=2",
      "-pix_fmt",
      "yuv420p",
      "-y",
      file,
    ]);
    expect(made.status).toBe(0);
    const storage = new LocalMediaStorage(dir);
    await storage.put("items/2026/01/v.mp4", fs.readFileSync(file), { mime: "video/mp4" });
    const source = { storageKey: "items/2026/01/v.mp4", kind: "video" as const, durationSeconds: 2 };
    const poster = await ensureThumb(storage, source, 320, "jpeg");
    if (poster.full || !poster.value) throw new Error("no poster");
    const posterMeta = await sharp(fs.readFileSync(path.join(dir, poster.value))).metadata();
    expect([posterMeta.format, posterMeta.width, posterMeta.height]).toEqual(["jpeg", 320, 180]);
    const strip = await ensureScrub(storage, source);
    if (strip.full || !strip.value) throw new Error("no strip");
    const stripMeta = await sharp(fs.readFileSync(path.join(dir, strip.value))).metadata();
    expect(stripMeta.width).toBe(SCRUB_FRAMES * SCRUB_FRAME_WIDTH);
    expect(stripMeta.height).toBe(90);
  }, 30_000);

  it("names a download from its prompt", () => {
    const id = "0123abcd-0000-4000-8000-000000000000";
    expect(
      downloadName({ id, mime: "image/png", kind: "image", prompt: "A Café by the sea, at night!" }),
    ).toBe("a-cafe-by-the-sea-at-night-0123abcd.png");
    expect(downloadName({ id, mime: "video/mp4", kind: "video", prompt: null })).toBe("video-0123abcd.mp4");
  });
});
