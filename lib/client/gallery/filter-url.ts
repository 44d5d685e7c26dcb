"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback, useMemo } from "react";
import { type GalleryFilter, parseGalleryFilter, serializeGalleryFilter } from "@/lib/studio/gallery/filter";

/**
 * The gallery's filter, kept in the page's address (a view is a link): read from the query string,
 * changed by replacing it (no history entry per keystroke). A hand-edited link with a bad value
 * keeps its good filters and drops the bad ones, naming them.
 */
export function useGalleryFilter(): {
  filter: GalleryFilter;
  /** The canonical query string of `filter`, without `?`. */
  search: string;
  /** Parameters of the address that were not understood, and dropped. */
  ignored: string[];
  update(patch: Partial<GalleryFilter>): void;
  clear(): void;
} {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const raw = params.toString();
  const { filter, ignored } = useMemo(() => {
    const query = new URLSearchParams(raw);
    const outcome = parseGalleryFilter(query);
    if (outcome.ok) return { filter: outcome.filter, ignored: [] as string[] };
    const bad = outcome.errors.map((e) => e.parameter);
    for (const name of bad) query.delete(name);
    const retry = parseGalleryFilter(query);
    return { filter: retry.ok ? retry.filter : {}, ignored: bad };
  }, [raw]);
  const search = useMemo(() => serializeGalleryFilter(filter), [filter]);
  const go = useCallback(
    (next: GalleryFilter) => {
      const query = serializeGalleryFilter(next);
      router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
    },
    [router, pathname],
  );
  const update = useCallback(
    (patch: Partial<GalleryFilter>) => {
      const next: Record<string, unknown> = { ...filter, ...patch };
      for (const [k, v] of Object.entries(next)) if (v === undefined) delete next[k];
      go(next as GalleryFilter);
    },
    [filter, go],
  );
  const clear = useCallback(() => go(filter.sort ? { sort: filter.sort } : {}), [filter.sort, go]);
  return { filter, search, ignored, update, clear };
}
