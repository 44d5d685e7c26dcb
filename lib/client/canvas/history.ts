/**
 * A bounded undo/redo history of whole states (snapshots), kept immutable so a React ref or
 * state can hold it without defensive copies.
 *
 * `present` is the state on screen. Every committed change pushes the old present onto `past`
 * and clears `future`, as every editor does: redoing after a new edit would resurrect a branch
 * the user abandoned.
 */
export interface History<T> {
  readonly past: readonly T[];
  readonly present: T;
  readonly future: readonly T[];
  /** How many undo steps are kept; the oldest are dropped beyond it. */
  readonly limit: number;
}

/** 50 steps, as in most paint tools; each step of a mask is a compressed snapshot. */
export const DEFAULT_HISTORY_LIMIT = 50;

export function createHistory<T>(initial: T, limit: number = DEFAULT_HISTORY_LIMIT): History<T> {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`History limit must be a positive integer`);
  return { past: [], present: initial, future: [], limit };
}

/** Records `next` as the new present. */
export function pushHistory<T>(history: History<T>, next: T): History<T> {
  const past = [...history.past, history.present];
  return {
    past: past.length > history.limit ? past.slice(past.length - history.limit) : past,
    present: next,
    future: [],
    limit: history.limit,
  };
}

export function canUndo(history: History<unknown>): boolean {
  return history.past.length > 0;
}

export function canRedo(history: History<unknown>): boolean {
  return history.future.length > 0;
}

/** Steps back one state; returns the same object when there is nothing to undo. */
export function undoHistory<T>(history: History<T>): History<T> {
  const previous = history.past.at(-1);
  if (history.past.length === 0 || previous === undefined) return history;
  return {
    past: history.past.slice(0, -1),
    present: previous,
    future: [history.present, ...history.future],
    limit: history.limit,
  };
}

/** Steps forward one state; returns the same object when there is nothing to redo. */
export function redoHistory<T>(history: History<T>): History<T> {
  const next = history.future[0];
  if (history.future.length === 0 || next === undefined) return history;
  return {
    past: [...history.past, history.present],
    present: next,
    future: history.future.slice(1),
    limit: history.limit,
  };
}
