"use client";

import { useQuery } from "@tanstack/react-query";
import { call } from "@/lib/client/endpoint-client";
import { api } from "@/lib/studio/api/addresses";
import { galleryFacetsKey } from "./cache";

/**
 * The values the menus offer; refreshed whenever the gallery is opened with its menus open.
 * `enabled` waits for the first page of results, so the menus' counting over every item never
 * delays the first thumbnails.
 */
export function useGalleryFacets(enabled = true) {
  return useQuery({
    queryKey: galleryFacetsKey,
    queryFn: ({ signal }) => call(api.gallery.facets, {}, { signal }),
    enabled,
  });
}
