import sharp, { type Sharp } from "sharp";
import type { TaskOf } from "@/lib/protocol/envelope";
import type { PreProcessorType } from "@/lib/protocol/utility-tasks";
import type { LoadedMedia } from "../core/media-inputs";
import { controlNetPreprocessCost } from "../core/pricing";
import { IMAGE_MIME } from "../render/renderer";
import type { Processor } from "./types";

/**
 * `imageControlNetPreProcess`: a guide image from an input image. Simple stand-ins for now:
 * edge types (canny, mlsd, lineart, lineart_anime, scribble, softedge) run a Canny-like detector
 * (Sobel magnitude with the task's low/high thresholds and one hysteresis pass; softedge and
 * scribble blur first); depth, normalbae, seg, tile, shuffle and openpose give a blurred or
 * posterised greyscale. The guide is PNG unless `outputFormat` says otherwise (edges are lossless).
 * A non-UUID input is stored as an upload so that `inputImageUUID` can be reused.
 */

type Task = TaskOf<"imageControlNetPreProcess">;

const EDGE_TYPES = new Set<PreProcessorType>([
  "canny",
  "mlsd",
  "lineart",
  "lineart_anime",
  "scribble",
  "softedge",
]);

interface Prepared {
  input: LoadedMedia;
  inputImageUUID: string;
}

/** Canny-like edges: white on black, one byte per pixel. */
export function edgeMap(grey: Buffer, width: number, height: number, low: number, high: number): Buffer {
  const mag = new Float32Array(width * height);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const at = (dx: number, dy: number) => grey[i + dy * width + dx] ?? 0;
      const gx = -at(-1, -1) - 2 * at(-1, 0) - at(-1, 1) + at(1, -1) + 2 * at(1, 0) + at(1, 1);
      const gy = -at(-1, -1) - 2 * at(0, -1) - at(1, -1) + at(-1, 1) + 2 * at(0, 1) + at(1, 1);
      // Sobel magnitude reaches ~1442 for an 8-bit step; /4 puts it on the thresholds' 0-255 scale.
      mag[i] = Math.hypot(gx, gy) / 4;
    }
  }
  const out = Buffer.alloc(width * height);
  for (let i = 0; i < mag.length; i++) if ((mag[i] ?? 0) >= high) out[i] = 255;
  // Weak edges survive when they touch a strong one (a single hysteresis pass).
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const m = mag[i] ?? 0;
      if (out[i] === 255 || m < low) continue;
      for (let dy = -1; dy <= 1 && out[i] !== 255; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          if (out[i + dy * width + dx] === 255) {
            out[i] = 255;
            break;
          }
        }
      }
    }
  }
  return out;
}

async function guideImage(
  task: Task,
  input: Buffer,
): Promise<{ image: Sharp; width: number; height: number }> {
  let base = sharp(input).removeAlpha();
  if (task.width !== undefined || task.height !== undefined) {
    base = base.resize(task.width ?? null, task.height ?? null, {
      fit: task.width && task.height ? "fill" : "inside",
    });
  }
  const type = task.preProcessorType;
  const blur =
    type === "softedge" || type === "scribble" ? 2 : type === "depth" || type === "normalbae" ? 6 : 0;
  const grey = base.greyscale();
  const { data, info } = await (blur > 0 ? grey.blur(blur) : grey)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  if (EDGE_TYPES.has(type)) {
    const edges = edgeMap(data, width, height, task.lowThresholdCanny, task.highThresholdCanny);
    return { image: sharp(edges, { raw: { width, height, channels: 1 } }), width, height };
  }
  if (type === "seg" || type === "openpose") {
    // Posterise into 6 levels: region-like blocks.
    const poster = Buffer.from(data.map((v) => Math.round(v / 51) * 51));
    return { image: sharp(poster, { raw: { width, height, channels: 1 } }), width, height };
  }
  const invert = type === "depth";
  const image = sharp(data, { raw: { width, height, channels: 1 } });
  return { image: invert ? image.negate() : image, width, height };
}

export const controlNetPreprocessProcessor: Processor<Task, Prepared> = {
  itemCount: () => 1,
  isAsync: () => false,
  async prepare(task, ctx) {
    const input = await ctx.inputs.image(task.inputImage, "inputImage", ctx.signal);
    const inputImageUUID =
      input.uuid ??
      (
        await ctx.media.put({
          bytes: input.bytes,
          mime: input.mime,
          kind: "upload",
          ...(input.width ? { width: input.width } : {}),
          ...(input.height ? { height: input.height } : {}),
        })
      ).uuid;
    return { input, inputImageUUID };
  },
  async runItem(task, prepared, item) {
    const { image, width, height } = await guideImage(task, prepared.input.bytes);
    item.progress(60);
    const format = task.outputFormat ?? "PNG";
    const quality = task.outputQuality ?? 95;
    const encoded =
      format === "JPG"
        ? image.jpeg({ quality })
        : format === "WEBP"
          ? image.webp({ quality })
          : image.png({ compressionLevel: 6 });
    return {
      fields: { inputImageUUID: prepared.inputImageUUID },
      media: {
        bytes: await encoded.toBuffer(),
        mime: IMAGE_MIME[format],
        width,
        height,
        kind: "generated",
        field: "guideImage",
        outputType: task.outputType ?? "URL",
      },
      cost: controlNetPreprocessCost(),
    };
  },
};
