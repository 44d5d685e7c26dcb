"use client";

import { create } from "zustand";
import { api } from "@/lib/studio/api/addresses";
import { ApiError } from "@/lib/studio/api/errors";
import { urlOf } from "@/lib/studio/api/url";
import { call } from "../endpoint-client";
import { newId } from "../new-id";
import { setCanvasStorage } from "./canvas-persist";
import { type CanvasRemote, type CanvasSync, createCanvasSync, type SyncStatus } from "./canvas-sync";

/** Long enough to save once per pause in painting, short enough that a reload right after keeps it. */
const SAVE_DELAY_MS = 600;

/** How the canvas's copy on the studio stands, for the page to say in words. */
export const useCanvasSyncStatus = create<{
  status: SyncStatus;
  /** When the studio last took a copy (ms since the epoch), once it has this page load. */
  savedAt: number | null;
  set(status: SyncStatus): void;
}>()((set) => ({
  status: "local",
  savedAt: null,
  set: (status) => set((s) => ({ status, savedAt: status === "saved" ? Date.now() : s.savedAt })),
}));

const remote: CanvasRemote = {
  async get() {
    const { draft } = await call(api.drafts.get, { params: { workflow: "canvas" } });
    return draft ? { values: draft.values, savedAt: draft.savedAt, writer: draft.writer } : null;
  },
  async put(values, copy) {
    try {
      await call(api.drafts.save, {
        params: { workflow: "canvas" },
        body: { values, savedAt: copy.savedAt, ...(copy.writer ? { writer: copy.writer } : {}) },
      });
      return "saved" as const;
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) return "stale" as const;
      throw error;
    }
  },
};

let installed: CanvasSync | null = null;

/**
 * Keeps the canvas on the studio from now on (once per page load): localStorage stays the fast
 * first read, the member's `canvas` draft the copy that follows them. A change still waiting its
 * turn goes out as the tab is hidden or closed.
 */
export function installCanvasSync(): CanvasSync {
  if (installed) return installed;
  // This tab, to the studio, drawn once per page load: the canvas always names its writer, so the
  // studio never falls back to comparing the devices' clocks.
  const writer = newId();
  const sync = createCanvasSync({
    local: localStorage,
    remote,
    writer,
    delayMs: SAVE_DELAY_MS,
    onStatus: (status) => useCanvasSyncStatus.getState().set(status),
  });
  setCanvasStorage(sync.storage);
  window.addEventListener("pagehide", () => {
    const copy = sync.takePending();
    if (!copy) return;
    const body = JSON.stringify({ values: copy.values, savedAt: copy.savedAt, writer });
    void fetch(urlOf(api.drafts.save, { params: { workflow: "canvas" } }), {
      method: "PUT",
      body,
      headers: { "content-type": "application/json" },
      credentials: "same-origin",
      keepalive: body.length < 60_000,
    }).catch(() => {});
  });
  installed = sync;
  return sync;
}
