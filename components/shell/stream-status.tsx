"use client";

import { useDoneAlerts } from "@/lib/client/done-alerts/use-done-alerts";
import { useStreamStore } from "@/lib/client/shell/stream-store";
import { useTaskStream } from "@/lib/client/stream/use-task-stream";
import type { StreamStart } from "@/lib/studio/api/stream";

/**
 * Keeps the tab's live connection to the studio (results, progress) and says whether it is up.
 * Tells the member when their work finishes in the background (lib/client/done-alerts). Rendered
 * once, in the top bar.
 */
export function StreamStatus({ start }: { start?: StreamStart }) {
  useTaskStream(start);
  useDoneAlerts();
  const state = useStreamStore((s) => s.state);
  const live = state === "live";
  return (
    <p
      className="hidden items-center gap-2 text-[12px] text-muted-subtle sm:inline-flex"
      data-stream-state={state}
      title={
        live
          ? "New results appear as they complete."
          : "Reconnecting: missed results will arrive when it is back."
      }
    >
      <span
        aria-hidden
        className={
          live ? "size-1.5 rounded-full bg-success" : "size-1.5 animate-pulse rounded-full bg-warning"
        }
      />
      {live ? "Live" : state === "connecting" ? "Connecting…" : "Reconnecting…"}
    </p>
  );
}
