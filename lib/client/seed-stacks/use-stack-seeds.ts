"use client";

import { useMemo } from "react";
import { type GalleryFilter, serializeGalleryFilter } from "@/lib/studio/gallery/filter";
import { STACK_SEEDS_CHOICE } from "@/lib/studio/seed-stacks/seed-stacks";
import { useStoredChoice } from "../stored-choice";

const CHOICES = ["on", "off"] as const;

/**
 * The "Stack seeds" choice (this device's, on unless turned off) and the view it makes of the
 * page's filter: the list's query, the cache's key and the viewer's neighbours all read it, so the
 * viewer steps through the same cards the grid shows.
 */
export function useStackSeeds(filter: GalleryFilter) {
  const [choice, choose] = useStoredChoice(STACK_SEEDS_CHOICE, CHOICES, "on");
  const on = choice === "on";
  const search = useMemo(() => {
    const { seeds: _fromLink, ...rest } = filter;
    return serializeGalleryFilter(on ? rest : { ...rest, seeds: "apart" });
  }, [filter, on]);
  return { on, setOn: (next: boolean) => choose(next ? "on" : "off"), search };
}
