import { z } from "zod";
import { galleryItemSchema } from "@/lib/studio/items/gallery-item";
import { opaqueId, resource, uuid } from "./endpoint";

/** The tag every mask kept from the canvas carries, so the gallery finds masks by it. */
export const MASK_TAG = "mask";

export const keepMaskBody = z.strictObject({
  /** The mask as an upload (`POST /api/uploads`), white where painted on black. */
  uploadId: uuid(),
  /** The studio image the mask was painted over (an upload's id or a gallery image's media id). */
  sourceImageId: opaqueId().optional(),
});

export const masks = resource("masks", {
  keep: {
    method: "POST",
    path: "/api/masks",
    summary:
      "Keeps an uploaded mask in the gallery as an image tagged `mask`, linked to the gallery image it was painted over; keeping the same upload again answers the same item.",
    access: "generate",
    body: keepMaskBody,
    status: 201,
    response: galleryItemSchema,
    errors: ["notFound"],
    invalidates: ["items", "gallery"],
  },
});
