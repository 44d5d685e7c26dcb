import { z } from "zod";
import { checkFilterDays, galleryFacetsSchema, galleryFilterShape } from "@/lib/studio/gallery/filter";
import { galleryMonthsSchema } from "@/lib/studio/gallery/months";
import { galleryTotalsSchema } from "@/lib/studio/items/gallery-item";
import { resource } from "./endpoint";

/** What the gallery's filter bar reads beside its items: the menus' values and the view's counts. */
export const gallery = resource("gallery", {
  facets: {
    method: "GET",
    path: "/api/gallery/facets",
    summary:
      "The values the gallery's filter menus offer (models by name, LoRAs, authors, tags, workflows), with counts.",
    access: "view",
    response: galleryFacetsSchema,
  },
  totals: {
    method: "GET",
    path: "/api/gallery/totals",
    summary:
      "How many live items a filtered view holds (the list's filter parameters), and the whole gallery.",
    access: "view",
    query: z.object(galleryFilterShape).superRefine(checkFilterDays),
    response: galleryTotalsSchema,
  },
  months: {
    method: "GET",
    path: "/api/gallery/months",
    summary:
      "The months (UTC, `YYYY-MM`) that hold live items in a filtered view (the list's filter parameters), newest first, with how many each holds: the date scrubber's index.",
    access: "view",
    query: z.object(galleryFilterShape).superRefine(checkFilterDays),
    response: galleryMonthsSchema,
  },
});
