"use client";

import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";

/** The most results a page's strip remembers across reloads. */
const STRIP_LIMIT = 48;

interface CreateState {
  /** Each workflow's unfinished form, by workflow slug: it survives a reload. */
  drafts: Record<string, Record<string, unknown>>;
  /** The tasks each workflow page sent, newest first, by workflow slug. */
  sent: Record<string, string[]>;
  saveDraft(slug: string, values: Record<string, unknown>): void;
  clearDraft(slug: string): void;
  addSent(slug: string, taskUUIDs: readonly string[]): void;
  clearSent(slug: string): void;
}

/**
 * UI state of the Create screens, kept in the browser's localStorage (docs/conventions.md, "Server
 * data in the query cache, UI state in stores"). A draft is the form as typed, not a validated task.
 */
export const useCreateStore = create<CreateState>()(
  persist(
    (set) => ({
      drafts: {},
      sent: {},
      saveDraft: (slug, values) => set((s) => ({ drafts: { ...s.drafts, [slug]: values } })),
      clearDraft: (slug) =>
        set((s) => {
          const { [slug]: _gone, ...drafts } = s.drafts;
          return { drafts };
        }),
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
      version: 1,
      storage: createJSONStorage(() => localStorage),
      // Drafts are read once the page has mounted, so server and first client render agree.
      skipHydration: true,
    },
  ),
);
