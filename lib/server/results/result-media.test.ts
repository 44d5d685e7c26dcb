import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { ImageItem } from "@/lib/upstream";
import { mediaSize, sizeFromHeader } from "./result-media";

const image = (format: "jpeg" | "png" | "webp" | "avif") =>
  sharp({ create: { width: 300, height: 170, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .toFormat(format)
    .toBuffer();

describe("a result's size", () => {
  it.each(["jpeg", "png", "webp", "avif"] as const)("is read from a %s header", async (format) => {
    expect(sizeFromHeader(await image(format))).toEqual({ width: 300, height: 170 });
  });

  it("is unknown for bytes that are no image, and then asked of the decoder, which refuses them", async () => {
    const junk = Buffer.from("not an image at all");
    expect(sizeFromHeader(junk)).toBeNull();
    const item = { kind: "image" } as ImageItem;
    await expect(mediaSize(item, { bytes: junk }, {})).rejects.toThrow();
  });

  it("is the image's own, not the task's asked size", async () => {
    const item = { kind: "image" } as ImageItem;
    expect(await mediaSize(item, { bytes: await image("webp") }, { width: 1024, height: 1024 })).toEqual({
      width: 300,
      height: 170,
      durationSeconds: null,
    });
  });
});
