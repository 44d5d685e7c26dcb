import type { TaskOf } from "@/lib/protocol/envelope";
import { frameImagePositions, VIDEO_DEFAULTS, VIDEO_LIMITS } from "@/lib/protocol/video-inference";
import { videoSizeFor } from "@/lib/protocol/video-sizes";
import type { LoadedMedia } from "../core/media-inputs";
import { videoCost } from "../core/pricing";
import { VIDEO_MIME } from "../render/renderer";
import { baseSeed, itemSeed } from "./seeds";
import type { Processor } from "./types";

/**
 * `videoInference` (always async). Size: `width` x `height` when given; with media inputs, the
 * `resolution` tier (default 1080p) at the aspect ratio of the first input image (frame images
 * first, then reference images); with only video/audio inputs, whose frames the simple renderer
 * does not decode, 16:9. Duration: the given seconds, `auto` = 5 s; 24 fps.
 * Every input is loaded (fetched or looked up) so that a bad one fails the task by name.
 */

type VideoTask = TaskOf<"videoInference">;

export const VIDEO_FPS = 24;
export const AUTO_DURATION_SECONDS = 5;

interface Prepared {
  width: number;
  height: number;
  seconds: number;
  seed: number;
  firstFrame?: Buffer;
  lastFrame?: Buffer;
}

export const videoInferenceProcessor: Processor<VideoTask, Prepared> = {
  itemCount: (task) => task.numberResults ?? VIDEO_DEFAULTS.numberResults,
  isAsync: () => true,

  async prepare(task, ctx) {
    const inputs = task.inputs ?? {};
    const image = (value: string, parameter: string) => ctx.inputs.image(value, parameter, ctx.signal);
    const reference = (value: string, parameter: string) =>
      ctx.inputs.reference(value, parameter, ctx.signal);
    const frames = inputs.frameImages ?? [];
    const positions = frameImagePositions(frames);
    const [frameImages, referenceImages] = await Promise.all([
      Promise.all(
        frames.map((f, i) =>
          image(
            typeof f === "string" ? f : f.image,
            `inputs.frameImages.${i}${typeof f === "string" ? "" : ".image"}`,
          ),
        ),
      ),
      Promise.all((inputs.referenceImages ?? []).map((v, i) => image(v, `inputs.referenceImages.${i}`))),
      Promise.all((inputs.referenceVideos ?? []).map((v, i) => reference(v, `inputs.referenceVideos.${i}`))),
      Promise.all((inputs.referenceAudios ?? []).map((v, i) => reference(v, `inputs.referenceAudios.${i}`))),
      Promise.all((inputs.documents ?? []).map((v, i) => reference(v, `inputs.documents.${i}`))),
      Promise.all((inputs.urls ?? []).map((v, i) => reference(v, `inputs.urls.${i}`))),
    ]);
    let width = task.width;
    let height = task.height;
    if (width === undefined || height === undefined) {
      const first: LoadedMedia | undefined = frameImages[0] ?? referenceImages[0];
      const aspect = first?.width && first.height ? first.width / first.height : 16 / 9;
      ({ width, height } = videoSizeFor(task.resolution ?? VIDEO_DEFAULTS.resolution, aspect));
    }
    const duration = task.duration ?? VIDEO_DEFAULTS.duration;
    const prepared: Prepared = {
      width,
      height,
      seconds: duration === "auto" ? AUTO_DURATION_SECONDS : duration,
      seed: baseSeed(task.seed, VIDEO_LIMITS.seed.min, VIDEO_LIMITS.seed.max),
    };
    frameImages.forEach((loaded, i) => {
      if (positions[i] === "last") prepared.lastFrame = loaded.bytes;
      else prepared.firstFrame = loaded.bytes;
    });
    if (!prepared.firstFrame && referenceImages[0]) prepared.firstFrame = referenceImages[0].bytes;
    return prepared;
  },

  async runItem(task, prepared, item, ctx) {
    const seed = itemSeed(prepared.seed, item.index, VIDEO_LIMITS.seed.min, VIDEO_LIMITS.seed.max);
    const format = task.outputFormat ?? VIDEO_DEFAULTS.outputFormat;
    const audio = task.settings?.audio ?? VIDEO_DEFAULTS.settings.audio;
    const { width, height, seconds } = prepared;
    const bytes = await ctx.renderer.renderVideo(
      {
        width,
        height,
        seconds,
        fps: VIDEO_FPS,
        seed,
        prompt: task.positivePrompt ?? "",
        format,
        quality: task.outputQuality ?? VIDEO_DEFAULTS.outputQuality,
        audio,
        signal: ctx.signal,
        ...(prepared.firstFrame ? { firstFrame: prepared.firstFrame } : {}),
        ...(prepared.lastFrame ? { lastFrame: prepared.lastFrame } : {}),
      },
      (p) => item.progress(Math.min(95, p)),
    );
    return {
      fields: { seed },
      media: {
        bytes,
        mime: VIDEO_MIME[format],
        width,
        height,
        kind: "generated",
        field: "video",
        outputType: "URL",
        ...(task.ttl !== undefined ? { ttlMs: task.ttl * 1000 } : {}),
      },
      cost: videoCost(width, height, seconds, audio),
      webhookFields: { model: task.model, width, height, duration: seconds },
    };
  },
};
