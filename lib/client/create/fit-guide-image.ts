"use client";

import { fitGuideRect, type Size } from "./guide-fit";
import type { ImageRef } from "./tools";
import { type UploadResult, uploadImage } from "./upload";

/**
 * The guide redrawn at the output's size: whole, centred, with black bars where the shapes differ
 * (fitGuideRect says why bars), and sent to the studio as a new upload. The task then carries a
 * guide of the output's shape, so nothing is stretched on the way.
 */
export async function fitGuideImage(guide: ImageRef, output: Size): Promise<UploadResult> {
  try {
    const image = new Image();
    image.src = guide.url;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = output.width;
    canvas.height = output.height;
    const context = canvas.getContext("2d");
    if (!context) throw new Error("no 2D canvas");
    context.fillStyle = "#000";
    context.fillRect(0, 0, output.width, output.height);
    const rect = fitGuideRect({ width: image.naturalWidth, height: image.naturalHeight }, output);
    context.imageSmoothingQuality = "high";
    context.drawImage(image, rect.x, rect.y, rect.width, rect.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/png"));
    if (!blob) throw new Error("no PNG");
    return uploadImage(blob);
  } catch {
    return {
      ok: false,
      errors: [
        {
          code: "invalidImage",
          message: "The guide could not be redrawn in this browser; match the output to it instead.",
          parameter: "guideImage",
        },
      ],
    };
  }
}
