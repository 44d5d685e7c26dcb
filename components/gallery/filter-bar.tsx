"use client";

import { Search, SlidersHorizontal, Star } from "lucide-react";
import { useEffect, useState } from "react";
import { cn, focusRing } from "@/components/ui/cn";
import { inputClasses } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { useGalleryFacets } from "@/lib/client/gallery/use-facets";
import { useStoredChoice } from "@/lib/client/stored-choice";
import {
  GALLERY_SORTS,
  type GalleryFilter,
  type GallerySort,
  menuFilterCount,
  SORT_LABELS,
} from "@/lib/studio/gallery/filter";
import { FilterMenus } from "./filter-menus";

export { useGalleryFacets } from "@/lib/client/gallery/use-facets";
export { workflowLabel } from "./filter-menus";

const MENUS_OPEN = ["open", "closed"] as const;

/**
 * The gallery's search box and filter menus; every choice goes straight into the address. The
 * menus fold away behind "Filters" (a choice kept on this device) so the results start high on a
 * laptop screen; a link that filters by a menu opens them, and the chips below name what is set.
 */
export function FilterBar({
  filter,
  update,
  ready,
  viewControls,
}: {
  /** The first page of results is in: the menus may load. */
  ready: boolean;
  filter: GalleryFilter;
  update(patch: Partial<GalleryFilter>): void;
  /** Layout and thumbnail size, at the end of the first row. */
  viewControls: React.ReactNode;
}) {
  const [menusPref, setMenusPref] = useStoredChoice("gallery-filters", MENUS_OPEN, "closed");
  const set = menuFilterCount(filter);
  const [openedByLink, setOpenedByLink] = useState(set > 0);
  const menusOpen = menusPref === "open" || openedByLink;
  const toggleMenus = () => {
    setOpenedByLink(false);
    setMenusPref(menusOpen ? "closed" : "open");
  };
  // The menus' values count over every item: read when the menus are first opened, not on every
  // visit to the gallery.
  const facets = useGalleryFacets(ready && menusOpen).data;
  const [text, setText] = useSearchText(filter.q, update);

  return (
    <section aria-label="Find" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2.5">
        <label className="relative min-w-64 flex-1">
          <span className="sr-only">Search prompts</span>
          <Search aria-hidden className="-translate-y-1/2 absolute top-1/2 left-3 size-4 text-muted-subtle" />
          <input
            type="search"
            value={text}
            placeholder="Search prompts: fox -snow, &quot;blue hour&quot;"
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter") update({ q: text.trim() || undefined });
            }}
            className={cn(inputClasses, "h-9 pl-9 text-[13px]")}
          />
        </label>
        <button
          type="button"
          aria-pressed={filter.starred === true}
          onClick={() => update({ starred: filter.starred ? undefined : true })}
          className={cn(
            "inline-flex h-9 items-center gap-1.5 rounded-control border px-3 font-medium text-[13px] transition-colors",
            filter.starred
              ? "border-warning/40 bg-warning/10 text-warning-fg"
              : "border-border-strong bg-panel-raised text-muted hover:text-foreground",
            focusRing,
          )}
        >
          <Star aria-hidden className={cn("size-4", filter.starred && "fill-current")} />
          Starred
        </button>
        <Select
          aria-label="Order"
          value={filter.sort ?? "newest"}
          onChange={(e) =>
            update({ sort: e.target.value === "newest" ? undefined : (e.target.value as GallerySort) })
          }
          className="h-9"
        >
          {GALLERY_SORTS.map((s) => (
            <option key={s} value={s}>
              {SORT_LABELS[s]}
            </option>
          ))}
        </Select>
        <button
          type="button"
          aria-expanded={menusOpen}
          aria-controls="gallery-filter-menus"
          onClick={toggleMenus}
          className={cn(
            "inline-flex h-9 items-center gap-1.5 rounded-control border px-3 font-medium text-[13px] transition-colors",
            set > 0
              ? "border-accent/60 bg-accent/10 text-accent-fg"
              : "border-border-strong bg-panel-raised text-muted hover:text-foreground",
            focusRing,
          )}
        >
          <SlidersHorizontal aria-hidden className="size-4" />
          Filters
          {set > 0 ? <span className="tabular-nums">· {set}</span> : null}
        </button>
        {viewControls}
      </div>
      <FilterMenus filter={filter} update={update} facets={facets} open={menusOpen} />
    </section>
  );
}

/**
 * The search box's text, which follows the address (a chip removed, "clear filters",
 * back/forward) and goes into it once typing settles for a moment, so each keystroke is not a query.
 */
function useSearchText(q: string | undefined, update: (patch: Partial<GalleryFilter>) => void) {
  const [text, setText] = useState(q ?? "");
  useEffect(() => setText(q ?? ""), [q]);
  useEffect(() => {
    const next = text.trim() || undefined;
    if (next === q) return;
    const timer = setTimeout(() => update({ q: next }), 300);
    return () => clearTimeout(timer);
  }, [text, q, update]);
  return [text, setText] as const;
}
