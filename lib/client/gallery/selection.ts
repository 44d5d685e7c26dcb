"use client";

import { create } from "zustand";

/**
 * The gallery's selection: the items a person picked (Space, `x`, a checkbox or shift-click) for a
 * bulk action or a comparison. Kept in order of picking, so "compare" shows them as chosen.
 */
interface SelectionState {
  /** Item ids in the order they were picked. */
  ids: string[];
  /** The last item picked or unpicked, where a shift-click range starts. */
  anchorId: string | null;
  toggle(id: string): void;
  /** Adds every id of `range` (the items between the anchor and the one clicked, in list order). */
  addRange(range: readonly string[]): void;
  set(ids: readonly string[]): void;
  clear(): void;
}

export const useGallerySelection = create<SelectionState>((set) => ({
  ids: [],
  anchorId: null,
  toggle: (id) =>
    set((s) => ({
      ids: s.ids.includes(id) ? s.ids.filter((i) => i !== id) : [...s.ids, id],
      anchorId: id,
    })),
  addRange: (range) =>
    set((s) => ({
      ids: [...s.ids, ...range.filter((id) => !s.ids.includes(id))],
      anchorId: range.at(-1) ?? s.anchorId,
    })),
  set: (ids) => set({ ids: [...new Set(ids)], anchorId: ids.at(-1) ?? null }),
  clear: () => set({ ids: [], anchorId: null }),
}));
