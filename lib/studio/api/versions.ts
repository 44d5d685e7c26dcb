import { z } from "zod";
import { commentThreadSchema } from "@/lib/studio/comments/comments";
import { galleryItemSchema } from "@/lib/studio/items/gallery-item";
import { resource, uuid } from "./endpoint";

/**
 * Version stacks: an item and the versions made from it ("New version" in the viewer or on a
 * comment). A task joins a stack by carrying `versionOf` (see `POST /api/tasks`).
 */

const idParams = z.object({ id: uuid() });

export const itemVersionsSchema = z.object({
  /** The stack's id (its first version's); null when the item has no versions. */
  stackId: z.string().nullable(),
  /** Every live version, oldest first; the asked item too, even in the trash. */
  versions: z.array(galleryItemSchema),
  /** The number the next version will get (numbers are never given twice). */
  nextVersion: z.number().int(),
});
export type ItemVersions = z.infer<typeof itemVersionsSchema>;

/** An open thread of an earlier version, shown on a later one; replies and resolving act on it. */
export const carriedThreadSchema = commentThreadSchema.extend({
  /** The version it was made on. */
  version: z.number().int(),
});
export type CarriedThread = z.infer<typeof carriedThreadSchema>;

export const versions = resource("versions", {
  list: {
    method: "GET",
    path: "/api/items/{id}/versions",
    summary: "The versions of the item's stack, oldest first (just the item when it has none).",
    access: "view",
    params: idParams,
    response: itemVersionsSchema,
    errors: ["itemNotFound"],
  },
  carried: {
    method: "GET",
    path: "/api/items/{id}/versions/open-threads",
    summary: "The unresolved comment threads of the stack's earlier versions, each with its version.",
    access: "view",
    params: idParams,
    response: z.object({ threads: z.array(carriedThreadSchema) }),
    errors: ["itemNotFound"],
  },
});
