import "server-only";
import type { PresentMember } from "@/lib/studio/presence/presence";

/** One tab on one page, on this instance or another. */
export interface PresenceEntry {
  userId: string;
  name: string;
  on: string;
}

interface Held extends PresenceEntry {
  /** When the tab came to this page (ms): the order avatars are shown in. */
  since: number;
  /** When it was last heard of (ms): past the expiry it is gone. */
  seenAt: number;
}

/**
 * Who is on which page, across the deployment: every tab by `<instance>/<tab>`, with when it was
 * last heard of. Each change answers the pages (targets) whose members it may have changed, so
 * the caller tells only the tabs there. Pure and clock-free (times are given), so it is tested alone.
 */
export class PresenceStore {
  private readonly tabs = new Map<string, Held>();
  private readonly byTarget = new Map<string, Set<string>>();

  /** A tab is (still) on `entry.on`: a join, a move, or a heartbeat (which changes nothing seen). */
  put(instance: string, tab: string, entry: PresenceEntry, now: number): string[] {
    const key = keyOf(instance, tab);
    const held = this.tabs.get(key);
    if (held && held.on === entry.on && held.userId === entry.userId && held.name === entry.name) {
      held.seenAt = Math.max(held.seenAt, now);
      return [];
    }
    const changed = held ? this.remove(key) : [];
    this.tabs.set(key, { ...entry, since: now, seenAt: now });
    let keys = this.byTarget.get(entry.on);
    if (!keys) {
      keys = new Set();
      this.byTarget.set(entry.on, keys);
    }
    keys.add(key);
    return unique([...changed, entry.on]);
  }

  /** A tab is still where it was (a heartbeat): nothing anyone sees changes. */
  touch(instance: string, tab: string, now: number): void {
    const held = this.tabs.get(keyOf(instance, tab));
    if (held) held.seenAt = Math.max(held.seenAt, now);
  }

  /** A tab left its page (went elsewhere, closed, lost its socket). */
  drop(instance: string, tab: string): string[] {
    return this.remove(keyOf(instance, tab));
  }

  /** Every tab of an instance that stopped. */
  dropInstance(instance: string): string[] {
    const prefix = `${instance}/`;
    const changed: string[] = [];
    for (const key of [...this.tabs.keys()]) if (key.startsWith(prefix)) changed.push(...this.remove(key));
    return unique(changed);
  }

  /** Tabs not heard of since `before` are gone; answers which tabs, and the pages that changed. */
  expire(before: number): { tabs: { instance: string; tab: string }[]; targets: string[] } {
    const tabs: { instance: string; tab: string }[] = [];
    const targets: string[] = [];
    for (const [key, held] of [...this.tabs]) {
      if (held.seenAt >= before) continue;
      const slash = key.indexOf("/");
      tabs.push({ instance: key.slice(0, slash), tab: key.slice(slash + 1) });
      targets.push(...this.remove(key));
    }
    return { tabs, targets: unique(targets) };
  }

  /**
   * The members on a page, each once however many tabs they have there, in the order they came;
   * `except` (the one asking) is left out: nobody sees themself.
   */
  membersOn(target: string, except?: string): PresentMember[] {
    const first = new Map<string, Held>();
    for (const key of this.byTarget.get(target) ?? []) {
      const held = this.tabs.get(key);
      if (!held || held.userId === except) continue;
      const seen = first.get(held.userId);
      if (!seen || held.since < seen.since) first.set(held.userId, held);
    }
    return [...first.values()]
      .sort((a, b) => a.since - b.since || a.userId.localeCompare(b.userId))
      .map((h) => ({ userId: h.userId, name: h.name }));
  }

  /** Tabs held, all instances together. */
  get size(): number {
    return this.tabs.size;
  }

  private remove(key: string): string[] {
    const held = this.tabs.get(key);
    if (!held) return [];
    this.tabs.delete(key);
    const keys = this.byTarget.get(held.on);
    keys?.delete(key);
    if (keys?.size === 0) this.byTarget.delete(held.on);
    return [held.on];
  }
}

function keyOf(instance: string, tab: string): string {
  return `${instance}/${tab}`;
}

function unique(targets: string[]): string[] {
  return [...new Set(targets)];
}
