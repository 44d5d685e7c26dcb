"use client";

import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/studio/api";
import { filterQueryOf } from "@/lib/studio/gallery-filter";
import { call } from "./endpoint-client";
import { galleryTotalsKey } from "./gallery-cache";

/** How many items a filtered view of the gallery holds, and the whole gallery (one count query each). */
export function useGalleryTotals(search: string) {
  return useQuery({
    queryKey: galleryTotalsKey(search),
    queryFn: ({ signal }) => call(api.gallery.totals, { query: filterQueryOf(search) }, { signal }),
  });
}
