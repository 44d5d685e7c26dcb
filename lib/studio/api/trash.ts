import { z } from "zod";
import { itemIdsSchema, trashedItemSchema } from "@/lib/studio/organize/organize";
import { pageQuery, resource } from "./endpoint";

/** The trash: items an editor trashed, kept for the owner to restore or delete for good. */
export const trash = resource("trash", {
  list: {
    method: "GET",
    path: "/api/trash",
    summary: "Items in the trash, most recently trashed first, with who trashed them and when.",
    access: "manage",
    query: z.object({ ...pageQuery(50, 200) }),
    response: z.object({ items: z.array(trashedItemSchema), nextCursor: z.string().nullable() }),
    errors: ["invalidCursor"],
  },
  restore: {
    method: "POST",
    path: "/api/trash/restore",
    summary: "Brings items back from the trash into the gallery.",
    access: "manage",
    body: itemIdsSchema,
    response: z.object({ restored: z.array(z.string()) }),
    errors: ["notFound"],
    // A restored seed rejoins its stack, and may cover it again.
    invalidates: ["trash", "gallery", "boards", "items", "seedStacks"],
  },
  purge: {
    method: "POST",
    path: "/api/trash/purge",
    summary: "Deletes items in the trash for good, with their media.",
    access: "manage",
    body: itemIdsSchema,
    response: z.object({ purged: z.array(z.string()) }),
    errors: ["notFound"],
    invalidates: ["trash", "boards"],
  },
});
