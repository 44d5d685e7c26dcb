import "server-only";
import type { TaskOf } from "@/lib/protocol/envelope";
import { ServiceErrorException, serviceErrors } from "@/lib/protocol/errors";
import { frameImagePositions, VIDEO_DEFAULTS, VIDEO_LIMITS } from "@/lib/protocol/video-inference";
import { videoSizeFor } from "@/lib/protocol/video-sizes";
import { VIDEO_MIME } from "../render/renderer";
import { type MediaInfo, probeMedia } from "../render/video/media-decode";
import type { ReferenceMedia } from "../render/video/params";
import { extendPrompt } from "../render/video/prompt-extend";
import { extractSourceText, type SourceText } from "../render/video/source-text";
import type { LoadedMedia } from "./media-inputs";
import { videoCost } from "./pricing";
import { isFlaggedPrompt } from "./safety";
import { baseSeed, itemSeed } from "./seeds";
import type { Processor } from "./types";

/**
 * `videoInference` (always async). Every input is loaded (fetched through the guarded fetcher or
 * looked up) so that a bad one fails the task by name; reference videos and audios are also
 * probed with ffprobe, so an undecodable one is `invalidMediaInput` naming its parameter before
 * anything renders. A reference video's own sound, when it has an audio stream, is mixed into the
 * soundtrack like a reference audio (`settings.audio` on); one without sound adds none. Documents
 * and web pages give their words (title card, and the scene when there is no prompt).
 *
 * Size: `width` x `height` when given; with media inputs, the `resolution` tier (default 1080p)
 * at the aspect ratio of the first input that has one: frame images, then reference images, then
 * reference videos; otherwise 16:9. Duration: the given seconds, `auto` = 5 s; 24 fps.
 *
 * `settings.promptExtend` (default on) rewrites the prompt per result (see prompt-extend.ts); the
 * rewritten prompt drives the render and is reported in the result as `extendedPrompt`, an extra
 * field the contract's result leaves room for (results are open objects) and clients ignore.
 *
 * `safety.checkContent`: frames that come from the caller's media are checked (`safety.mode`:
 * `fast` key frames, `full` every frame, see render/video/frame-safety.ts), and the rewritten
 * prompt and the document's words go through the keyword check; the verdict is `NSFWContent`.
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
  referenceImages: Buffer[];
  referenceVideos: ReferenceMedia[];
  referenceAudios: ReferenceMedia[];
  text?: SourceText;
}

/** Probes a reference video or audio; an unreadable one fails the task naming `parameter`. */
async function probed(
  loaded: LoadedMedia,
  kind: "video" | "audio",
  parameter: string,
  signal: AbortSignal,
): Promise<ReferenceMedia> {
  let info: MediaInfo | null;
  try {
    info = await probeMedia(loaded.bytes, signal);
  } catch (err) {
    if (signal.aborted) throw err;
    info = null;
  }
  const usable = kind === "video" ? info?.video !== undefined : info?.audio === true;
  if (!info || !usable) {
    throw new ServiceErrorException(
      serviceErrors.mediaUnreadable(
        parameter,
        `the data is not a readable ${kind} file (no ${kind} stream found)`,
      ),
    );
  }
  return { bytes: loaded.bytes, info };
}

export const videoInferenceProcessor: Processor<VideoTask, Prepared> = {
  itemCount: (task) => task.numberResults ?? VIDEO_DEFAULTS.numberResults,
  isAsync: () => true,

  async prepare(task, ctx) {
    const inputs = task.inputs ?? {};
    const signal = ctx.signal;
    const image = (value: string, parameter: string) => ctx.inputs.image(value, parameter, signal);
    const reference = (value: string, parameter: string) => ctx.inputs.reference(value, parameter, signal);
    const media = (kind: "video" | "audio", values: string[] | undefined, name: string) =>
      Promise.all(
        (values ?? []).map(async (v, i) => {
          const parameter = `inputs.${name}.${i}`;
          return probed(await reference(v, parameter), kind, parameter, signal);
        }),
      );
    const frames = inputs.frameImages ?? [];
    const positions = frameImagePositions(frames);
    const [frameImages, referenceImages, referenceVideos, referenceAudios, documents, urls] =
      await Promise.all([
        Promise.all(
          frames.map((f, i) =>
            image(
              typeof f === "string" ? f : f.image,
              `inputs.frameImages.${i}${typeof f === "string" ? "" : ".image"}`,
            ),
          ),
        ),
        Promise.all((inputs.referenceImages ?? []).map((v, i) => image(v, `inputs.referenceImages.${i}`))),
        media("video", inputs.referenceVideos, "referenceVideos"),
        media("audio", inputs.referenceAudios, "referenceAudios"),
        Promise.all((inputs.documents ?? []).map((v, i) => reference(v, `inputs.documents.${i}`))),
        Promise.all((inputs.urls ?? []).map((v, i) => reference(v, `inputs.urls.${i}`))),
      ]);
    let width = task.width;
    let height = task.height;
    if (width === undefined || height === undefined) {
      const first: LoadedMedia | undefined = frameImages[0] ?? referenceImages[0];
      const video = referenceVideos[0]?.info?.video;
      const aspect =
        first?.width && first.height
          ? first.width / first.height
          : video
            ? video.width / video.height
            : 16 / 9;
      ({ width, height } = videoSizeFor(task.resolution ?? VIDEO_DEFAULTS.resolution, aspect));
    }
    const duration = task.duration ?? VIDEO_DEFAULTS.duration;
    const prepared: Prepared = {
      width,
      height,
      seconds: duration === "auto" ? AUTO_DURATION_SECONDS : duration,
      seed: baseSeed(task.seed, VIDEO_LIMITS.seed.min, VIDEO_LIMITS.seed.max),
      referenceImages: referenceImages.map((r) => r.bytes),
      referenceVideos,
      referenceAudios,
    };
    frameImages.forEach((loaded, i) => {
      if (positions[i] === "last") prepared.lastFrame = loaded.bytes;
      else prepared.firstFrame = loaded.bytes;
    });
    const source = documents[0] ?? urls[0];
    if (source) {
      const text = extractSourceText(source.bytes, source.mime);
      if (text.title || text.body) prepared.text = text;
    }
    return prepared;
  },

  async runItem(task, prepared, item, ctx) {
    const seed = itemSeed(prepared.seed, item.index, VIDEO_LIMITS.seed.min, VIDEO_LIMITS.seed.max);
    const format = task.outputFormat ?? VIDEO_DEFAULTS.outputFormat;
    const audio = task.settings?.audio ?? VIDEO_DEFAULTS.settings.audio;
    const extend = task.settings?.promptExtend ?? VIDEO_DEFAULTS.settings.promptExtend;
    const { width, height, seconds, text } = prepared;
    // Without a prompt (allowed with media inputs) the document's title sets the scene.
    const given = task.positivePrompt ?? text?.title ?? "";
    const prompt = extend && given.trim().length > 0 ? extendPrompt(given, seed) : given;
    const check = task.safety?.checkContent === true;
    let framesFlagged = false;
    const bytes = await ctx.renderer.renderVideo(
      {
        width,
        height,
        seconds,
        fps: VIDEO_FPS,
        seed,
        prompt,
        format,
        quality: task.outputQuality ?? VIDEO_DEFAULTS.outputQuality,
        audio,
        signal: ctx.signal,
        ...(prepared.firstFrame ? { firstFrame: prepared.firstFrame } : {}),
        ...(prepared.lastFrame ? { lastFrame: prepared.lastFrame } : {}),
        ...(prepared.referenceImages.length ? { referenceImages: prepared.referenceImages } : {}),
        ...(prepared.referenceVideos.length ? { referenceVideos: prepared.referenceVideos } : {}),
        ...(prepared.referenceAudios.length ? { referenceAudios: prepared.referenceAudios } : {}),
        ...(text ? { text } : {}),
        ...(check
          ? {
              contentCheck: task.safety?.mode ?? VIDEO_DEFAULTS.safety.mode,
              onContentCheck: (flagged: boolean) => {
                framesFlagged = flagged;
              },
            }
          : {}),
      },
      (p) => item.progress(Math.min(95, p)),
    );
    const fields: Record<string, unknown> = { seed };
    if (extend && prompt !== given) fields.extendedPrompt = prompt;
    if (check) {
      fields.NSFWContent = framesFlagged || isFlaggedPrompt(prompt, text?.title, text?.body.slice(0, 2000));
    }
    return {
      fields,
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
