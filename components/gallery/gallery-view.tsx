"use client";

import { CalendarX, Images, SearchX, Sparkles } from "lucide-react";
import { BulkBar } from "@/components/organize/bulk-bar";
import { StackSeedsToggle } from "@/components/seed-stacks/stack-seeds-toggle";
import { Button, ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { FormError } from "@/components/ui/field";
import { Segmented } from "@/components/ui/segmented";
import { resultCountText } from "@/lib/client/gallery/count";
import { useGalleryFilter } from "@/lib/client/gallery/filter-url";
import { useGalleryJump } from "@/lib/client/gallery/jump-url";
import { useGalleryTotals } from "@/lib/client/gallery/use-totals";
import { useGalleryView } from "@/lib/client/gallery/use-view";
import { useShowOlder } from "@/lib/client/older-pages";
import { useStackSeeds } from "@/lib/client/seed-stacks/use-stack-seeds";
import { useStoredChoice } from "@/lib/client/stored-choice";
import { activeFilterCount } from "@/lib/studio/gallery/filter";
import {
  GALLERY_LAYOUTS,
  GALLERY_THUMB_SIZES,
  type GalleryLayoutMode,
  type GalleryThumbSize,
} from "@/lib/studio/gallery/layout";
import { monthName } from "@/lib/studio/gallery/months";
import { FilterBar } from "./filter-bar";
import { FilterChips } from "./filter-chips";
import { GalleryGrid } from "./gallery-grid";
import { GalleryTimeline } from "./gallery-timeline";

/** The team's gallery: find (search, filters, order), then the results as a virtualized grid. */
export function GalleryView() {
  const { filter, ignored, update, clear } = useGalleryFilter();
  const seeds = useStackSeeds(filter);
  const { search } = seeds;
  const jumpUrl = useGalleryJump();
  // A jump to a month belongs to the orders by date; a best-rated link carrying one ignores it.
  const byDate = filter.sort !== "rating";
  const at = byDate ? jumpUrl.at : undefined;
  const { query, items } = useGalleryView(search, at);
  const totals = useGalleryTotals(search, !query.isPending);
  // Grid or rows, and the thumbnails' size: a person's preference on this device, not part of a
  // shared view.
  const [layout, setLayout] = useStoredChoice<GalleryLayoutMode>("gallery-layout", GALLERY_LAYOUTS, "grid");
  const [thumbSize, setThumbSize] = useStoredChoice<GalleryThumbSize>(
    "gallery-thumb-size",
    GALLERY_THUMB_SIZES,
    "medium",
  );
  const filtered = activeFilterCount(filter) > 0;
  const loadMore = useShowOlder(query);

  let body: React.ReactNode;
  if (query.isPending) {
    body = <GalleryLoading />;
  } else if (query.isError) {
    body = <FormError>{query.error.message}</FormError>;
  } else if (items.length === 0 && at) {
    body = (
      <EmptyState
        icon={CalendarX}
        title={`Nothing from ${monthName(at)} ${filter.sort === "oldest" ? "on" : "back"}`}
        description="No item in this view was made in that month or beyond it."
        actions={
          <Button variant="primary" onClick={() => jumpUrl.jump(null)}>
            {filter.sort === "oldest" ? "Back to oldest" : "Back to newest"}
          </Button>
        }
      />
    );
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
    const grid = {
      items,
      layout,
      thumbSize,
      search,
      hasMore: query.hasNextPage,
      loadingMore: query.isFetchingNextPage,
      loadMore,
    };
    body = byDate ? (
      <GalleryTimeline
        {...grid}
        order={filter.sort === "oldest" ? "oldest" : "newest"}
        at={at}
        onJump={jumpUrl.jump}
        ready={!query.isPending}
      />
    ) : (
      <GalleryGrid {...grid} />
    );
  }

  const count = items.length;
  return (
    <div className="flex flex-col gap-3">
      <FilterBar
        filter={filter}
        update={update}
        ready={!query.isPending}
        viewControls={
          <>
            <StackSeedsToggle on={seeds.on} onChange={seeds.setOn} />
            <ViewControls
              layout={layout}
              setLayout={setLayout}
              thumbSize={thumbSize}
              setThumbSize={setThumbSize}
            />
          </>
        }
      />
      <div className="flex min-h-6 flex-wrap items-center gap-x-4 gap-y-2">
        <p data-testid="result-count" aria-live="polite" className="text-[13px] text-muted">
          {query.isPending
            ? "Loading…"
            : resultCountText(count, totals.data, filtered, query.hasNextPage, seeds.on)}
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

function GalleryLoading() {
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

/** Grid or rows, and the thumbnails' size. */
function ViewControls({
  layout,
  setLayout,
  thumbSize,
  setThumbSize,
}: {
  layout: GalleryLayoutMode;
  setLayout: (layout: GalleryLayoutMode) => void;
  thumbSize: GalleryThumbSize;
  setThumbSize: (size: GalleryThumbSize) => void;
}) {
  return (
    <>
      <Segmented
        label="Layout"
        value={layout}
        onChange={setLayout}
        options={[
          { value: "grid", label: "Grid", title: "Equal cards with their prompt" },
          { value: "rows", label: "Rows", title: "Justified rows at each item's own shape" },
        ]}
      />
      <Segmented
        label="Thumbnail size"
        value={thumbSize}
        onChange={setThumbSize}
        options={[
          { value: "small", label: "S", ariaLabel: "Small", title: "Small thumbnails" },
          { value: "medium", label: "M", ariaLabel: "Medium", title: "Medium thumbnails" },
          { value: "large", label: "L", ariaLabel: "Large", title: "Large thumbnails" },
        ]}
      />
    </>
  );
}
