/**
 * The canvas kept in two places: this browser's localStorage, read at once for the first paint,
 * and the studio, as the member's `canvas` draft, so it follows them to another tab or device.
 * Between tabs and devices the studio keeps the save it received last, whatever their clocks say
 * (lib/server/drafts/drafts.ts), and this side never compares clocks either: a copy is named by
 * the tab that took it (`writer`) and that tab's time (`savedAt`), which orders that tab's copies
 * only, and the browser's copy records, per tab, the latest copy it was built on. The studio's
 * copy is opened when the browser's was not built on it; when it was (a late save of a closed tab
 * arriving after this one), the browser's copy is sent again so the studio holds the later one.
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

/**
 * What the browser keeps beside the canvas: its copy's name and, per tab, the latest copy it was
 * built on (its own included). A tab's save still on its way is then known when it arrives late.
 */
interface Kept extends CopyName {
  builtOn: Record<string, number>;
}

const KEPT_FIELDS = ["savedAt", "writer", "builtOn"] as const;

/** Tabs remembered per copy: a closed tab's last save arrives within moments, not many tabs later. */
const BUILT_ON_TABS = 16;

/** The key of a copy's tab; "" for a copy of a writer that named none. */
const tabOf = (writer: string | null) => writer ?? "";

/** The stored entry's name and what it was built on; nothing known for none or an older entry. */
function keptOf(entry: string | null): Kept {
  const none: Kept = { writer: null, savedAt: 0, builtOn: {} };
  if (!entry) return none;
  try {
    const parsed = JSON.parse(entry) as Record<string, unknown>;
    const builtOn: Record<string, number> = {};
    if (parsed.builtOn && typeof parsed.builtOn === "object")
      for (const [tab, at] of Object.entries(parsed.builtOn))
        if (typeof at === "number" && Number.isFinite(at)) builtOn[tab] = at;
    return {
      writer: typeof parsed.writer === "string" ? parsed.writer : null,
      savedAt: typeof parsed.savedAt === "number" && Number.isFinite(parsed.savedAt) ? parsed.savedAt : 0,
      builtOn,
    };
  } catch {
    return none;
  }
}

/** `builtOn` with `copy` added, the most recent tabs kept. */
function adding(builtOn: Record<string, number>, copy: CopyName): Record<string, number> {
  if (copy.savedAt <= 0) return builtOn;
  const tab = tabOf(copy.writer);
  const { [tab]: before, ...rest } = builtOn;
  const entries = [...Object.entries(rest), [tab, Math.max(before ?? 0, copy.savedAt)] as const];
  return Object.fromEntries(entries.slice(-BUILT_ON_TABS));
}

/** Whether the browser's copy was built on the studio's (or is it). */
function holds(mine: Kept, studio: CopyName): boolean {
  const at = mine.builtOn[tabOf(studio.writer)];
  return at !== undefined && studio.savedAt <= at;
}

const isCopy = (mine: Kept, studio: CopyName) =>
  mine.writer === studio.writer && mine.savedAt === studio.savedAt;

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

  const send = async () => {
    const copy = pending;
    if (!copy) return;
    pending = null;
    try {
      const outcome = await remote.put(copy.values, { writer, savedAt: copy.savedAt });
      // "stale": a later copy of this tab is kept already; its own save says how it went.
      if (outcome === "saved" && !pending) say("saved");
    } catch {
      if (!pending) say("failed");
    }
  };

  /** Takes `values` as this tab's newest copy, built on what the browser held, and sends it soon. */
  const take = (name: string, values: Record<string, unknown>) => {
    const before = keptOf(local.getItem(name));
    const savedAt = takenAt();
    const builtOn = adding(adding(before.builtOn, before), { writer, savedAt });
    local.setItem(name, JSON.stringify({ ...values, writer, savedAt, builtOn }));
    pending = { name, values, savedAt };
    say("saving");
    cancel();
    timer = setTimeout(() => {
      timer = undefined;
      void send();
    }, delayMs);
  };

  /**
   * Opens the studio's copy when the browser's was not built on it; true when it did. When it was
   * but the studio holds an earlier copy (a save that arrived late), the browser's goes again.
   */
  const pull = async (name: string): Promise<boolean> => {
    const kept = await remote.get();
    if (!kept || Object.keys(kept.values).length === 0) return false;
    const studio = { writer: kept.writer, savedAt: kept.savedAt };
    const entry = local.getItem(name);
    const mine = keptOf(entry);
    if (holds(mine, studio)) {
      if (entry && !isCopy(mine, studio) && timer === undefined) take(name, valuesOf(entry));
      return false;
    }
    cancel();
    pending = null;
    local.setItem(name, JSON.stringify({ ...kept.values, ...studio, builtOn: adding({}, studio) }));
    say("newerOpened");
    return true;
  };

  const storage: StateStorage = {
    getItem: (name) => local.getItem(name),
    setItem: (name, value) => take(name, JSON.parse(value) as Record<string, unknown>),
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
