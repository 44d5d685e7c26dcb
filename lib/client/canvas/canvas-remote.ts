"use client";

import { create } from "zustand";
import { api } from "@/lib/studio/api";
import { ApiError } from "@/lib/studio/api/errors";
import { urlOf } from "@/lib/studio/api/url";
import { call } from "../endpoint-client";
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

/**
 * This tab, to the studio, drawn once per page load. Without `randomUUID` (a page served over plain
 * HTTP) it is drawn from `getRandomValues`: the canvas always names its writer, so the studio never
 * falls back to comparing the devices' clocks.
 */
function drawWriter(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

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
  const writer = drawWriter();
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
