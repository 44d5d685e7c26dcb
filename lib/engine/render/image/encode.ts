import sharp, { type Sharp } from "sharp";
import type { ImageFormat } from "../renderer";

/**
 * From the internal picture to the output file. Upscaling is nearest-neighbour by integer factors
 * (sizes are multiples of 64, so k always divides them) with a gaussian to hide the blocks: first
 * to half the output size with the blur there, then a final 2x nearest step. On this machine
 * (libvips single-threaded) that costs ~3 ms at 1024x1024 where one full-size blur costs ~6 ms
 * and sharp's bilinear or bicubic upscale 20-50 ms. The 2-pixel steps it leaves are below what
 * the eye (or JPEG) keeps.
 */

export interface Internal {
  data: Uint8ClampedArray;
  w: number;
  h: number;
  channels: 3 | 4;
}

function raw(img: Internal): Sharp {
  const buf = Buffer.from(img.data.buffer, img.data.byteOffset, img.data.byteLength);
  return sharp(buf, { raw: { width: img.w, height: img.h, channels: img.channels } });
}

/** `sigma` is in output pixels; sharp's gaussian needs >= 0.3, below that blocks are kept (pixel art). */
export async function upscale(img: Internal, width: number, height: number, sigma: number): Promise<Sharp> {
  const k = width / img.w;
  if (k >= 4 && sigma >= 0.6) {
    const half = await raw(img)
      .resize(width / 2, height / 2, { kernel: "nearest" })
      .blur(sigma / 2)
      .raw()
      .toBuffer();
    return sharp(half, { raw: { width: width / 2, height: height / 2, channels: img.channels } }).resize(
      width,
      height,
      {
        kernel: "nearest",
      },
    );
  }
  let s = raw(img);
  if (k !== 1) s = s.resize(width, height, { kernel: "nearest" });
  return sigma >= 0.3 ? s.blur(sigma) : s;
}

export async function upscaleRaw(
  img: Internal,
  width: number,
  height: number,
  sigma: number,
): Promise<Buffer> {
  return (await upscale(img, width, height, sigma)).raw().toBuffer();
}

export function encode(image: Sharp, format: ImageFormat, quality: number): Promise<Buffer> {
  switch (format) {
    case "PNG":
      return image.png({ compressionLevel: 6 }).toBuffer();
    case "WEBP":
      return image.webp({ quality }).toBuffer();
    default:
      return image.jpeg({ quality }).toBuffer();
  }
}

export function rawImage(
  data: Buffer | Uint8ClampedArray,
  width: number,
  height: number,
  channels: 3 | 4,
): Sharp {
  const buf = Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  return sharp(buf, { raw: { width, height, channels } });
}
