"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { api } from "@/lib/studio/api";
import { filterQueryOf } from "@/lib/studio/gallery-filter";
import { call } from "./endpoint-client";
import { type GalleryPageData, galleryViewKey } from "./gallery-cache";

/** Items a page of the gallery asks for: about two screens of cards at 1440 px. */
export const GALLERY_PAGE_SIZE = 60;

/** One filtered view of the gallery (`search`: its canonical filter query), a page at a time. */
export function useGalleryView(search: string) {
  const query = useInfiniteQuery({
    queryKey: galleryViewKey(search),
    queryFn: ({ pageParam, signal }): Promise<GalleryPageData> =>
      call(
        api.items.list,
        { query: { ...filterQueryOf(search), limit: GALLERY_PAGE_SIZE, cursor: pageParam ?? undefined } },
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  const items = useMemo(() => query.data?.pages.flatMap((p) => p.items) ?? [], [query.data]);
  return { query, items };
}
