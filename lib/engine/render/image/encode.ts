import sharp, { type Sharp } from "@/lib/platform/sharp";
import type { ImageFormat } from "../shared/formats";
import { type Graded, gradedPixels } from "./grade";
import { upscaleBlurred } from "./resample";

/**
 * From the internal picture to the output file. Upscaling is nearest-neighbour by integer factors
 * (sizes are multiples of 64, so k always divides them) with a gaussian to hide the blocks. From
 * 4x up (the usual case): to half the output size with the blur there, then a final 2x nearest
 * step inside the encode pipeline; the 2-pixel steps it leaves are below what the eye (or JPEG)
 * keeps. The half-size step runs in JS (resample.ts, a polyphase filter on the small picture):
 * on this machine (libvips single-threaded) a sharp round trip for it, nearest resize plus blur,
 * costs about twice as much. Smaller factors (and pixel art, no blur) stay in the encode pipeline.
 */

/** The graded internal picture (grade.ts), row by row. */
export type Internal = Graded;

/** `sigma` is in output pixels; sharp's gaussian needs >= 0.3, below that blocks are kept (pixel art). */
export async function upscale(img: Internal, width: number, height: number, sigma: number): Promise<Sharp> {
  const k = width / img.w;
  // RGBA (layerDiffuse) stays with sharp, which blurs premultiplied by alpha.
  // Doubling (the default at 1024 px): the whole upscale in JS, no resize left for the encoder.
  if (k === 2 && sigma >= 0.3 && img.channels === 3) {
    return rawImage(upscaleBlurred(img.write, img.w, img.h, 3, 2, sigma), width, height, 3);
  }
  if (k >= 4 && sigma >= 0.6 && img.channels === 3) {
    const half = upscaleBlurred(img.write, img.w, img.h, 3, k / 2, sigma / 2);
    return rawImage(half, width / 2, height / 2, 3).resize(width, height, { kernel: "nearest" });
  }
  if (k >= 4 && sigma >= 0.6) {
    const half = await raw(img)
      .resize(width / 2, height / 2, { kernel: "nearest" })
      .blur(sigma / 2)
      .raw()
      .toBuffer();
    return rawImage(half, width / 2, height / 2, img.channels).resize(width, height, { kernel: "nearest" });
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

function raw(img: Internal): Sharp {
  return rawImage(gradedPixels(img), img.w, img.h, img.channels);
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
