"use client";

import { Images, SearchX, Sparkles } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { BulkBar } from "@/components/organize/bulk-bar";
import { Button, ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { FormError } from "@/components/ui/field";
import { resultCountText } from "@/lib/client/gallery-count";
import { useGalleryFilter } from "@/lib/client/gallery-filter-url";
import { useGalleryTotals } from "@/lib/client/use-gallery-totals";
import { useGalleryView } from "@/lib/client/use-gallery-view";
import { activeFilterCount } from "@/lib/studio/gallery-filter";
import type { GalleryLayoutMode } from "@/lib/studio/gallery-layout";
import { FilterBar } from "./filter-bar";
import { FilterChips } from "./filter-chips";
import { GalleryGrid } from "./gallery-grid";

const LAYOUT_KEY = "gallery-layout";

/** Grid or justified rows: a person's preference on this device, not part of a shared view. */
function useLayoutPreference(): [GalleryLayoutMode, (mode: GalleryLayoutMode) => void] {
  const [layout, setLayout] = useState<GalleryLayoutMode>("grid");
  useEffect(() => {
    if (window.localStorage.getItem(LAYOUT_KEY) === "rows") setLayout("rows");
  }, []);
  const choose = useCallback((mode: GalleryLayoutMode) => {
    setLayout(mode);
    window.localStorage.setItem(LAYOUT_KEY, mode);
  }, []);
  return [layout, choose];
}

/** The team's gallery: find (search, filters, order), then the results as a virtualized grid. */
export function GalleryView() {
  const { filter, search, ignored, update, clear } = useGalleryFilter();
  const { query, items } = useGalleryView(search);
  const totals = useGalleryTotals(search);
  const [layout, setLayout] = useLayoutPreference();
  const filtered = activeFilterCount(filter) > 0;
  const loadMore = useCallback(() => void query.fetchNextPage(), [query.fetchNextPage]);

  let body: React.ReactNode;
  if (query.isPending) {
    body = (
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
  } else if (query.isError) {
    body = <FormError>{query.error.message}</FormError>;
  } else if (items.length === 0 && filtered) {
    body = (
      <EmptyState
        icon={SearchX}
        title="No matches"
        description="Nothing the team made fits every filter. Remove a filter above, or clear them all."
        actions={
          <Button variant="primary" onClick={clear}>
            Clear filters
          </Button>
        }
      />
    );
  } else if (items.length === 0) {
    body = (
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
  } else {
    body = (
      <GalleryGrid
        items={items}
        layout={layout}
        search={search}
        hasMore={query.hasNextPage}
        loadingMore={query.isFetchingNextPage}
        loadMore={loadMore}
      />
    );
  }

  const count = items.length;
  return (
    <div className="flex flex-col gap-5">
      <FilterBar
        filter={filter}
        update={update}
        layout={layout}
        onLayout={setLayout}
        ready={!query.isPending}
      />
      <div className="flex min-h-7 flex-wrap items-center gap-x-4 gap-y-2">
        <p data-testid="result-count" aria-live="polite" className="text-[13px] text-muted">
          {query.isPending ? "Loading…" : resultCountText(count, totals.data, filtered, query.hasNextPage)}
        </p>
        <FilterChips filter={filter} update={update} clear={clear} />
      </div>
      {ignored.length > 0 ? (
        <p role="status" className="text-[13px] text-warning-fg">
          This link had filters the studio does not understand ({ignored.join(", ")}); they were left out.
        </p>
      ) : null}
      {body}
      {query.isFetchingNextPage ? (
        <p className="self-center text-[13px] text-muted" aria-live="polite">
          Loading more…
        </p>
      ) : null}
      <BulkBar />
    </div>
  );
}
