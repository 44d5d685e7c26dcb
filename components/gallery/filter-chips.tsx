"use client";

import { X } from "lucide-react";
import { useBoards } from "@/components/organize/board-menu";
import { cn, focusRing } from "@/components/ui/cn";
import type { BoardView } from "@/lib/studio/api/boards";
import { ASPECT_LABELS, type GalleryFilter } from "@/lib/studio/gallery/filter";
import { modelLabel } from "@/lib/studio/models/model-label";
import { REVIEW_STATE_LABELS } from "@/lib/studio/review/review";
import { useGalleryFacets, workflowLabel } from "./filter-bar";

interface Chip {
  key: string;
  label: string;
  remove: Partial<GalleryFilter>;
}

/** Each active filter in words, with what removing it changes. */
function chipsOf(
  filter: GalleryFilter,
  names: { authors: Map<string, string>; boards: Map<string, string>; models: Map<string, string> },
): Chip[] {
  const chips: Chip[] = [];
  if (filter.q) chips.push({ key: "q", label: `“${filter.q}”`, remove: { q: undefined } });
  for (const w of filter.workflow ?? []) {
    chips.push({
      key: `workflow-${w}`,
      label: workflowLabel(w),
      remove: { workflow: filter.workflow?.filter((x) => x !== w) },
    });
  }
  if (filter.taskType)
    chips.push({ key: "taskType", label: filter.taskType, remove: { taskType: undefined } });
  if (filter.model)
    chips.push({
      key: "model",
      label: `Model ${modelLabel(filter.model, names.models.get(filter.model))}`,
      remove: { model: undefined },
    });
  if (filter.lora)
    chips.push({
      key: "lora",
      label: `LoRA ${modelLabel(filter.lora, names.models.get(filter.lora))}`,
      remove: { lora: undefined },
    });
  if (filter.author) {
    chips.push({
      key: "author",
      label: `By ${names.authors.get(filter.author) ?? "a member"}`,
      remove: { author: undefined },
    });
  }
  if (filter.from) chips.push({ key: "from", label: `From ${filter.from}`, remove: { from: undefined } });
  if (filter.to) chips.push({ key: "to", label: `Until ${filter.to}`, remove: { to: undefined } });
  if (filter.board) {
    chips.push({
      key: "board",
      label: `On ${names.boards.get(filter.board) ?? "a board"}`,
      remove: { board: undefined },
    });
  }
  if (filter.rating)
    chips.push({ key: "rating", label: `${filter.rating}+ stars`, remove: { rating: undefined } });
  for (const s of filter.state ?? []) {
    chips.push({
      key: `state-${s}`,
      label: REVIEW_STATE_LABELS[s],
      remove: { state: filter.state?.filter((x) => x !== s) },
    });
  }
  if (filter.tag) chips.push({ key: "tag", label: `#${filter.tag}`, remove: { tag: undefined } });
  if (filter.kind) {
    chips.push({
      key: "kind",
      label: filter.kind === "image" ? "Images" : "Videos",
      remove: { kind: undefined },
    });
  }
  if (filter.aspect)
    chips.push({ key: "aspect", label: ASPECT_LABELS[filter.aspect], remove: { aspect: undefined } });
  if (filter.starred) chips.push({ key: "starred", label: "Starred by me", remove: { starred: undefined } });
  if (filter.assignee) {
    chips.push({
      key: "assignee",
      label:
        filter.assignee === "me"
          ? "Assigned to me"
          : `Assigned to ${names.authors.get(filter.assignee) ?? "a member"}`,
      remove: { assignee: undefined },
    });
  }
  return chips;
}

/** The active filters as removable chips, and a way to clear them all. */
export function FilterChips({
  filter,
  update,
  clear,
}: {
  filter: GalleryFilter;
  update(patch: Partial<GalleryFilter>): void;
  clear(): void;
}) {
  const facets = useGalleryFacets(false).data;
  const boards: BoardView[] = useBoards().data?.boards ?? [];
  const chips = chipsOf(filter, {
    authors: new Map((facets?.authors ?? []).map((a) => [a.id, a.name])),
    boards: new Map(boards.map((b) => [b.id, b.name])),
    models: new Map(
      [...(facets?.models ?? []), ...(facets?.loras ?? [])].flatMap((m) => (m.name ? [[m.id, m.name]] : [])),
    ),
  });
  if (chips.length === 0) return null;
  return (
    <ul aria-label="Active filters" className="flex flex-wrap items-center gap-1.5">
      {chips.map((chip) => (
        <li key={chip.key}>
          <button
            type="button"
            onClick={() => update(chip.remove)}
            aria-label={`Remove filter ${chip.label}`}
            className={cn(
              "inline-flex h-7 items-center gap-1 rounded-full border border-accent/30 bg-accent/10 pr-1.5 pl-2.5 font-medium text-[12px] text-accent-fg hover:bg-accent/20",
              focusRing,
            )}
          >
            {chip.label}
            <X aria-hidden className="size-3.5" />
          </button>
        </li>
      ))}
      <li>
        <button
          type="button"
          onClick={clear}
          className={cn("h-7 rounded-full px-2 text-[12px] text-muted hover:text-foreground", focusRing)}
        >
          Clear filters
        </button>
      </li>
    </ul>
  );
}
