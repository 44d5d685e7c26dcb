"use client";

import { type QueryKey, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/studio/api/addresses";
import type { ApiError } from "@/lib/studio/api/errors";
import type { SeedStack } from "@/lib/studio/api/seed-stacks";
import type { GalleryItem } from "@/lib/studio/items/gallery-item";
import { call, endpointKey } from "../endpoint-client";

type StackMember = Pick<GalleryItem, "id" | "seedKey" | "review">;

/**
 * The cache's one entry for a seed stack, whichever member is shown: stepping to a seed reads the
 * order the last rating left, never a copy kept from an earlier visit of that seed. A member in
 * the trash keeps an entry of its own, as the stack lists it only when it is the one asked for.
 * Null for an item of no stack. Under the endpoint's key, so `seedStacks` invalidations reach it.
 */
export function seedStackKey(item: StackMember): QueryKey | null {
  if (!item.seedKey) return null;
  const trashed = item.review?.deletedAt ? item.id : null;
  return [...endpointKey(api.seedStacks.members), { stack: item.seedKey, trashed }];
}

/** The members of an item's seed stack, the cover (best rated, then newest) first. */
export function useSeedStack(item: StackMember) {
  const key = seedStackKey(item);
  return useQuery<SeedStack, ApiError>({
    queryKey: key ?? [...endpointKey(api.seedStacks.members), null],
    queryFn: ({ signal }) => call(api.seedStacks.members, { params: { id: item.id } }, { signal }),
    enabled: key !== null,
  });
}
