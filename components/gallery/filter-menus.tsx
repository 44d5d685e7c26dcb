"use client";

import { useBoards } from "@/components/organize/board-menu";
import { cn } from "@/components/ui/cn";
import { Select } from "@/components/ui/select";
import { workflows } from "@/lib/client/create/workflows";
import type { useGalleryFacets } from "@/lib/client/gallery/use-facets";
import { ASPECT_LABELS, GALLERY_ASPECTS, type GalleryFilter } from "@/lib/studio/gallery-filter";
import { modelLabel } from "@/lib/studio/model-label";
import { REVIEW_STATE_LABELS, REVIEW_STATES, type ReviewState } from "@/lib/studio/review";
import { DateField } from "./date-field";

export function workflowLabel(slug: string): string {
  return workflows.find((w) => w.slug === slug)?.title ?? slug;
}

/** A filter menu, marked while it narrows the view. */
const menu = (active: unknown) =>
  cn("h-8 max-w-48 text-[12.5px]", active ? "border-accent/60 bg-accent/10 text-accent-fg" : undefined);

/**
 * The gallery's filter menus (behind "Filters"): each offers the values the gallery holds, with
 * their counts, and a choice goes straight into the address.
 */
export function FilterMenus({
  filter,
  update,
  facets,
  open,
}: {
  filter: GalleryFilter;
  update(patch: Partial<GalleryFilter>): void;
  facets: ReturnType<typeof useGalleryFacets>["data"];
  open: boolean;
}) {
  const boards = useBoards().data?.boards;
  const pick = (key: keyof GalleryFilter) => (value: string) => update({ [key]: value || undefined });
  const single = (values: readonly string[] | undefined) => (values?.length === 1 ? values[0] : "");
  return (
    <div id="gallery-filter-menus" className={cn("flex-wrap items-center gap-2", open ? "flex" : "hidden")}>
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
  );
}
