/**
 * The canvas kept in two places: this browser's localStorage, read at once for the first paint,
 * and the studio, as the member's `canvas` draft, so it follows them to another tab or device.
 * Between tabs and devices the studio keeps the save it received last, whatever their clocks say
 * (lib/server/drafts/drafts.ts), and this side decides by the same rule: a copy is named by the tab
 * that took it (`writer`) and that tab's time (`savedAt`), and the browser's copy remembers which
 * of the studio's copies it follows. The studio's copy is opened when it is another than that one
 * and not an earlier copy of the same tab: clocks are only ever compared within one tab.
 */
import type { StateStorage } from "zustand/middleware";

/** A copy as the studio names it: the tab that saved it and that tab's time. */
export interface CopyName {
  writer: string | null;
  savedAt: number;
}

export interface CanvasRemote {
  get(): Promise<({ values: Record<string, unknown> } & CopyName) | null>;
  /**
   * "stale": the studio keeps a copy this tab took later (its own save arrived late). Throws when
   * the studio cannot be reached.
   */
  put(values: Record<string, unknown>, copy: CopyName): Promise<"saved" | "stale">;
}

export type SyncStatus = "local" | "saving" | "saved" | "newerOpened" | "failed";

interface LocalStore {
  getItem(name: string): string | null;
  setItem(name: string, value: string): void;
  removeItem(name: string): void;
}

export interface CanvasSyncOptions {
  local: LocalStore;
  remote: CanvasRemote;
  /** This tab, to the studio: an id it draws once. */
  writer: string;
  /** How long after the last change the copy goes to the studio (one save per pause). */
  delayMs: number;
  onStatus?(status: SyncStatus): void;
  clock?(): number;
}

interface Pending {
  name: string;
  values: Record<string, unknown>;
  savedAt: number;
}

/** What the browser keeps beside the canvas: its copy's name and the studio's copy it follows. */
interface Kept extends CopyName {
  follows: CopyName | null;
}

const KEPT_FIELDS = ["savedAt", "writer", "follows"] as const;

function isName(value: unknown): value is CopyName {
  if (!value || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  return (typeof v.writer === "string" || v.writer === null) && Number.isFinite(v.savedAt);
}

/** The stored entry's name and what it follows; nothing known for none or an older entry. */
export function keptOf(entry: string | null): Kept {
  const none: Kept = { writer: null, savedAt: 0, follows: null };
  if (!entry) return none;
  try {
    const parsed = JSON.parse(entry) as Record<string, unknown>;
    return {
      writer: typeof parsed.writer === "string" ? parsed.writer : null,
      savedAt: typeof parsed.savedAt === "number" && Number.isFinite(parsed.savedAt) ? parsed.savedAt : 0,
      follows: isName(parsed.follows)
        ? { writer: parsed.follows.writer, savedAt: parsed.follows.savedAt }
        : null,
    };
  } catch {
    return none;
  }
}

/** The stored entry's time by its own tab's clock, 0 for none. */
export function savedAtOf(entry: string | null): number {
  return keptOf(entry).savedAt;
}

const sameCopy = (a: CopyName | null, b: CopyName) =>
  a !== null && a.writer === b.writer && a.savedAt === b.savedAt;

/**
 * Whether the studio's copy is one the browser's already holds: the copy it follows, or one the
 * same tab took no later (a tab's times keep its own order; another tab's are never compared).
 */
export function holds(mine: Kept, studio: CopyName): boolean {
  if (sameCopy(mine.follows, studio)) return true;
  return (
    mine.savedAt > 0 &&
    studio.writer !== null &&
    studio.writer === mine.writer &&
    studio.savedAt <= mine.savedAt
  );
}

function valuesOf(entry: string): Record<string, unknown> {
  const values = JSON.parse(entry) as Record<string, unknown>;
  for (const field of KEPT_FIELDS) delete values[field];
  return values;
}

export function createCanvasSync({
  local,
  remote,
  writer,
  delayMs,
  onStatus,
  clock = Date.now,
}: CanvasSyncOptions) {
  let lastTaken = 0;
  let pending: Pending | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const say = (status: SyncStatus) => onStatus?.(status);

  /** This tab's time for a copy: never twice the same, so its saves stay in the order taken. */
  const takenAt = () => {
    lastTaken = Math.max(clock(), lastTaken + 1);
    return lastTaken;
  };

  const cancel = () => {
    clearTimeout(timer);
    timer = undefined;
  };

  /** Opens the studio's copy when the browser's does not hold it already; true when it did. */
  const pull = async (name: string): Promise<boolean> => {
    const kept = await remote.get();
    if (!kept || Object.keys(kept.values).length === 0) return false;
    const studio = { writer: kept.writer, savedAt: kept.savedAt };
    if (holds(keptOf(local.getItem(name)), studio)) return false;
    cancel();
    pending = null;
    local.setItem(name, JSON.stringify({ ...kept.values, ...studio, follows: studio }));
    say("newerOpened");
    return true;
  };

  /** The studio took this tab's copy: the browser's copy, if it grew from it, now follows it. */
  const saved = (copy: Pending) => {
    const entry = local.getItem(copy.name);
    const mine = keptOf(entry);
    if (!entry || mine.writer !== writer || mine.savedAt < copy.savedAt) return;
    const follows: CopyName = { writer, savedAt: copy.savedAt };
    local.setItem(copy.name, JSON.stringify({ ...valuesOf(entry), writer, savedAt: mine.savedAt, follows }));
  };

  const send = async () => {
    const copy = pending;
    if (!copy) return;
    pending = null;
    try {
      const outcome = await remote.put(copy.values, { writer, savedAt: copy.savedAt });
      // "stale": a later copy of this tab is kept already; its own save says how it went.
      if (outcome === "saved") {
        saved(copy);
        if (!pending) say("saved");
      }
    } catch {
      if (!pending) say("failed");
    }
  };

  const storage: StateStorage = {
    getItem: (name) => local.getItem(name),
    setItem: (name, value) => {
      const savedAt = takenAt();
      const { follows } = keptOf(local.getItem(name));
      const values = JSON.parse(value) as Record<string, unknown>;
      local.setItem(name, JSON.stringify({ ...values, writer, savedAt, follows }));
      pending = { name, values, savedAt };
      say("saving");
      cancel();
      timer = setTimeout(() => {
        timer = undefined;
        void send();
      }, delayMs);
    },
    removeItem: (name) => local.removeItem(name),
  };

  return {
    storage,
    pull,
    /** Sends at once what waits for its turn (the tab is going away); returns it, if any. */
    takePending(): Pending | null {
      if (timer === undefined) return null;
      cancel();
      const copy = pending;
      pending = null;
      return copy;
    },
    /** Sends what waits now, rather than after the pause (a test, a send from the canvas). */
    flush: async () => {
      if (timer === undefined) return;
      cancel();
      await send();
    },
  };
}

export type CanvasSync = ReturnType<typeof createCanvasSync>;
