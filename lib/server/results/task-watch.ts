import "server-only";
import { type ImageItem, NOT_FOUND_GRACE_MS, type UpstreamClient, type VideoItem } from "@/lib/upstream";
import type { Flight } from "./flight";
import type { KeeperDeps } from "./keeper-deps";
import type { KeeperState } from "./keeper-state";

type WatchOutcome = Awaited<ReturnType<UpstreamClient["watch"]>>;

/** What a poll of a task hands back to the keeper. */
export interface WatchHost {
  deps: KeeperDeps;
  state: KeeperState;
  progress(taskUUID: string, progress: number): Promise<void>;
  ingest(item: ImageItem | VideoItem, index: number | null): Promise<void>;
  /** Ends the task by the one rule once its poll has ended (`final`). */
  decide(flight: Flight, final: boolean): Promise<void>;
}

/** Polls a task's current try until it finishes: progress for the queue, items as they complete. */
export function watchTask(host: WatchHost, taskUUID: string): void {
  const { deps, state } = host;
  if (state.watching.has(taskUUID) || state.closing) return;
  const known = state.flights.get(taskUUID);
  // Not handed to the service by this process yet (see `takeUp`): nothing to ask it now.
  if (known?.parked) return;
  const wireUUID = known?.wireUUID ?? taskUUID;
  const controller = new AbortController();
  // Removed when the watch ends: a long-lived keeper would otherwise hold one per task ever watched.
  const stopWatch = () => controller.abort();
  state.stop.signal.addEventListener("abort", stopWatch, { once: true });
  state.watching.set(taskUUID, controller);
  void deps.upstream
    .watch(wireUUID, {
      signal: controller.signal,
      notFoundGraceMs: deps.notFoundGraceMs ?? NOT_FOUND_GRACE_MS,
      onProgress: (progress) => void host.progress(taskUUID, progress),
      onItem: (item) => {
        if (item.status === "success" && (item.item.kind === "image" || item.item.kind === "video")) {
          void host.ingest(item.item, item.index);
        } else if (item.status === "error") {
          state.flights
            .get(taskUUID)
            ?.failures.set(`poll:${item.index}`, { error: item.error, index: item.index });
        }
      },
    })
    .then(async (outcome) => {
      if (controller.signal.aborted) return;
      state.watching.delete(taskUUID);
      await state.ingested();
      const flight = state.flights.get(taskUUID);
      if (!flight || flight.wireUUID !== wireUUID) return;
      foldPollOutcome(flight, outcome);
      await host.decide(flight, true);
    })
    .catch(() => undefined)
    .finally(() => {
      state.stop.signal.removeEventListener("abort", stopWatch);
      if (state.watching.get(taskUUID) === controller) state.watching.delete(taskUUID);
    });
}

/** The failures a finished poll leaves the task with. */
function foldPollOutcome(flight: Flight, outcome: WatchOutcome): void {
  if (!outcome.ok) {
    flight.failures.set("poll", { error: outcome.error, index: null });
    return;
  }
  // A poll's answer is the task's whole state: what the socket or a webhook said failed
  // is in it too, by index, and counts once.
  for (const key of [...flight.failures.keys()]) {
    if (key.startsWith("socket:") || key.startsWith("webhook:")) flight.failures.delete(key);
  }
  for (const item of outcome.items) {
    if (item.status === "error")
      flight.failures.set(`poll:${item.index}`, { error: item.error, index: item.index });
  }
}
