import "server-only";
import sharp from "@/lib/platform/sharp";
import type { TaskOf } from "@/lib/protocol/envelope";
import { ServiceErrorException, serviceErrors } from "@/lib/protocol/errors";
import { TOOL_INPUT_MAX_PIXELS, tooManyPixels } from "@/lib/protocol/image-limits";
import { preprocess } from "../render/image/preprocess";
import { IMAGE_MIME } from "../render/renderer";
import type { LoadedMedia } from "./media-inputs";
import { controlNetPreprocessCost } from "./pricing";
import type { Processor } from "./types";

/**
 * `imageControlNetPreProcess`: a guide image from an input image. Canny is a real Canny detector
 * with the task's low/high thresholds; the other annotators are image operations with the
 * conventions ControlNet expects (render/image/preprocess.ts). The guide is PNG unless
 * `outputFormat` says otherwise (edges are lossless). A non-UUID input is stored as an upload so
 * that `inputImageUUID` can be reused.
 */

type Task = TaskOf<"imageControlNetPreProcess">;

interface Prepared {
  input: LoadedMedia;
  inputImageUUID: string;
}

export const controlNetPreprocessProcessor: Processor<Task, Prepared> = {
  itemCount: () => 1,
  isAsync: () => false,
  async prepare(task, ctx) {
    // Read from the header: refused before its pixels are decoded.
    const input = await ctx.inputs.image(task.inputImage, "inputImage", ctx.signal);
    if ((input.width ?? 0) * (input.height ?? 0) > TOOL_INPUT_MAX_PIXELS) {
      throw new ServiceErrorException(
        serviceErrors.mediaUnreadable("inputImage", tooManyPixels(input.width ?? 0, input.height ?? 0)),
      );
    }
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
    const guide = await preprocess(
      { bytes: prepared.input.bytes, parameter: "inputImage" },
      {
        type: task.preProcessorType,
        low: task.lowThresholdCanny,
        high: task.highThresholdCanny,
        ...(task.width !== undefined ? { width: task.width } : {}),
        ...(task.height !== undefined ? { height: task.height } : {}),
      },
    );
    const { width, height } = guide;
    const image = sharp(guide.data, { raw: { width, height, channels: guide.channels } });
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
