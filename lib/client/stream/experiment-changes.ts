"use client";

import type { QueryClient, QueryKey } from "@tanstack/react-query";
import type { ExperimentView } from "@/lib/studio/api/experiments";
import type { GalleryChange } from "@/lib/studio/api/stream-events";
import { patchCells } from "@/lib/studio/experiments/cell-patch";
import { experimentKey, experimentsKey } from "../experiments/keys";

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

/** Refetches what `keys` names, gathered per `slot`: one read in flight, the next `REFETCH_GAP_MS` on. */
function refresh(client: QueryClient, slot: string, keys: readonly QueryKey[]): void {
  let bySlot = refreshes.get(client);
  if (!bySlot) {
    bySlot = new Map();
    refreshes.set(client, bySlot);
  }
  const state = bySlot.get(slot) ?? { running: false, again: false, startedAt: 0 };
  bySlot.set(slot, state);
  if (state.running) {
    state.again = true;
    return;
  }
  state.running = true;
  const wait = Math.max(0, state.startedAt + REFETCH_GAP_MS - Date.now());
  setTimeout(() => {
    state.startedAt = Date.now();
    state.again = false;
    void Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey, exact: true })))
      .catch(() => undefined)
      .finally(() => {
        state.running = false;
        if (state.again) refresh(client, slot, keys);
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
  const id = change.experimentId;
  if (change.cells && change.cells.length > 0) {
    // A cell sent, filled or failed: an open grid updates those cells where they are, and reads
    // the whole experiment only when it cannot (not loaded yet, or a cell it does not know).
    const cells = change.cells;
    let patched = false;
    client.setQueryData<ExperimentView>(experimentKey(id), (view) => {
      const next = view ? patchCells(view, cells) : null;
      patched = next !== null;
      return next ?? view;
    });
    if (patched) {
      refresh(client, "list", [experimentsKey]);
      return;
    }
  }
  refresh(client, id, [experimentKey(id), experimentsKey]);
}
