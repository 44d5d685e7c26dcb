"use client";

import { useQuery } from "@tanstack/react-query";
import type { GalleryTotals } from "@/lib/studio/gallery-item";
import { galleryTotalsKey } from "./gallery-cache";
import { fetchData } from "./use-api";

/** How many items a filtered view of the gallery holds, and the whole gallery (one count query each). */
export function useGalleryTotals(search: string) {
  return useQuery({
    queryKey: galleryTotalsKey(search),
    queryFn: () => fetchData<GalleryTotals>(`/api/gallery/totals${search ? `?${search}` : ""}`),
  });
}
