"use client";

import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import { VERSION_KEYS } from "@/lib/studio/versions/versions";

/** The item a Create page's next task becomes a new version of, and the comment that asked. */
export interface VersionTarget {
  itemId: string;
  commentId: string | null;
}

interface VersionTargetState {
  /** By workflow slug: each Create page has its own. */
  targets: Record<string, VersionTarget>;
  setTarget(slug: string, target: VersionTarget): void;
  clearTarget(slug: string): void;
}

/**
 * "New version" opens Create with the item's recipe and this link; it lives for the tab (a reload
 * keeps it, another tab does not share it) until the task is sent or the person drops it.
 */
export const useVersionTarget = create<VersionTargetState>()(
  persist(
    (set) => ({
      targets: {},
      setTarget: (slug, target) => set((s) => ({ targets: { ...s.targets, [slug]: target } })),
      clearTarget: (slug) =>
        set((s) => {
          const { [slug]: _gone, ...targets } = s.targets;
          return { targets };
        }),
    }),
    {
      name: "media-studio:version-target",
      storage: createJSONStorage(() => sessionStorage),
      skipHydration: true,
    },
  ),
);

/** The link as the task carries it: the studio's own keys, taken off before the service sees it. */
export function versionKeys(target: VersionTarget | undefined): Record<string, string> {
  if (!target) return {};
  const [of, comment] = VERSION_KEYS;
  return { [of]: target.itemId, ...(target.commentId ? { [comment]: target.commentId } : {}) };
}

/** The link a URL asks for (`?versionOf=&versionComment=`), as "New version" writes it. */
export function versionTargetOf(search: { get(name: string): string | null }): VersionTarget | null {
  const itemId = search.get("versionOf");
  return itemId ? { itemId, commentId: search.get("versionComment") } : null;
}
