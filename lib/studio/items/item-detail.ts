import { z } from "zod";
import { ROLES } from "../roles";
import { galleryItemSchema } from "./gallery-item";

const relatedSchema = z.object({ item: galleryItemSchema, role: z.string() });

/** What the viewer reads of one item (the items endpoint's `get`). */
export const itemDetailSchema = z.object({
  item: galleryItemSchema,
  /** The task's parameters as sent (inline media replaced by references, secrets redacted). */
  params: z.record(z.string(), z.unknown()),
  lineage: z.object({
    /** The studio items this one was made from, with the role each played (`seedImage`, ...). */
    sources: z.array(relatedSchema),
    /** The items made from this one. */
    derived: z.array(relatedSchema),
  }),
  /** My own rating, null when I have not rated it. */
  myRating: z.number().int().nullable(),
  ratings: z.array(z.object({ userId: z.string(), name: z.string(), value: z.number().int() })),
  /**
   * Words of the prompt the built-in engine has no drawing for ("whale"): present only for
   * results of the built-in engine, which says so rather than leave them out silently.
   */
  notDrawn: z.array(z.string()).optional(),
  /** The team's active members, for assigning and @mentions. */
  members: z.array(z.object({ id: z.string(), name: z.string(), role: z.enum(ROLES) })),
});
export type ItemDetail = z.infer<typeof itemDetailSchema>;
