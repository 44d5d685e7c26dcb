"use client";

import { api } from "@/lib/studio/api/addresses";
import { useEndpoint } from "../endpoint-client";

/** The versions of an item's stack, oldest first (just the item when it has none). */
export function useItemVersions(itemId: string | null) {
  return useEndpoint(api.versions.list, { params: { id: itemId ?? "" } }, { enabled: itemId !== null });
}

/** The open threads of the earlier versions, each marked with its version. */
export function useCarriedThreads(itemId: string, enabled: boolean) {
  return useEndpoint(api.versions.carried, { params: { id: itemId } }, { enabled });
}
