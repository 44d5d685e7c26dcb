"use client";

import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/studio/api/addresses";
import { filterQueryOf } from "@/lib/studio/gallery/filter";
import { call } from "../endpoint-client";
import { galleryTotalsKey } from "./cache";

/**
 * How many items a filtered view of the gallery holds, and the whole gallery (one count query
 * each). `enabled` holds the counts back until the first page is in, so the first screen never
 * waits behind a count that grows with the gallery.
 */
export function useGalleryTotals(search: string, enabled = true) {
  return useQuery({
    queryKey: galleryTotalsKey(search),
    queryFn: ({ signal }) => call(api.gallery.totals, { query: filterQueryOf(search) }, { signal }),
    enabled,
  });
}
