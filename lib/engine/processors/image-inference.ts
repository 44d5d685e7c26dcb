import "server-only";
import type { TaskOf } from "@/lib/protocol/envelope";
import { ServiceErrorException } from "@/lib/protocol/errors";
import { sizeForResolution } from "@/lib/protocol/image-edit-models";
import {
  checkOutpaintAgainstSeed,
  IMAGE_DEFAULTS,
  IMAGE_LIMITS,
  type ImageInferenceTask,
} from "@/lib/protocol/image-inference";
import type { ImageRenderParams, NamedImage } from "../render/image/params";
import { undrawnWords } from "../render/image/undrawn";
import { IMAGE_MIME } from "../render/renderer";
import { checkReferences, editModelIn, editStrength } from "./image-references";
import type { LoadedMedia } from "./media-inputs";
import { imageCost } from "./pricing";
import { baseSeed, itemSeed } from "./seeds";
import type { Processor, ProcessorContext } from "./types";

/**
 * `imageInference`: text-to-image, image-to-image (`seedImage`), inpainting (+ `maskImage`),
 * outpainting (+ `outpaint`). Every image input is loaded once in `prepare` (so a bad one fails the
 * task with an error naming it) and handed to the renderer with its parameter path, together with
 * every setting that changes pixels (see render/image/index.ts for what each one does).
 */

type ImageTask = TaskOf<"imageInference">;

/** Steps an acceleration preset implies when `steps` is absent (for pricing and reporting). */
export const ACCELERATION_STEPS = { none: IMAGE_DEFAULTS.steps, low: 14, medium: 10, high: 6 } as const;

export interface Prepared {
  seedImage?: LoadedMedia;
  maskImage?: LoadedMedia;
  /** Every other image input by parameter path (`controlNet.0.guideImage`, ...). */
  images: Map<string, LoadedMedia>;
  width: number;
  height: number;
  steps: number;
  seed: number;
  /** An edit model renders from the reference images. */
  edit?: boolean;
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

/** The renderer's view of a task: its pixel-changing settings with the loaded images. */
export function renderParams(
  task: ImageInferenceTask,
  prepared: Prepared,
  seed: number,
  signal?: AbortSignal,
): ImageRenderParams {
  const image = (parameter: string): NamedImage | undefined => {
    const loaded = prepared.images.get(parameter);
    return loaded ? { bytes: loaded.bytes, parameter } : undefined;
  };
  const o = task.outpaint;
  const params: ImageRenderParams = {
    width: prepared.width,
    height: prepared.height,
    seed,
    prompt: task.positivePrompt,
    format: task.outputFormat,
    quality: task.outputQuality,
    strength: task.strength,
    transparent: task.advancedFeatures?.layerDiffuse === true,
    hiresfix: task.advancedFeatures?.hiresfix === true,
    steps: prepared.steps,
    CFGScale: task.CFGScale,
    model: task.model,
    acceleration: task.acceleration,
    ...(signal ? { signal } : {}),
    ...(task.negativePrompt !== undefined ? { negativePrompt: task.negativePrompt } : {}),
    ...(task.scheduler !== undefined ? { scheduler: task.scheduler } : {}),
    ...(task.clipSkip !== undefined ? { clipSkip: task.clipSkip } : {}),
    ...(task.promptWeighting !== undefined ? { promptWeighting: task.promptWeighting } : {}),
    ...(task.vae !== undefined ? { vae: task.vae } : {}),
    ...(task.maskMargin !== undefined ? { maskMargin: task.maskMargin } : {}),
    ...(task.acceleratorOptions ? { acceleratorOptions: task.acceleratorOptions } : {}),
    ...(task.refiner ? { refiner: task.refiner } : {}),
    ...(task.lora ? { lora: task.lora } : {}),
    ...(task.embeddings ? { embeddings: task.embeddings } : {}),
    ...(prepared.seedImage ? { seedImage: prepared.seedImage.bytes } : {}),
    ...(prepared.maskImage ? { maskImage: prepared.maskImage.bytes } : {}),
  };
  if (o) {
    params.outpaint = {
      top: o.top ?? 0,
      right: o.right ?? 0,
      bottom: o.bottom ?? 0,
      left: o.left ?? 0,
      blur: o.blur,
    };
  }
  const controlNet = (task.controlNet ?? []).flatMap((c, i) => {
    const guide = image(`controlNet.${i}.guideImage`);
    if (!guide) return [];
    const { model: _model, guideImage: _guide, ...settings } = c;
    return [{ ...settings, guide }];
  });
  if (controlNet.length > 0) params.controlNet = controlNet;
  const ipAdapters = (task.ipAdapters ?? []).flatMap((a, i) => {
    const guide = image(`ipAdapters.${i}.guideImage`);
    return guide ? [{ guide, weight: a.weight }] : [];
  });
  if (ipAdapters.length > 0) params.ipAdapters = ipAdapters;
  const face = image("puLID.inputImages.0");
  if (task.puLID && face) {
    const { inputImages: _images, ...settings } = task.puLID;
    params.puLID = { ...settings, face };
  }
  const reference = image("referenceImages.0");
  if (prepared.edit && reference) {
    // An edit starts from the first reference as image-to-image does from a seed image, as far as
    // the prompt asks; a second reference is laid over it as a card.
    params.seedImage = reference.bytes;
    params.strength = editStrength(task.positivePrompt);
    const second = image("referenceImages.1");
    if (second) params.acePlusPlus = { type: "subject", repaintingScale: 0.35, reference: second };
  }
  if (task.acePlusPlus && reference) {
    const input = image("acePlusPlus.inputImages.0");
    const mask = image("acePlusPlus.inputMasks.0");
    params.acePlusPlus = {
      type: task.acePlusPlus.type,
      repaintingScale: task.acePlusPlus.repaintingScale,
      reference,
      ...(input ? { inputImage: input } : {}),
      ...(mask ? { inputMask: mask } : {}),
    };
  }
  return params;
}

export const imageInferenceProcessor: Processor<ImageTask, Prepared> = {
  itemCount: (task) => task.numberResults,
  isAsync: (task) => task.deliveryMethod === "async",

  precheck: (task, ctx) => checkReferences(task, ctx.catalog),

  async prepare(task, ctx: ProcessorContext) {
    const refused = checkReferences(task, ctx.catalog);
    if (refused) throw new ServiceErrorException(refused);
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
      ({ width, height } = sizeForResolution(task.resolution, {
        width: firstReference.width ?? 1,
        height: firstReference.height ?? 1,
      }));
    }
    const images = new Map(
      imageInputsOf(task).map(([parameter], i) => [parameter, others[i] as LoadedMedia]),
    );
    const prepared: Prepared = {
      images,
      width,
      height,
      steps: task.steps ?? ACCELERATION_STEPS[task.acceleration],
      seed: baseSeed(task.seed, IMAGE_LIMITS.seed.min, IMAGE_LIMITS.seed.max),
    };
    if (firstReference && editModelIn(ctx.catalog, task.model)) prepared.edit = true;
    if (seedImage) prepared.seedImage = seedImage;
    if (maskImage) prepared.maskImage = maskImage;
    return prepared;
  },

  async runItem(task, prepared, item, ctx) {
    const seed = itemSeed(prepared.seed, item.index, IMAGE_LIMITS.seed.min, IMAGE_LIMITS.seed.max);
    const { width, height } = prepared;
    item.progress(10);
    const bytes = await ctx.renderer.renderImage(renderParams(task, prepared, seed, ctx.signal));
    item.progress(80);
    // An extension of this engine's results: the prompt's words it made no drawing for, so that a
    // studio can say so beside the image. Absent when everything asked for was drawn.
    const notDrawn = undrawnWords(task.positivePrompt, task.negativePrompt, task.promptWeighting);
    return {
      fields: notDrawn.length > 0 ? { seed, notDrawn } : { seed },
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
