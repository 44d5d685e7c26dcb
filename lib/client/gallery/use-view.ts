"use client";

import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { api } from "@/lib/studio/api/addresses";
import { filterQueryOf } from "@/lib/studio/gallery/filter";
import { call } from "../endpoint-client";
import { type GalleryPageData, galleryMonthsKey, galleryViewKey } from "./cache";

/** Items a page of the gallery asks for: about two screens of cards at 1440 px. */
export const GALLERY_PAGE_SIZE = 60;

/**
 * One filtered view of the gallery (`search`: its canonical filter query), a page at a time;
 * with `at`, started at that month (the date scrubber's jump) without reading the pages between.
 */
export function useGalleryView(search: string, at?: string) {
  const query = useInfiniteQuery({
    queryKey: galleryViewKey(search, at),
    queryFn: ({ pageParam, signal }): Promise<GalleryPageData> =>
      call(
        api.items.list,
        {
          query: { ...filterQueryOf(search), at, limit: GALLERY_PAGE_SIZE, cursor: pageParam ?? undefined },
        },
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  const items = useMemo(() => query.data?.pages.flatMap((p) => p.items) ?? [], [query.data]);
  return { query, items };
}

/**
 * The months of a filtered view with their counts, for the date scrubber. `enabled` holds it back
 * until the first page is in: on the embedded database queries take turns, and the grid's first
 * screen should not wait behind a count of the whole gallery.
 */
export function useGalleryMonths(search: string, enabled: boolean) {
  return useQuery({
    queryKey: galleryMonthsKey(search),
    queryFn: ({ signal }) => call(api.gallery.months, { query: filterQueryOf(search) }, { signal }),
    enabled,
  });
}
