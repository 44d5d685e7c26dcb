"use client";

import type { QueryClient } from "@tanstack/react-query";
import type { GalleryChange } from "@/lib/studio/stream-events";

/** Query keys of experiments: the list, and each experiment's page. */
export const experimentsKey = ["experiments"] as const;
export const experimentKey = (id: string) => ["experiments", id] as const;

/**
 * At most one refetch of an experiment in flight, and the next no sooner than this after the last
 * began: a 10x10 grid sends a hundred events in a few seconds, and each refetch reads every cell.
 * A refetch cancelled for a newer one still costs the server its whole read.
 */
const REFETCH_GAP_MS = 500;

interface Refresh {
  running: boolean;
  /** An event came while a refetch ran: one more follows it. */
  again: boolean;
  startedAt: number;
}

const refreshes = new WeakMap<QueryClient, Map<string, Refresh>>();

function refresh(client: QueryClient, id: string): void {
  let byId = refreshes.get(client);
  if (!byId) {
    byId = new Map();
    refreshes.set(client, byId);
  }
  const state = byId.get(id) ?? { running: false, again: false, startedAt: 0 };
  byId.set(id, state);
  if (state.running) {
    state.again = true;
    return;
  }
  state.running = true;
  const wait = Math.max(0, state.startedAt + REFETCH_GAP_MS - Date.now());
  setTimeout(() => {
    state.startedAt = Date.now();
    state.again = false;
    void Promise.all([
      client.invalidateQueries({ queryKey: experimentKey(id) }),
      client.invalidateQueries({ queryKey: experimentsKey, exact: true }),
    ])
      .catch(() => undefined)
      .finally(() => {
        state.running = false;
        if (state.again) refresh(client, id);
      });
  }, wait);
}

/**
 * A cell filled or failed, or an experiment paused, resumed or ended: its page and the list
 * refetch, the events of a burst gathered into as few reads as keep the grid current.
 */
export function applyExperimentChange(
  client: QueryClient,
  change: Extract<GalleryChange, { kind: "experiment" }>,
): void {
  refresh(client, change.experimentId);
}
