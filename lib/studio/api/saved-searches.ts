import { z } from "zod";
import { savedSearchCreateSchema, savedSearchPatchSchema } from "@/lib/studio/organize/organize";
import { pageQuery, resource, uuid } from "./endpoint";

/** Saved views: a gallery query with a name, the member's own or shared with the team. */

export const savedSearchViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The gallery's URL query string. */
  query: z.string(),
  shared: z.boolean(),
  /** The signed-in member made it (only they may rename or delete it). */
  mine: z.boolean(),
  ownerName: z.string(),
  createdAt: z.string(),
});
export type SavedSearchView = z.infer<typeof savedSearchViewSchema>;

export const savedSearchPageSchema = z.object({
  searches: z.array(savedSearchViewSchema),
  nextCursor: z.string().nullable(),
});

const oneSearch = z.object({ search: savedSearchViewSchema });
const idParams = z.object({ id: uuid() });

export const savedSearches = resource("savedSearches", {
  list: {
    method: "GET",
    path: "/api/saved-searches",
    summary: "The member's saved views and the team's shared ones, newest first.",
    access: "view",
    query: z.object({ ...pageQuery(100, 200) }),
    response: savedSearchPageSchema,
    errors: ["invalidCursor"],
  },
  create: {
    method: "POST",
    path: "/api/saved-searches",
    summary: "Saves a gallery view: a name, the gallery's query string, shared or not.",
    access: "view",
    body: savedSearchCreateSchema,
    status: 201,
    response: oneSearch,
    invalidates: ["savedSearches"],
  },
  update: {
    method: "PATCH",
    path: "/api/saved-searches/{id}",
    summary: "Renames a saved view, changes its query or shares it (its owner only).",
    access: "view",
    params: idParams,
    body: savedSearchPatchSchema,
    response: oneSearch,
    errors: ["savedSearchNotFound", "savedSearchNotYours"],
    invalidates: ["savedSearches"],
  },
  delete: {
    method: "DELETE",
    path: "/api/saved-searches/{id}",
    summary: "Deletes a saved view (its owner only).",
    access: "view",
    params: idParams,
    status: 204,
    errors: ["savedSearchNotFound", "savedSearchNotYours"],
    invalidates: ["savedSearches"],
  },
});
