"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { api } from "@/lib/studio/api/addresses";
import { call, queryKeyOf } from "../endpoint-client";

/** How many recent images the picker offers at once: a few screens of its grid. */
export const PICKER_PAGE = 48;

/**
 * The gallery's images a picker offers, newest first, each seed apart (a stack's members are
 * different images): all of them, or those whose prompt matches `words` once typing pauses.
 */
export function usePickableImages(words: string, enabled: boolean) {
  const [q, setQ] = useState(words.trim());
  useEffect(() => {
    const timer = setTimeout(() => setQ(words.trim()), 250);
    return () => clearTimeout(timer);
  }, [words]);
  const query = {
    kind: "image",
    seeds: "apart",
    limit: PICKER_PAGE,
    ...(q ? { q } : {}),
  } as const;
  return useQuery({
    queryKey: queryKeyOf(api.items.list, { query }),
    queryFn: ({ signal }) => call(api.items.list, { query }, { signal }),
    enabled,
  });
}
