/**
 * The canvas kept in two places: this browser's localStorage, read at once for the first paint,
 * and the studio, as the member's `canvas` draft, so it follows them to another tab or device.
 * Every copy carries `savedAt`, when it was taken; the later copy wins wherever it is read, and
 * the studio refuses a save taken before the copy it keeps, so no tab overwrites a newer canvas.
 * A copy opened from elsewhere counts as seen: what this tab takes next is later than it, even if
 * the other device's clock runs ahead.
 */
import type { StateStorage } from "zustand/middleware";

export interface CanvasRemote {
  get(): Promise<{ values: Record<string, unknown>; savedAt: number } | null>;
  /** "stale": the studio keeps a copy taken later. Throws when the studio cannot be reached. */
  put(values: Record<string, unknown>, savedAt: number): Promise<"saved" | "stale">;
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

/** The stored entry's time, 0 for none or one kept before copies carried a time. */
export function savedAtOf(entry: string | null): number {
  if (!entry) return 0;
  try {
    const parsed = JSON.parse(entry) as { savedAt?: unknown };
    return typeof parsed.savedAt === "number" && Number.isFinite(parsed.savedAt) ? parsed.savedAt : 0;
  } catch {
    return 0;
  }
}

function withoutTime(entry: string): Record<string, unknown> {
  const { savedAt: _, ...values } = JSON.parse(entry) as Record<string, unknown>;
  return values;
}

export function createCanvasSync({ local, remote, delayMs, onStatus, clock = Date.now }: CanvasSyncOptions) {
  let lastTaken = 0;
  let pending: Pending | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const say = (status: SyncStatus) => onStatus?.(status);

  const takenAt = (name: string) => {
    lastTaken = Math.max(clock(), lastTaken + 1, savedAtOf(local.getItem(name)) + 1);
    return lastTaken;
  };

  const cancel = () => {
    clearTimeout(timer);
    timer = undefined;
  };

  /**
   * Opens the studio's copy when it is newer than this browser's; true when it did. After the
   * studio refused this browser's copy (`refused`), a copy taken in the same millisecond elsewhere
   * is the one kept, and is opened too.
   */
  const pull = async (name: string, refused = false): Promise<boolean> => {
    const kept = await remote.get();
    if (!kept || Object.keys(kept.values).length === 0) return false;
    const mine = Math.max(savedAtOf(local.getItem(name)), pending?.savedAt ?? 0);
    if (kept.savedAt < mine || (kept.savedAt === mine && !refused)) return false;
    cancel();
    pending = null;
    lastTaken = Math.max(lastTaken, kept.savedAt);
    local.setItem(name, JSON.stringify({ ...kept.values, savedAt: kept.savedAt }));
    say("newerOpened");
    return true;
  };

  let onNewer: (() => void) | null = null;

  const send = async () => {
    const copy = pending;
    if (!copy) return;
    pending = null;
    try {
      const outcome = await remote.put(copy.values, copy.savedAt);
      if (outcome === "saved") {
        if (!pending) say("saved");
        return;
      }
      if (await pull(copy.name, true)) onNewer?.();
    } catch {
      if (!pending) say("failed");
    }
  };

  const storage: StateStorage = {
    getItem: (name) => local.getItem(name),
    setItem: (name, value) => {
      const savedAt = takenAt(name);
      const entry = JSON.stringify({ ...(JSON.parse(value) as Record<string, unknown>), savedAt });
      local.setItem(name, entry);
      pending = { name, values: withoutTime(entry), savedAt };
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
    /** Called when a save found a newer copy and opened it, so the canvas reads it again. */
    onNewer(fn: () => void) {
      onNewer = fn;
    },
  };
}

export type CanvasSync = ReturnType<typeof createCanvasSync>;
