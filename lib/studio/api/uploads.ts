import { z } from "zod";
import { opaqueId, resource } from "./endpoint";

/** An image a task can name by the studio's id, as the Create screens preview it. */
export const studioImageSchema = z.object({
  id: z.string(),
  /** The studio's media route, never the service's URL. */
  url: z.string(),
  width: z.number(),
  height: z.number(),
  mime: z.string(),
});
export type StudioImage = z.infer<typeof studioImageSchema>;

export const uploadSchema = studioImageSchema.extend({ bytes: z.number().int() });
export type Upload = z.infer<typeof uploadSchema>;

export const uploads = resource("uploads", {
  create: {
    method: "POST",
    path: "/api/uploads",
    summary: "Keeps one image from the browser and answers its id, usable as any image input of a task.",
    access: "generate",
    rawBody: {
      contentType: "multipart/form-data",
      description: "The image in a form field named `image`, or the raw bytes with an image content type.",
    },
    status: 201,
    response: uploadSchema,
    errors: ["invalidImage", "uploadsLimited"],
    invalidates: [],
  },
  image: {
    method: "GET",
    path: "/api/images/{id}",
    summary: "An image by the studio's id (an upload's id or a gallery image's media id), for previews.",
    access: "view",
    params: z.object({ id: opaqueId() }),
    response: studioImageSchema,
    errors: ["imageNotFound"],
  },
});
