import type { Metadata } from "next";
import { Suspense } from "react";
import { GalleryView } from "@/components/gallery/gallery-view";
import { BoardFilterNote } from "@/components/organize/board-filter-note";
import { GalleryLinks } from "@/components/organize/gallery-links";
import { SavedSearches } from "@/components/organize/saved-searches";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Gallery" };

type Search = Record<string, string | string[] | undefined>;

/** The gallery's filter state as its URL query string (what a saved view keeps). */
function queryString(search: Search): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search))
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) params.append(key, v);
  return params.toString();
}

export default async function GalleryPage({ searchParams }: { searchParams: Promise<Search> }) {
  const search = await searchParams;
  const board = typeof search.board === "string" ? search.board : null;
  return (
    <div className="flex flex-col gap-5 pb-24">
      <PageHeader
        compact
        eyebrow="Review"
        title="Gallery"
        description="Everything the team made; new results appear as they complete."
        actions={
          <>
            <GalleryLinks />
            <SavedSearches query={queryString(search)} />
          </>
        }
      />
      {board ? <BoardFilterNote boardId={board} /> : null}
      {/* The filter lives in the address, which is read in the browser. */}
      <Suspense>
        <GalleryView />
      </Suspense>
    </div>
  );
}
