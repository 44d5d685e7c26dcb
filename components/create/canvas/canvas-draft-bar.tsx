"use client";

import { DraftBar } from "@/components/create/draft-bar";
import { useCanvasSyncStatus } from "@/lib/client/canvas/canvas-remote";
import { settingsToValues } from "@/lib/client/canvas/canvas-setup";
import { DEFAULT_SETTINGS, useCanvasStore } from "@/lib/client/canvas/canvas-store";
import type { DraftStatus } from "@/lib/client/create/use-draft";

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Where the canvas stands, in the words the Create forms use for their drafts: its settings and
 * its layers are kept together, in this browser and for the member's other tabs and devices, so
 * this one status says both.
 */
function useCanvasDraftStatus(): DraftStatus {
  const setAside = useCanvasStore((s) => s.setAside);
  const { status, savedAt } = useCanvasSyncStatus();
  if (setAside?.why === "reset") return { kind: "cleared", previous: {} };
  if (setAside?.why === "setup") return { kind: "setup", author: setAside.author };
  if (status === "saving") return { kind: "saving" };
  if (status === "failed") return { kind: "failed" };
  if (status === "newerOpened") return { kind: "newerOpened" };
  if (status === "saved" && savedAt !== null) return { kind: "saved", at: savedAt };
  return { kind: "none" };
}

/**
 * The canvas's draft bar: its settings and prompt are a draft as a Create form's are ("Clear draft"
 * sets them back to the defaults, "Restore" brings them back, and a teammate's setup opens in
 * their place until the member changes something); its layers are kept apart, as they are.
 * `slug` is the page a copied link opens: the canvas, Inpainting or Outpainting.
 */
export function CanvasDraftBar({ slug, disabled }: { slug: string; disabled: boolean }) {
  const status = useCanvasDraftStatus();
  const changed = useCanvasStore((s) => !same(s.settings, DEFAULT_SETTINGS));
  return (
    <DraftBar
      slug={slug}
      status={status}
      disabled={disabled}
      canClear={changed && status.kind !== "cleared" && status.kind !== "setup"}
      onClear={() => useCanvasStore.getState().resetSettings()}
      onRestore={() => useCanvasStore.getState().restoreSettings()}
      values={() => settingsToValues(useCanvasStore.getState().settings)}
    />
  );
}
