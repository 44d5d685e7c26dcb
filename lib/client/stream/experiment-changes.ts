"use client";

import type { QueryClient, QueryKey } from "@tanstack/react-query";
import type { ExperimentView } from "@/lib/studio/api/experiments";
import type { GalleryChange } from "@/lib/studio/api/stream-events";
import { type CellPatch, patchCells } from "@/lib/studio/experiments/cell-patch";
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
    // The cells of one frame's events are patched together: a service finishing eight tasks at
    // once sends sixteen events, and each patch is a render of the page.
    const byExperiment = gathered(client);
    byExperiment.set(id, [...(byExperiment.get(id) ?? []), ...change.cells]);
    schedulePatch(client);
    return;
  }
  refresh(client, id, [experimentKey(id), experimentsKey]);
}

const gatheredCells = new WeakMap<QueryClient, Map<string, CellPatch[]>>();
const patchScheduled = new WeakSet<QueryClient>();

function gathered(client: QueryClient): Map<string, CellPatch[]> {
  let byExperiment = gatheredCells.get(client);
  if (!byExperiment) {
    byExperiment = new Map();
    gatheredCells.set(client, byExperiment);
  }
  return byExperiment;
}

/** The gathered cells go in at the next frame (a tab in the background: within a second). */
function schedulePatch(client: QueryClient): void {
  if (patchScheduled.has(client)) return;
  patchScheduled.add(client);
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    clearTimeout(fallback);
    patchScheduled.delete(client);
    patchGathered(client);
  };
  // A hidden tab runs no animation frames; the timer stands in for them.
  const fallback = setTimeout(run, typeof requestAnimationFrame === "function" ? 1_000 : 16);
  if (typeof requestAnimationFrame === "function") requestAnimationFrame(run);
}

function patchGathered(client: QueryClient): void {
  const byExperiment = gathered(client);
  const all = [...byExperiment];
  byExperiment.clear();
  for (const [id, cells] of all) {
    let patched = false;
    client.setQueryData<ExperimentView>(experimentKey(id), (view) => {
      const next = view ? patchCells(view, cells) : null;
      patched = next !== null;
      return next ?? view;
    });
    refresh(client, patched ? "list" : id, patched ? [experimentsKey] : [experimentKey(id), experimentsKey]);
  }
}
