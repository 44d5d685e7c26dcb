"use client";

import { useBoards } from "@/components/organize/board-menu";
import { cn } from "@/components/ui/cn";
import { Select } from "@/components/ui/select";
import { workflows } from "@/lib/client/create/workflows";
import type { useGalleryFacets } from "@/lib/client/gallery/use-facets";
import { ASPECT_LABELS, GALLERY_ASPECTS, type GalleryFilter } from "@/lib/studio/gallery/filter";
import { modelLabel } from "@/lib/studio/models/model-label";
import { REVIEW_STATE_LABELS, REVIEW_STATES, type ReviewState } from "@/lib/studio/review/review";
import { DateField } from "./date-field";

export function workflowLabel(slug: string): string {
  return workflows.find((w) => w.slug === slug)?.title ?? slug;
}

type Option = { value: string; label: string };

/** One filter menu: "any" first, then the values it offers; marked while it narrows the view. */
function FilterMenu({
  label,
  any,
  value,
  options,
  onChange,
  active = value !== "",
}: {
  label: string;
  any: string;
  value: string;
  options: readonly Option[];
  onChange(value: string): void;
  /** Whether it narrows the view, when its value cannot tell (several workflows in the address). */
  active?: boolean;
}) {
  return (
    <Select
      aria-label={label}
      className={cn(
        "h-8 max-w-48 text-[12.5px]",
        active ? "border-accent/60 bg-accent/10 text-accent-fg" : undefined,
      )}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    >
      <option value="">{any}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </Select>
  );
}

const RATINGS: Option[] = [5, 4, 3, 2, 1].map((n) => ({
  value: String(n),
  label: n === 5 ? "5 stars" : `${n}+ stars`,
}));
const MEDIA: Option[] = [
  { value: "image", label: "Images" },
  { value: "video", label: "Videos" },
];
const SHAPES: Option[] = GALLERY_ASPECTS.map((a) => ({ value: a, label: ASPECT_LABELS[a] }));
const STATES: Option[] = REVIEW_STATES.map((s) => ({ value: s, label: REVIEW_STATE_LABELS[s] }));

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
  const single = (values: readonly string[] | undefined) => (values?.length === 1 ? (values[0] ?? "") : "");
  const counted = (id: string, name: string, count: number) => ({ value: id, label: `${name} (${count})` });
  return (
    <div id="gallery-filter-menus" className={cn("flex-wrap items-center gap-2", open ? "flex" : "hidden")}>
      <FilterMenu
        label="Workflow"
        any="Any workflow"
        value={single(filter.workflow)}
        active={Boolean(filter.workflow?.length)}
        options={(facets?.workflows ?? []).map((w) =>
          counted(w.workflow, workflowLabel(w.workflow), w.count),
        )}
        onChange={(v) => update({ workflow: v ? [v] : undefined })}
      />
      <FilterMenu
        label="Model"
        any="Any model"
        value={filter.model ?? ""}
        options={(facets?.models ?? []).map((m) => counted(m.id, modelLabel(m.id, m.name), m.count))}
        onChange={pick("model")}
      />
      {facets && facets.loras.length > 0 ? (
        <FilterMenu
          label="LoRA"
          any="Any LoRA"
          value={filter.lora ?? ""}
          options={facets.loras.map((l) => counted(l.id, modelLabel(l.id, l.name), l.count))}
          onChange={pick("lora")}
        />
      ) : null}
      <FilterMenu
        label="Made by"
        any="Anyone"
        value={filter.author ?? ""}
        options={(facets?.authors ?? []).map((a) => counted(a.id, a.name, a.count))}
        onChange={pick("author")}
      />
      {boards && boards.length > 0 ? (
        <FilterMenu
          label="Board"
          any="Any board"
          value={filter.board ?? ""}
          options={boards.map((b) => ({ value: b.id, label: b.name }))}
          onChange={pick("board")}
        />
      ) : null}
      <FilterMenu
        label="Review state"
        any="Any state"
        value={single(filter.state)}
        active={Boolean(filter.state?.length)}
        options={STATES}
        onChange={(v) => update({ state: v ? [v as ReviewState] : undefined })}
      />
      <FilterMenu
        label="Rating"
        any="Any rating"
        value={filter.rating === undefined ? "" : String(filter.rating)}
        options={RATINGS}
        onChange={(v) => update({ rating: v ? Number(v) : undefined })}
      />
      {facets && facets.tags.length > 0 ? (
        <FilterMenu
          label="Tag"
          any="Any tag"
          value={filter.tag ?? ""}
          options={facets.tags.map((t) => counted(t.tag, t.tag, t.count))}
          onChange={pick("tag")}
        />
      ) : null}
      <FilterMenu
        label="Media"
        any="Any media"
        value={filter.kind ?? ""}
        options={MEDIA}
        onChange={pick("kind")}
      />
      <FilterMenu
        label="Shape"
        any="Any shape"
        value={filter.aspect ?? ""}
        options={SHAPES}
        onChange={pick("aspect")}
      />
      <DateField label="Made from" value={filter.from} max={filter.to} onChange={pick("from")} />
      <DateField label="Made until" value={filter.to} min={filter.from} onChange={pick("to")} />
    </div>
  );
}
