"use client";

import { api } from "@/lib/studio/api";
import { useEndpoint } from "../endpoint-client";

/** The members of an item's seed stack, the cover (best rated, then newest) first. */
export function useSeedStack(itemId: string | null) {
  return useEndpoint(api.seedStacks.members, { params: { id: itemId ?? "" } }, { enabled: itemId !== null });
}
