"use client";

import { useCanvasSyncStatus } from "@/lib/client/canvas/canvas-remote";
import type { SyncStatus } from "@/lib/client/canvas/canvas-sync";

const WORDS: Record<SyncStatus, string> = {
  local: "",
  saving: "Saving…",
  saved: "Saved to your account",
  newerOpened: "Opened your newer canvas",
  failed: "Not saved to your account; kept in this browser",
};

/** Where the canvas is kept, in words: it follows its member to their other tabs and devices. */
export function SyncNote() {
  const status = useCanvasSyncStatus((s) => s.status);
  return (
    <p
      role="status"
      data-testid="canvas-sync"
      data-sync={status}
      title={
        status === "newerOpened"
          ? "A newer copy, painted in another tab or on another device, was opened."
          : undefined
      }
      className={`hidden max-w-72 truncate text-[12px] sm:block ${status === "failed" ? "text-danger" : "text-muted"}`}
    >
      {WORDS[status]}
    </p>
  );
}
