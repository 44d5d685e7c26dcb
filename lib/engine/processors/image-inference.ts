import type { TaskOf } from "@/lib/protocol/envelope";
import { ServiceErrorException } from "@/lib/protocol/errors";
import {
  BLANK_PROMPT,
  checkOutpaintAgainstSeed,
  IMAGE_DEFAULTS,
  IMAGE_LIMITS,
  type ImageInferenceTask,
} from "@/lib/protocol/image-inference";
import type { LoadedMedia } from "../core/media-inputs";
import { imageCost } from "../core/pricing";
import { IMAGE_MIME } from "../render/renderer";
import { baseSeed, itemSeed } from "./seeds";
import type { Processor, ProcessorContext } from "./types";

/**
 * `imageInference`: text-to-image, image-to-image (`seedImage`), inpainting (+ `maskImage`),
 * outpainting (+ `outpaint`). Every image input is loaded (so a bad one fails the task with an
 * error naming it) even when the simple renderer does not use it (ControlNet guides, IP-adapters,
 * puLID faces, ACE++ images).
 */

type ImageTask = TaskOf<"imageInference">;

/** Steps an acceleration preset implies when `steps` is absent (for pricing and reporting). */
export const ACCELERATION_STEPS = { none: IMAGE_DEFAULTS.steps, low: 14, medium: 10, high: 6 } as const;

/** Approximate megapixels of the `resolution` tiers (contract: about 1, 4 and 16). */
const RESOLUTION_PIXELS = { "1k": 1024 * 1024, "2k": 2048 * 2048, "4k": 4096 * 4096 } as const;

interface Prepared {
  seedImage?: LoadedMedia;
  maskImage?: LoadedMedia;
  width: number;
  height: number;
  steps: number;
  seed: number;
}

/** The image inputs of a task with their parameter paths. */
function imageInputsOf(task: ImageInferenceTask): [string, string][] {
  const list: [string, string][] = [];
  const add = (value: string | undefined, parameter: string) => {
    if (value !== undefined) list.push([parameter, value]);
  };
  for (const [i, v] of (task.referenceImages ?? []).entries()) add(v, `referenceImages.${i}`);
  for (const [i, c] of (task.controlNet ?? []).entries()) add(c.guideImage, `controlNet.${i}.guideImage`);
  for (const [i, a] of (task.ipAdapters ?? []).entries()) add(a.guideImage, `ipAdapters.${i}.guideImage`);
  for (const [i, v] of (task.puLID?.inputImages ?? []).entries()) add(v, `puLID.inputImages.${i}`);
  for (const [i, v] of (task.acePlusPlus?.inputImages ?? []).entries())
    add(v, `acePlusPlus.inputImages.${i}`);
  for (const [i, v] of (task.acePlusPlus?.inputMasks ?? []).entries()) add(v, `acePlusPlus.inputMasks.${i}`);
  return list;
}

/** Size for `resolution`: the tier's pixel count at the first reference image's aspect ratio. */
function sizeForResolution(
  tier: keyof typeof RESOLUTION_PIXELS,
  ref: LoadedMedia,
): { width: number; height: number } {
  const aspect = (ref.width ?? 1) / (ref.height ?? 1);
  const pixels = RESOLUTION_PIXELS[tier];
  const snap = (v: number) => Math.max(128, Math.min(4096, Math.round(v / 64) * 64));
  return { width: snap(Math.sqrt(pixels * aspect)), height: snap(Math.sqrt(pixels / aspect)) };
}

export const imageInferenceProcessor: Processor<ImageTask, Prepared> = {
  itemCount: (task) => task.numberResults,
  isAsync: (task) => task.deliveryMethod === "async",

  async prepare(task, ctx: ProcessorContext) {
    const load = (value: string, parameter: string) => ctx.inputs.image(value, parameter, ctx.signal);
    const [seedImage, maskImage, others] = await Promise.all([
      task.seedImage === undefined ? undefined : load(task.seedImage, "seedImage"),
      task.maskImage === undefined ? undefined : load(task.maskImage, "maskImage"),
      Promise.all(imageInputsOf(task).map(([parameter, value]) => load(value, parameter))),
    ]);
    if (seedImage && task.outpaint) {
      const errors = checkOutpaintAgainstSeed(task, {
        width: seedImage.width ?? 0,
        height: seedImage.height ?? 0,
      });
      const first = errors[0];
      if (first) throw new ServiceErrorException(first);
    }
    let { width, height } = task;
    const firstReference = task.referenceImages === undefined ? undefined : others[0];
    if (task.resolution !== undefined && firstReference) {
      ({ width, height } = sizeForResolution(task.resolution, firstReference));
    }
    const prepared: Prepared = {
      width,
      height,
      steps: task.steps ?? ACCELERATION_STEPS[task.acceleration],
      seed: baseSeed(task.seed, IMAGE_LIMITS.seed.min, IMAGE_LIMITS.seed.max),
    };
    if (seedImage) prepared.seedImage = seedImage;
    if (maskImage) prepared.maskImage = maskImage;
    return prepared;
  },

  async runItem(task, prepared, item, ctx) {
    const seed = itemSeed(prepared.seed, item.index, IMAGE_LIMITS.seed.min, IMAGE_LIMITS.seed.max);
    const { width, height } = prepared;
    item.progress(10);
    const o = task.outpaint;
    const bytes = await ctx.renderer.renderImage({
      width,
      height,
      seed,
      prompt: task.positivePrompt === BLANK_PROMPT ? "" : task.positivePrompt,
      format: task.outputFormat,
      quality: task.outputQuality,
      strength: task.strength,
      transparent: task.advancedFeatures?.layerDiffuse === true,
      signal: ctx.signal,
      ...(prepared.seedImage ? { seedImage: prepared.seedImage.bytes } : {}),
      ...(prepared.maskImage ? { maskImage: prepared.maskImage.bytes } : {}),
      ...(o
        ? {
            outpaint: {
              top: o.top ?? 0,
              right: o.right ?? 0,
              bottom: o.bottom ?? 0,
              left: o.left ?? 0,
              blur: o.blur,
            },
          }
        : {}),
    });
    item.progress(80);
    return {
      fields: { seed },
      media: {
        bytes,
        mime: IMAGE_MIME[task.outputFormat],
        width,
        height,
        kind: "generated",
        field: "image",
        outputType: task.outputType,
        ...(task.ttl !== undefined ? { ttlMs: task.ttl * 1000 } : {}),
      },
      cost: imageCost(width, height, prepared.steps),
      webhookFields: { model: task.model, width, height },
    };
  },
};
