import type { ServiceError } from "@/lib/protocol/errors";
import { isCancelled } from "@/lib/studio/queue/cancelled";

/** A cell's result as the grid shows it. */
export interface CellItemView {
  id: string;
  kind: "image" | "video";
  url: string;
  width: number;
  height: number;
  cost: number | null;
}

export type CellState = "pending" | "sent" | "done" | "error" | "refused";

/**
 * What changed in one cell, carried by the experiment's live event so an open grid updates that
 * cell in place instead of reading the whole experiment again.
 */
export interface CellPatch {
  key: string;
  status: CellState;
  errors: ServiceError[];
  attempts: number;
  taskUUID: string | null;
  seconds: number | null;
  items: CellItemView[];
}

interface PatchableView {
  cells: ({ key: string } & Omit<CellPatch, "key">)[];
  progress: { done: number; failed: number; refused: number; running: number; total: number };
}

/** Whether `patch` would leave `cell` as it is (an event told twice, or a retry's "sent" again). */
function changes(cell: Omit<CellPatch, "key">, patch: CellPatch): boolean {
  return (
    cell.status !== patch.status ||
    cell.attempts !== patch.attempts ||
    cell.taskUUID !== patch.taskUUID ||
    cell.seconds !== patch.seconds ||
    JSON.stringify(cell.errors) !== JSON.stringify(patch.errors) ||
    JSON.stringify(cell.items) !== JSON.stringify(patch.items)
  );
}

/**
 * The view with the patched cells replaced and its progress counted again; null when a patch names
 * a cell the view does not have (another version, or a view read before the cell existed), and the
 * whole experiment must be read. Every cell the patches leave as it was keeps its identity (and the
 * view its own when none changes), so a grid drawing cells by identity draws only the changed ones.
 */
export function patchCells<V extends PatchableView>(view: V, patches: readonly CellPatch[]): V | null {
  const byKey = new Map(patches.map((p) => [p.key, p]));
  let found = 0;
  let changed = 0;
  const cells = view.cells.map((cell) => {
    const patch = byKey.get(cell.key);
    if (!patch) return cell;
    found += 1;
    if (!changes(cell, patch)) return cell;
    changed += 1;
    return { ...cell, ...patch };
  });
  if (found < byKey.size) return null;
  if (changed === 0) return view;
  const count = (s: CellState) => cells.filter((c) => c.status === s).length;
  const cancelled = cells.filter((c) => c.status === "error" && isCancelled(c.errors)).length;
  return {
    ...view,
    cells,
    progress: {
      done: count("done"),
      failed: count("error") - cancelled,
      cancelled,
      refused: count("refused"),
      running: count("pending") + count("sent"),
      total: cells.length,
    },
  };
}
