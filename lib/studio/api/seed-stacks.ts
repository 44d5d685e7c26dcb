import { z } from "zod";
import { galleryItemSchema } from "@/lib/studio/items/gallery-item";
import { resource, uuid } from "./endpoint";

/**
 * Seed stacks: results whose recipes differ only by seed, shown in the gallery as one card, the
 * best rated member (then the newest) on top. The list's `seeds=apart` shows each apart.
 */

export const seedStackSchema = z.object({
  /** The member the gallery shows for the stack: best rated, then newest. */
  cover: z.string(),
  /** Every live member, cover first; the asked item too, even in the trash. */
  members: z.array(galleryItemSchema),
});
export type SeedStack = z.infer<typeof seedStackSchema>;

export const seedStacks = resource("seedStacks", {
  members: {
    method: "GET",
    path: "/api/items/{id}/seeds",
    summary: "The results that differ from the item only by seed, the stack's cover first.",
    access: "view",
    params: z.object({ id: uuid() }),
    response: seedStackSchema,
    errors: ["itemNotFound"],
  },
});
