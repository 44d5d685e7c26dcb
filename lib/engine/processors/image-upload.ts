import "server-only";
import type { TaskOf } from "@/lib/protocol/envelope";
import type { LoadedMedia } from "./media-inputs";
import type { Processor } from "./types";

/**
 * `imageUpload`: stores an image (data URI, base64, URL or an existing UUID) for 7 days
 * (`UPLOAD_TTL_MS`) and answers its `imageUUID` and `imageURL`; the UUID then works as any image
 * input. An existing UUID is copied into a new upload (with the upload lifetime).
 */
export const imageUploadProcessor: Processor<TaskOf<"imageUpload">, LoadedMedia> = {
  itemCount: () => 1,
  isAsync: () => false,
  prepare: (task, ctx) => ctx.inputs.image(task.image, "image", ctx.signal),
  async runItem(_task, image, item) {
    item.progress(50);
    return {
      fields: {},
      media: {
        bytes: image.bytes,
        mime: image.mime,
        ...(image.width ? { width: image.width } : {}),
        ...(image.height ? { height: image.height } : {}),
        kind: "upload",
        field: "image",
        outputType: "URL",
      },
    };
  },
};
