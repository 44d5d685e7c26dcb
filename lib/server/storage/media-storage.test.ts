import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inlineMediaSink } from "./inline-media-sink";
import { LocalMediaStorage } from "./local-media-storage";
import { itemMediaKey, MediaKeyError, MediaRangeError, type MediaStorage } from "./media-storage";
import { S3MediaStorage } from "./s3-media-storage";

// The same tests run on local disk and on S3 (s3rver, a local S3-compatible server).

interface Backend {
  name: string;
  setUp(): Promise<{ storage: MediaStorage; tearDown(): Promise<void>; dir: string }>;
}

const PART = 5 * 1024 * 1024;

const backends: Backend[] = [
  {
    name: "local disk",
    async setUp() {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-media-"));
      const storage = new LocalMediaStorage(path.join(dir, "media"));
      return { storage, dir, tearDown: async () => fs.rmSync(dir, { recursive: true, force: true }) };
    },
  },
  {
    name: "S3 (s3rver)",
    async setUp() {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-s3rver-"));
      const server = new S3rver({
        address: "127.0.0.1",
        port: 0,
        silent: true,
        directory: dir,
        configureBuckets: [{ name: "studio-media" }],
      });
      const { port } = await server.run();
      const storage = new S3MediaStorage(
        {
          bucket: "studio-media",
          region: "us-east-1",
          endpoint: `http://127.0.0.1:${port}`,
          forcePathStyle: true,
          accessKeyId: "S3RVER",
          secretAccessKey: "S3RVER",
        },
        { partSize: PART },
      );
      return {
        storage,
        dir,
        async tearDown() {
          storage.close();
          await server.close();
          fs.rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  },
];

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function chunked(data: Buffer, size: number): Readable {
  return Readable.from(
    (function* () {
      for (let i = 0; i < data.length; i += size) yield data.subarray(i, i + size);
    })(),
  );
}

/** Streams `bytes`, then fails: a client that disconnects halfway through an upload. */
function failingStream(bytes: Buffer): Readable {
  return Readable.from(
    (async function* () {
      yield bytes;
      throw new Error("client went away");
    })(),
  );
}

const key = () => `items/2025/01/${randomUUID()}.png`;

for (const backend of backends) {
  describe(`media storage on ${backend.name}`, () => {
    let storage: MediaStorage;
    let dir: string;
    let tearDown: () => Promise<void>;

    beforeAll(async () => {
      ({ storage, dir, tearDown } = await backend.setUp());
    }, 30_000);
    afterAll(async () => {
      await tearDown?.();
    });

    it("stores a buffer and reads it back with its size and type", async () => {
      const k = key();
      const data = randomBytes(1000);
      expect(await storage.put(k, data, { mime: "image/png" })).toEqual({ bytes: 1000 });
      const got = await storage.get(k);
      expect(got).toMatchObject({ size: 1000, mime: "image/png" });
      expect(got?.range).toBeUndefined();
      expect(await readAll(got?.stream as Readable)).toEqual(data);
      expect(await storage.stat(k)).toEqual({ size: 1000, mime: "image/png" });
    });

    it("stores a fresh key (a new id's) like any other", async () => {
      const k = key();
      const data = randomBytes(100);
      expect(await storage.put(k, data, { mime: "image/png", fresh: true })).toEqual({ bytes: 100 });
      expect(await storage.stat(k)).toEqual({ size: 100, mime: "image/png" });
      expect(await readAll((await storage.get(k))?.stream as Readable)).toEqual(data);
    });

    it("stores a key nobody can name yet (a new result's) like any other", async () => {
      const k = key();
      const data = randomBytes(300);
      expect(await storage.put(k, data, { mime: "image/png", unnamed: true })).toEqual({ bytes: 300 });
      expect(await storage.stat(k)).toEqual({ size: 300, mime: "image/png" });
      expect(await readAll((await storage.get(k))?.stream as Readable)).toEqual(data);
    });

    it("stores a stream, counting its bytes", async () => {
      const k = key();
      const data = randomBytes(200_000);
      expect(await storage.put(k, chunked(data, 7_000), { mime: "video/mp4" })).toEqual({ bytes: 200_000 });
      const got = await storage.get(k);
      expect(got?.mime).toBe("video/mp4");
      // Buffer.equals: a deep toEqual walks 200,000 elements one by one.
      expect((await readAll(got?.stream as Readable)).equals(data)).toBe(true);
    });

    it("stores a stream longer than one upload part", async () => {
      const k = key();
      const data = randomBytes(2 * PART + 12_345);
      expect(await storage.put(k, chunked(data, 1024 * 1024), { mime: "video/mp4" })).toEqual({
        bytes: data.length,
      });
      expect(await storage.stat(k)).toEqual({ size: data.length, mime: "video/mp4" });
      expect((await readAll((await storage.get(k))?.stream as Readable)).equals(data)).toBe(true);
    }, 30_000);

    it("stores an empty object", async () => {
      const k = key();
      expect(await storage.put(k, Readable.from([]), { mime: "image/png" })).toEqual({ bytes: 0 });
      expect(await storage.stat(k)).toEqual({ size: 0, mime: "image/png" });
    });

    it("serves byte ranges, clamping the end to the object", async () => {
      const k = key();
      const data = Buffer.from("0123456789");
      await storage.put(k, data, { mime: "image/png" });
      const part = await storage.get(k, { start: 2, end: 5 });
      expect(part).toMatchObject({ size: 10, range: { start: 2, end: 5 } });
      expect((await readAll(part?.stream as Readable)).toString()).toBe("2345");
      const tail = await storage.get(k, { start: 7, end: 1000 });
      expect(tail?.range).toEqual({ start: 7, end: 9 });
      expect((await readAll(tail?.stream as Readable)).toString()).toBe("789");
      const past = await storage.get(k, { start: 10, end: 20 }).catch((e: unknown) => e);
      expect(past).toBeInstanceOf(MediaRangeError);
      expect((past as MediaRangeError).size).toBe(10);
      await expect(storage.get(k, { start: 5, end: 2 })).rejects.toThrow(RangeError);
      await expect(storage.get(k, { start: -1, end: 2 })).rejects.toThrow(RangeError);
    });

    it("answers null for what is not there, and deletes idempotently", async () => {
      const k = key();
      expect(await storage.get(k)).toBeNull();
      expect(await storage.get(k, { start: 0, end: 1 })).toBeNull();
      expect(await storage.stat(k)).toBeNull();
      await storage.delete(k);
      await storage.put(k, Buffer.from("x"), { mime: "image/png" });
      await storage.delete(k);
      expect(await storage.stat(k)).toBeNull();
      expect(await storage.get(k)).toBeNull();
    });

    it("replaces an object, type included", async () => {
      const k = key();
      await storage.put(k, Buffer.from("old"), { mime: "image/png" });
      await storage.put(k, Buffer.from("newer"), { mime: "image/webp" });
      const got = await storage.get(k);
      expect(got?.mime).toBe("image/webp");
      expect((await readAll(got?.stream as Readable)).toString()).toBe("newer");
    });

    it("replaces an object of another type by one of the type its name says", async () => {
      const k = key();
      await storage.put(k, Buffer.from("old"), { mime: "image/webp" });
      await storage.put(k, Buffer.from("newer"), { mime: "image/png" });
      expect(await storage.stat(k)).toEqual({ size: 5, mime: "image/png" });
      const got = await storage.get(k);
      // Its bytes are not wanted here: the open file (or response) is let go of at once.
      got?.stream.destroy();
      expect(got?.mime).toBe("image/png");
    });

    it("keeps the old object when a streamed write fails halfway", async () => {
      const k = key();
      await storage.put(k, Buffer.from("complete"), { mime: "image/png" });
      await expect(storage.put(k, failingStream(randomBytes(50_000)), { mime: "image/png" })).rejects.toThrow(
        /client went away/,
      );
      const got = await storage.get(k);
      expect((await readAll(got?.stream as Readable)).toString()).toBe("complete");
      // Past two parts: on S3 the multipart upload has begun and must be aborted.
      await expect(
        storage.put(key(), failingStream(randomBytes(2 * PART + 10)), { mime: "image/png" }),
      ).rejects.toThrow(/client went away/);
      if (storage instanceof LocalMediaStorage) {
        const leftovers = fs
          .readdirSync(path.dirname(path.join(storage.root, k)))
          .filter((f) => f.endsWith(".tmp"));
        expect(leftovers).toEqual([]);
      }
    });

    it("refuses keys that could leave the media root", async () => {
      const bad = [
        "../escape.png",
        "items/../../escape.png",
        "/etc/passwd",
        "items//x.png",
        ".meta/x.json",
        "items/.x",
        "a\\..\\b",
        "",
        "items/-x",
      ];
      for (const k of bad) {
        await expect(storage.put(k, Buffer.from("x"), { mime: "image/png" })).rejects.toThrow(MediaKeyError);
        await expect(storage.get(k)).rejects.toThrow(MediaKeyError);
        await expect(storage.stat(k)).rejects.toThrow(MediaKeyError);
        await expect(storage.delete(k)).rejects.toThrow(MediaKeyError);
      }
      expect(fs.existsSync(path.join(dir, "escape.png"))).toBe(false);
      expect(fs.existsSync(path.join(dir, "media", "escape.png"))).toBe(false);
    });

    it("refuses a put without a MIME type", async () => {
      await expect(storage.put(key(), Buffer.from("x"), { mime: "png" })).rejects.toThrow(/MIME/);
    });

    it("keeps inline task media once per content", async () => {
      const sink = inlineMediaSink(storage);
      const bytes = randomBytes(64);
      const media = { mime: "image/png", bytes, sha256: "ab".repeat(32), path: "seedImage" };
      const first = await sink(media);
      expect(first).toBe(`inputs/ab/${"ab".repeat(32)}.png`);
      expect(await sink({ ...media, path: "maskImage" })).toBe(first);
      expect(await storage.stat(first)).toEqual({ size: 64, mime: "image/png" });
    });
  });
}

describe("media keys", () => {
  it("names results by month and media UUID", () => {
    const at = new Date(Date.UTC(2025, 0, 31, 23, 59));
    expect(itemMediaKey("0b6c7f0e-3f8e-4d55-9c43-2b1f6f7e8a01", "image/jpeg", at)).toBe(
      "items/2025/01/0b6c7f0e-3f8e-4d55-9c43-2b1f6f7e8a01.jpg",
    );
    expect(itemMediaKey("v1", "video/mp4", at)).toBe("items/2025/01/v1.mp4");
    expect(() => itemMediaKey("../x", "image/png")).toThrow(MediaKeyError);
  });
});
