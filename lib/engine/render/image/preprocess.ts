import sharp from "@/lib/platform/sharp";
import type { PreProcessorType } from "@/lib/protocol/utility-tasks";
import { seededRandom } from "../shared/seeded";
import { canny } from "./canny";
import { boxBlur, clamp, noiseField, sobel } from "./canvas";
import type { Guide } from "./guide";
import { decode } from "./inputs";
import { openposeSkeleton } from "./openpose";
import type { NamedImage } from "./params";

/**
 * ControlNet guide images from an input image, one image operation per annotator type, in the
 * conventions ControlNet expects: edges white on black (canny, lineart, softedge, scribble, mlsd),
 * depth near-is-bright, normal maps in RGB (x right, y up, z towards the viewer), segmentation as
 * flat colour regions, tile as a blurred low-resolution copy, shuffle as a warped copy, openpose
 * as a coloured skeleton over the image's main subject.
 */
export interface PreprocessOptions {
  type: PreProcessorType;
  width?: number;
  height?: number;
  low: number;
  high: number;
}

/** Segmentation colours: the first entries of the ADE20K palette the seg ControlNet was trained on. */
const SEG_COLOURS = [
  [120, 120, 120],
  [180, 120, 120],
  [6, 230, 230],
  [80, 50, 50],
  [4, 200, 3],
  [120, 120, 80],
  [140, 140, 140],
  [204, 5, 255],
  [230, 230, 230],
  [4, 250, 7],
  [224, 5, 255],
  [235, 255, 7],
] as const;

const grey1 = (data: Uint8Array | Buffer, width: number, height: number): Guide => ({
  data: Buffer.from(data.buffer, data.byteOffset, data.byteLength),
  width,
  height,
  channels: 1,
});

/** Runs of at least `min` edge pixels along rows or columns: straight segments (M-LSD's output). */
function straightLines(edges: Uint8Array, w: number, h: number, min: number): Uint8Array {
  const out = new Uint8Array(w * h);
  const keepRuns = (len: number, at: (k: number) => number, span: number) => {
    let start = 0;
    for (let k = 0; k <= span; k++) {
      const on = k < span && (edges[at(k)] ?? 0) > 0;
      if (on) continue;
      if (k - start >= min) for (let j = start; j < k; j++) out[at(j)] = 255;
      start = k + 1;
    }
    return len;
  };
  for (let y = 0; y < h; y++) keepRuns(w, (k) => y * w + k, w);
  for (let x = 0; x < w; x++) keepRuns(h, (k) => k * w + x, h);
  return out;
}

function dilate(src: Uint8Array, w: number, h: number): Uint8Array {
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let m = 0;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          const yy = y + dy;
          if (xx >= 0 && yy >= 0 && xx < w && yy < h) m = Math.max(m, src[yy * w + xx] ?? 0);
        }
      }
      out[y * w + x] = m;
    }
  }
  return out;
}

/** Depth-like field: blurred luminance blended with a ground-plane prior (lower rows nearer). */
function depthField(grey: Buffer, w: number, h: number): Float32Array {
  const blurred = boxBlur(Float32Array.from(grey), w, h, Math.max(2, Math.round(Math.max(w, h) / 60)));
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      out[i] = clamp(0.55 * (y / h) + 0.45 * ((blurred[i] ?? 0) / 255)) * 255;
    }
  }
  return out;
}

export async function preprocess(image: NamedImage, o: PreprocessOptions): Promise<Guide> {
  const sized = await decode(image, (s) => {
    let t = s.removeAlpha();
    if (o.width !== undefined || o.height !== undefined) {
      t = t.resize(o.width ?? null, o.height ?? null, { fit: o.width && o.height ? "fill" : "inside" });
    }
    return t;
  });
  const { width: w, height: h } = sized;
  const rgb = sized.data;
  const grey = Buffer.alloc(w * h);
  for (let i = 0; i < w * h; i++) {
    grey[i] = Math.round(
      0.299 * (rgb[i * 3] ?? 0) + 0.587 * (rgb[i * 3 + 1] ?? 0) + 0.114 * (rgb[i * 3 + 2] ?? 0),
    );
  }
  // extractChannel: sharp would otherwise hand the blurred single channel back as sRGB.
  const smooth = (sigma: number) =>
    sharp(grey, { raw: { width: w, height: h, channels: 1 } })
      .blur(sigma)
      .extractChannel(0)
      .raw()
      .toBuffer();
  switch (o.type) {
    case "canny":
      return grey1(canny(await smooth(1.0), w, h, o.low, o.high), w, h);
    case "mlsd":
      return grey1(
        straightLines(
          canny(await smooth(1.2), w, h, 60, 140),
          w,
          h,
          Math.max(10, Math.round(Math.min(w, h) / 25)),
        ),
        w,
        h,
      );
    case "scribble":
      return grey1(dilate(dilate(canny(await smooth(3), w, h, 40, 90), w, h), w, h), w, h);
    case "lineart":
    case "lineart_anime": {
      // Difference of gaussians: thin lines where brightness changes; anime lines are bolder.
      const [fine, coarse] = await Promise.all([smooth(0.8), smooth(o.type === "lineart" ? 2 : 3)]);
      const gain = o.type === "lineart" ? 6 : 9;
      return grey1(
        Uint8Array.from(fine, (v, i) => clamp(((coarse[i] ?? 0) - v) * gain, 0, 255)),
        w,
        h,
      );
    }
    case "softedge": {
      const e = sobel(await smooth(2), w, h);
      return grey1(
        Uint8Array.from(boxBlur(e, w, h, 1), (v) => clamp(v * 700, 0, 255)),
        w,
        h,
      );
    }
    case "depth":
      return grey1(Uint8Array.from(depthField(grey, w, h)), w, h);
    case "normalbae":
      return normalMap(grey, w, h);
    case "seg":
      return segments(rgb, w, h);
    case "tile": {
      const data = await sharp(rgb, { raw: { width: w, height: h, channels: 3 } })
        .resize(Math.max(1, Math.round(w / 8)), Math.max(1, Math.round(h / 8)))
        .resize(w, h, { kernel: "nearest" })
        .blur(Math.max(1, Math.min(w, h) / 128))
        .raw()
        .toBuffer();
      return { data, width: w, height: h, channels: 3 };
    }
    case "shuffle":
      return shuffled(rgb, grey, w, h);
    case "openpose":
      return openposeSkeleton(w, h, grey);
  }
}

/** A normal map from the depth field: each pixel's surface direction as RGB. */
function normalMap(grey: Buffer, w: number, h: number): Guide {
  const d = depthField(grey, w, h);
  const out = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const dx = ((d[i + (x < w - 1 ? 1 : 0)] ?? 0) - (d[i - (x > 0 ? 1 : 0)] ?? 0)) / 255;
      const dy = ((d[i + (y < h - 1 ? w : 0)] ?? 0) - (d[i - (y > 0 ? w : 0)] ?? 0)) / 255;
      const nx = -dx * 12;
      const ny = dy * 12;
      const len = Math.hypot(nx, ny, 1);
      out[i * 3] = Math.round((nx / len) * 127.5 + 127.5);
      out[i * 3 + 1] = Math.round((ny / len) * 127.5 + 127.5);
      out[i * 3 + 2] = Math.round((1 / len) * 127.5 + 127.5);
    }
  }
  return { data: out, width: w, height: h, channels: 3 };
}

/** Colour quantisation into regions: a coarse copy, each pixel's colour bucket mapped to a class colour. */
async function segments(rgb: Buffer, w: number, h: number): Promise<Guide> {
  const small = await sharp(rgb, { raw: { width: w, height: h, channels: 3 } })
    .resize(Math.max(1, Math.round(w / 6)), Math.max(1, Math.round(h / 6)))
    .blur(1)
    .resize(w, h, { kernel: "nearest" })
    .raw()
    .toBuffer();
  const out = Buffer.alloc(w * h * 3);
  for (let i = 0; i < w * h; i++) {
    const r = small[i * 3] ?? 0;
    const g = small[i * 3 + 1] ?? 0;
    const b = small[i * 3 + 2] ?? 0;
    const bucket = (r > 127 ? 1 : 0) + (g > 127 ? 2 : 0) + (b > 127 ? 4 : 0) + (r + g + b > 600 ? 8 : 0);
    const colour = SEG_COLOURS[bucket % SEG_COLOURS.length] ?? SEG_COLOURS[0];
    out[i * 3] = colour[0];
    out[i * 3 + 1] = colour[1];
    out[i * 3 + 2] = colour[2];
  }
  return { data: out, width: w, height: h, channels: 3 };
}

/** Content shuffle: every pixel displaced by a smooth random field, so the colours stay and the layout scrambles. */
function shuffled(rgb: Buffer, grey: Buffer, w: number, h: number): Guide {
  const random = seededRandom(`shuffle:${w}x${h}`, grey.length);
  const fx = noiseField(w, h, 4, 2, random);
  const fy = noiseField(w, h, 4, 2, random);
  const out = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const sx = Math.floor(clamp(x + ((fx[i] ?? 0.5) - 0.5) * w * 1.6, 0, w - 1));
      const sy = Math.floor(clamp(y + ((fy[i] ?? 0.5) - 0.5) * h * 1.6, 0, h - 1));
      const s = (sy * w + sx) * 3;
      out[i * 3] = rgb[s] ?? 0;
      out[i * 3 + 1] = rgb[s + 1] ?? 0;
      out[i * 3 + 2] = rgb[s + 2] ?? 0;
    }
  }
  return { data: out, width: w, height: h, channels: 3 };
}
