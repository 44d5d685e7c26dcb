"use client";

import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";

/** The most results a page's strip remembers across reloads. */
const STRIP_LIMIT = 48;

interface CreateState {
  /** The tasks each workflow page sent, newest first, by workflow slug. */
  sent: Record<string, string[]>;
  addSent(slug: string, taskUUIDs: readonly string[]): void;
  clearSent(slug: string): void;
}

/**
 * UI state of the Create screens, kept in the browser's localStorage (docs/conventions.md, "Server
 * data in the query cache, UI state in stores"). The forms' drafts are the studio's, kept per
 * member so they follow them to another browser (lib/client/create/use-draft.ts).
 */
export const useCreateStore = create<CreateState>()(
  persist(
    (set) => ({
      sent: {},
      addSent: (slug, taskUUIDs) =>
        set((s) => ({
          sent: {
            ...s.sent,
            [slug]: [...taskUUIDs, ...(s.sent[slug] ?? []).filter((id) => !taskUUIDs.includes(id))].slice(
              0,
              STRIP_LIMIT,
            ),
          },
        })),
      clearSent: (slug) => set((s) => ({ sent: { ...s.sent, [slug]: [] } })),
    }),
    {
      name: "media-studio.create",
      version: 2,
      // Version 1 kept the drafts here too; the studio keeps them now.
      migrate: (stored) => ({ sent: (stored as Partial<CreateState> | null)?.sent ?? {} }),
      storage: createJSONStorage(() => localStorage),
      // Read once the page has mounted, so server and first client render agree.
      skipHydration: true,
    },
  ),
);
