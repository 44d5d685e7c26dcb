"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { type GalleryPageData, galleryViewKey } from "./gallery-cache";
import { fetchData } from "./use-api";

/** Items a page of the gallery asks for: about two screens of cards at 1440 px. */
export const GALLERY_PAGE_SIZE = 60;

/** One filtered view of the gallery (`search`: its canonical filter query), a page at a time. */
export function useGalleryView(search: string) {
  const query = useInfiniteQuery({
    queryKey: galleryViewKey(search),
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams(search);
      params.set("limit", String(GALLERY_PAGE_SIZE));
      if (pageParam) params.set("cursor", pageParam);
      return fetchData<GalleryPageData>(`/api/items?${params.toString()}`);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  const items = useMemo(() => query.data?.pages.flatMap((p) => p.items) ?? [], [query.data]);
  return { query, items };
}
