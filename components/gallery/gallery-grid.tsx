"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { Images, Sparkles } from "lucide-react";
import { useSearchParams } from "next/navigation";
import { Button, ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { FormError } from "@/components/ui/field";
import { type GalleryPageData, galleryKey } from "@/lib/client/gallery-cache";
import { fetchData } from "@/lib/client/use-api";
import { GalleryCard } from "./gallery-card";

const PAGE_SIZE = 48;

/** The team's results, newest first; new ones arrive live through the relay. */
export function GalleryGrid() {
  const board = useSearchParams().get("board");
  const query = useInfiniteQuery({
    queryKey: board ? [...galleryKey, { board }] : galleryKey,
    queryFn: ({ pageParam }) =>
      fetchData<GalleryPageData>(
        `/api/items?limit=${PAGE_SIZE}${board ? `&board=${encodeURIComponent(board)}` : ""}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ""}`,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];

  if (query.isPending) {
    return (
      <section
        className="grid grid-cols-2 gap-4 md:grid-cols-3 xl:grid-cols-4"
        aria-busy="true"
        aria-label="Loading the gallery"
      >
        {Array.from({ length: 8 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
          <div key={i} className="aspect-square animate-pulse rounded-card border border-border bg-panel" />
        ))}
      </section>
    );
  }
  if (query.isError) return <FormError>{query.error.message}</FormError>;
  if (items.length === 0) {
    return (
      <EmptyState
        icon={Images}
        title="Nothing to review yet"
        description="Results from every workflow land here the moment they complete. The studio keeps its own copy of each file, so nothing disappears when the service's links expire."
        actions={
          <ButtonLink href="/create" variant="primary">
            <Sparkles aria-hidden />
            Start creating
          </ButtonLink>
        }
      />
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <ul className="grid grid-cols-2 gap-4 md:grid-cols-3 xl:grid-cols-4" aria-label="Results">
        {items.map((item) => (
          <li key={item.id}>
            <GalleryCard item={item} />
          </li>
        ))}
      </ul>
      {query.hasNextPage ? (
        <Button
          variant="secondary"
          className="self-center"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {query.isFetchingNextPage ? "Loading…" : "Show older results"}
        </Button>
      ) : null}
    </div>
  );
}
