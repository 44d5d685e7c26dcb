"use client";

import { useQuery } from "@tanstack/react-query";
import { Search, SlidersHorizontal, Star } from "lucide-react";
import { useEffect, useState } from "react";
import { useBoards } from "@/components/organize/board-menu";
import { cn, focusRing } from "@/components/ui/cn";
import { inputClasses } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { workflows } from "@/lib/client/create/workflows";
import { call } from "@/lib/client/endpoint-client";
import { galleryFacetsKey } from "@/lib/client/gallery/cache";
import { useStoredChoice } from "@/lib/client/stored-choice";
import { api } from "@/lib/studio/api";
import {
  ASPECT_LABELS,
  GALLERY_ASPECTS,
  GALLERY_SORTS,
  type GalleryFilter,
  type GallerySort,
  menuFilterCount,
  SORT_LABELS,
} from "@/lib/studio/gallery-filter";
import { modelLabel } from "@/lib/studio/model-label";
import { REVIEW_STATE_LABELS, REVIEW_STATES, type ReviewState } from "@/lib/studio/review";
import { DateField } from "./date-field";

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

export function workflowLabel(slug: string): string {
  return workflows.find((w) => w.slug === slug)?.title ?? slug;
}

/** A filter menu, marked while it narrows the view. */
const menu = (active: unknown) =>
  cn("h-8 max-w-48 text-[12.5px]", active ? "border-accent/60 bg-accent/10 text-accent-fg" : undefined);

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
  const boards = useBoards().data?.boards;
  const [text, setText] = useState(filter.q ?? "");
  // The address changes from elsewhere too (a chip removed, "clear filters", back/forward).
  useEffect(() => setText(filter.q ?? ""), [filter.q]);
  // Typing settles for a moment before the view changes, so each keystroke is not a query.
  useEffect(() => {
    const next = text.trim() || undefined;
    if (next === filter.q) return;
    const timer = setTimeout(() => update({ q: next }), 300);
    return () => clearTimeout(timer);
  }, [text, filter.q, update]);

  const pick = (key: keyof GalleryFilter) => (value: string) => update({ [key]: value || undefined });
  const single = (values: readonly string[] | undefined) => (values?.length === 1 ? values[0] : "");

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
      <div
        id="gallery-filter-menus"
        className={cn("flex-wrap items-center gap-2", menusOpen ? "flex" : "hidden")}
      >
        <Select
          aria-label="Workflow"
          className={menu(filter.workflow)}
          value={single(filter.workflow)}
          onChange={(e) => update({ workflow: e.target.value ? [e.target.value] : undefined })}
        >
          <option value="">Any workflow</option>
          {(facets?.workflows ?? []).map((w) => (
            <option key={w.workflow} value={w.workflow}>
              {workflowLabel(w.workflow)} ({w.count})
            </option>
          ))}
        </Select>
        <Select
          aria-label="Model"
          className={menu(filter.model)}
          value={filter.model ?? ""}
          onChange={(e) => pick("model")(e.target.value)}
        >
          <option value="">Any model</option>
          {(facets?.models ?? []).map((m) => (
            <option key={m.id} value={m.id}>
              {modelLabel(m.id, m.name)} ({m.count})
            </option>
          ))}
        </Select>
        {facets && facets.loras.length > 0 ? (
          <Select
            aria-label="LoRA"
            className={menu(filter.lora)}
            value={filter.lora ?? ""}
            onChange={(e) => pick("lora")(e.target.value)}
          >
            <option value="">Any LoRA</option>
            {facets.loras.map((l) => (
              <option key={l.id} value={l.id}>
                {modelLabel(l.id, l.name)} ({l.count})
              </option>
            ))}
          </Select>
        ) : null}
        <Select
          aria-label="Made by"
          className={menu(filter.author)}
          value={filter.author ?? ""}
          onChange={(e) => pick("author")(e.target.value)}
        >
          <option value="">Anyone</option>
          {(facets?.authors ?? []).map((a) => (
            <option key={a.id} value={a.id}>
              {a.name} ({a.count})
            </option>
          ))}
        </Select>
        {boards && boards.length > 0 ? (
          <Select
            aria-label="Board"
            className={menu(filter.board)}
            value={filter.board ?? ""}
            onChange={(e) => pick("board")(e.target.value)}
          >
            <option value="">Any board</option>
            {boards.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </Select>
        ) : null}
        <Select
          aria-label="Review state"
          className={menu(filter.state)}
          value={single(filter.state)}
          onChange={(e) => update({ state: e.target.value ? [e.target.value as ReviewState] : undefined })}
        >
          <option value="">Any state</option>
          {REVIEW_STATES.map((s) => (
            <option key={s} value={s}>
              {REVIEW_STATE_LABELS[s]}
            </option>
          ))}
        </Select>
        <Select
          aria-label="Rating"
          className={menu(filter.rating)}
          value={filter.rating === undefined ? "" : String(filter.rating)}
          onChange={(e) => update({ rating: e.target.value ? Number(e.target.value) : undefined })}
        >
          <option value="">Any rating</option>
          {[5, 4, 3, 2, 1].map((n) => (
            <option key={n} value={n}>
              {n === 5 ? "5 stars" : `${n}+ stars`}
            </option>
          ))}
        </Select>
        {facets && facets.tags.length > 0 ? (
          <Select
            aria-label="Tag"
            className={menu(filter.tag)}
            value={filter.tag ?? ""}
            onChange={(e) => pick("tag")(e.target.value)}
          >
            <option value="">Any tag</option>
            {facets.tags.map((t) => (
              <option key={t.tag} value={t.tag}>
                {t.tag} ({t.count})
              </option>
            ))}
          </Select>
        ) : null}
        <Select
          aria-label="Media"
          className={menu(filter.kind)}
          value={filter.kind ?? ""}
          onChange={(e) => pick("kind")(e.target.value)}
        >
          <option value="">Any media</option>
          <option value="image">Images</option>
          <option value="video">Videos</option>
        </Select>
        <Select
          aria-label="Shape"
          className={menu(filter.aspect)}
          value={filter.aspect ?? ""}
          onChange={(e) => pick("aspect")(e.target.value)}
        >
          <option value="">Any shape</option>
          {GALLERY_ASPECTS.map((a) => (
            <option key={a} value={a}>
              {ASPECT_LABELS[a]}
            </option>
          ))}
        </Select>
        <DateField label="Made from" value={filter.from} max={filter.to} onChange={pick("from")} />
        <DateField label="Made until" value={filter.to} min={filter.from} onChange={pick("to")} />
      </div>
    </section>
  );
}
