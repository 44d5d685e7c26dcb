import "server-only";
import { randomUUID } from "node:crypto";
import { logger } from "@/lib/platform/logger";
import type { PresenceEvent } from "@/lib/studio/api/stream-events";
import {
  PRESENCE_EXPIRY_MS,
  PRESENCE_HEARTBEAT_MS,
  PRESENCE_MAX_LISTED,
  type PresenceKind,
  type PresentMember,
  parsePresenceTarget,
} from "@/lib/studio/presence/presence";
import { isRole } from "@/lib/studio/roles";
import { type PresenceBus, type PresenceNews, piecesOf } from "./bus";
import { type PresenceEntry, PresenceStore } from "./store";

/** One browser tab's stream, as presence sees it. */
export interface PresenceTab {
  id: string;
  userId: string;
  role: string;
  send(event: PresenceEvent): void;
}

export interface PresenceHubOptions {
  bus: PresenceBus;
  /** Whether a member may see the thing (and it exists); asked when a tab comes to a page. */
  mayView(
    member: { userId: string; role: string },
    target: { kind: PresenceKind; id: string },
  ): Promise<boolean>;
  /** The name shown on a member's avatar, or null for no (active) member. */
  nameOf(userId: string): Promise<string | null>;
  /** This instance's id among those sharing the bus (default: new at each start). */
  instance?: string;
  now?: () => number;
  /** A tab (or an instance's word for it) not heard of for this long is gone. */
  expiryMs?: number;
  /** How often this instance says again which tabs it holds, and drops the expired. */
  sweepMs?: number;
}

interface Local {
  tab: PresenceTab;
  on: string | null;
  /** The member's name as shown, once known. */
  name: string;
  /** Bumped by each message, so a slow access check does not undo a later move. */
  asked: number;
  /** The event this tab was last sent, so it is sent only a new one. */
  told: PresenceEvent | null;
}

/**
 * Presence for one instance: the tabs whose sockets it holds, and (through the bus) the other
 * instances' tabs. A tab says where it is; when a page's members change, each tab on it here is
 * told who is there. A tab leaving (a move, a closed socket) is announced at once; one not heard
 * of for `expiryMs` (a frozen tab, an instance that died) expires everywhere.
 *
 * What a change costs does not grow with who watches: changes are gathered for one turn of the
 * event loop (`setImmediate`), then each page that changed is read once and made into one event,
 * the same object for every tab there (the relay encodes an object once for all its sockets), and
 * the turn's joins and leaves cross to the other instances as one announcement. Every tab is in
 * the list it is sent (a tab is told only of the page it is on), and the browser leaves its own
 * member out; so one event serves every member (a list per tab would cost each change the square
 * of the tabs on the page).
 */
export class PresenceHub {
  readonly instance: string;
  private readonly store = new PresenceStore();
  private readonly locals = new Map<string, Local>();
  /** The tabs here on each page, so a change is told without walking every tab. */
  private readonly watchers = new Map<string, Set<Local>>();
  /** The event each watched page was last told, so one that changed nothing is not sent again. */
  private readonly lastTold = new Map<string, PresenceEvent>();
  /** Pages whose members may have changed this turn. */
  private readonly dirty = new Set<string>();
  /** This turn's news of this instance's tabs for the others: where each went, or null for gone. */
  private readonly news = new Map<string, ({ t: string } & PresenceEntry) | null>();
  private flushing: Promise<void> | null = null;
  /** Access checks under way, so many tabs of one member coming to one page ask once. */
  private readonly checks = new Map<string, Promise<[boolean, string | null]>>();
  private readonly now: () => number;
  private readonly expiryMs: number;
  private readonly sweepMs: number;
  private stopListening: (() => Promise<void>) | null = null;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(private readonly options: PresenceHubOptions) {
    this.instance = options.instance ?? randomUUID();
    this.now = options.now ?? Date.now;
    this.expiryMs = options.expiryMs ?? PRESENCE_EXPIRY_MS;
    this.sweepMs = options.sweepMs ?? PRESENCE_HEARTBEAT_MS;
  }

  /** Listens to the other instances and asks them for the tabs they hold. */
  async start(): Promise<void> {
    this.stopListening = await this.options.bus.listen(
      (news) => this.heard(news),
      () => this.publish({ i: this.instance, k: "ask" }),
    );
    this.publish({ i: this.instance, k: "ask" });
    this.timer = setInterval(() => this.sweep(), this.sweepMs);
    this.timer.unref();
  }

  /**
   * A tab is on `on` now (`null`: on nothing it shares): a move, or the same page again.
   * Resolves once the tabs concerned here have been told.
   */
  async say(tab: PresenceTab, on: string | null): Promise<void> {
    let local = this.locals.get(tab.id);
    if (!local) {
      local = { tab, on: null, name: "", asked: 0, told: null };
      this.locals.set(tab.id, local);
    }
    const asked = ++local.asked;
    const target = parsePresenceTarget(on);
    const key = target ? `${target.kind}:${target.id}` : null;
    if (key !== null && key === local.on) {
      this.store.touch(this.instance, tab.id, this.now());
      return;
    }
    // Off the old page at once; onto the new one once the member may see it.
    this.leavePage(local);
    if (!target || key === null) return this.flushed();
    const [allowed, name] = await this.access(tab, target, key);
    if (this.closed || this.locals.get(tab.id) !== local || local.asked !== asked) return;
    if (!allowed || name === null) return this.flushed();
    local.on = key;
    local.name = name;
    local.told = null;
    indexed(this.watchers, key).add(local);
    const entry = { userId: tab.userId, name, on: key };
    this.news.set(tab.id, { t: tab.id, ...entry });
    this.changed(this.store.put(this.instance, tab.id, entry, this.now()));
    return this.flushed();
  }

  /** The tab's socket closed: it leaves its page, and nothing of it is kept. */
  leave(tabId: string): void {
    const local = this.locals.get(tabId);
    if (!local) return;
    this.leavePage(local);
    this.locals.delete(tabId);
  }

  /** Expires the silent and says again which tabs this instance holds (every `sweepMs`). */
  sweep(): void {
    const { tabs, targets } = this.store.expire(this.now() - this.expiryMs);
    for (const { instance, tab } of tabs) {
      const local = instance === this.instance ? this.locals.get(tab) : undefined;
      if (local) this.unwatch(local);
      if (instance === this.instance) this.news.set(tab, null);
    }
    this.changed(targets);
    this.announce();
  }

  /** Members on a page as this instance knows them (tests, metrics). */
  membersOn(target: string, except?: string) {
    return this.store.membersOn(target, except);
  }

  /** Resolves once this turn's changes have been told here and announced to the others. */
  flushed(): Promise<void> {
    if (this.dirty.size === 0 && this.news.size === 0) return Promise.resolve();
    this.flushing ??= new Promise<void>((resolve) =>
      setImmediate(() => {
        this.flushing = null;
        this.flush();
        resolve();
      }),
    );
    return this.flushing;
  }

  /** What the hub holds, for tests that check closed tabs left nothing behind. */
  sizes(): { tabs: number; watched: number; told: number; held: number; pending: number; checks: number } {
    return {
      tabs: this.locals.size,
      watched: this.watchers.size,
      told: this.lastTold.size,
      held: this.store.size,
      pending: this.dirty.size + this.news.size,
      checks: this.checks.size,
    };
  }

  /** Tells the others this instance's tabs are gone, and stops. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.options.bus.publish({ i: this.instance, k: "gone" }).catch(() => undefined);
    await this.stopListening?.();
  }

  /** Whether the member may be shown on the page, and under which name: asked once for all the tabs asking now. */
  private access(tab: PresenceTab, target: { kind: PresenceKind; id: string }, key: string) {
    const id = `${tab.userId}\n${tab.role}\n${key}`;
    let check = this.checks.get(id);
    if (!check) {
      check = Promise.all([
        isRole(tab.role) ? this.options.mayView(tab, target).catch(() => false) : false,
        this.options.nameOf(tab.userId).catch(() => null),
      ]).finally(() => this.checks.delete(id));
      this.checks.set(id, check);
    }
    return check;
  }

  private leavePage(local: Local): void {
    if (local.on === null) return;
    this.unwatch(local);
    this.news.set(local.tab.id, null);
    this.changed(this.store.drop(this.instance, local.tab.id));
  }

  /** The tab is on no page here any more. */
  private unwatch(local: Local): void {
    if (local.on === null) return;
    const watching = this.watchers.get(local.on);
    watching?.delete(local);
    if (watching?.size === 0) {
      this.watchers.delete(local.on);
      this.lastTold.delete(local.on);
    }
    local.on = null;
    local.told = null;
  }

  private heard(news: PresenceNews): void {
    if (news.i === this.instance || this.closed) return;
    const now = this.now();
    switch (news.k) {
      case "set":
        this.changed(news.tabs.flatMap(({ t, ...entry }) => this.store.put(news.i, t, entry, now)));
        return;
      case "drop":
        this.changed(news.tabs.flatMap((t) => this.store.drop(news.i, t)));
        return;
      case "gone":
        this.changed(this.store.dropInstance(news.i));
        return;
      case "ask":
        this.announce();
        return;
    }
  }

  /** Every tab of this instance that is on a page, for the other instances to refresh. */
  private announce(): void {
    const tabs = [...this.locals.values()].flatMap(({ tab, on, name }) =>
      on === null ? [] : [{ t: tab.id, userId: tab.userId, name, on }],
    );
    if (tabs.length > 0) this.publish({ i: this.instance, k: "set", tabs });
  }

  /** These pages' members may have changed: their tabs here are told at the end of the turn. */
  private changed(targets: string[]): void {
    for (const target of targets) if (this.watchers.has(target)) this.dirty.add(target);
    void this.flushed();
  }

  private flush(): void {
    if (this.closed) {
      this.dirty.clear();
      this.news.clear();
      return;
    }
    for (const target of this.dirty) {
      const watching = this.watchers.get(target);
      if (!watching) continue;
      const members = this.store.membersOn(target);
      const last = this.lastTold.get(target);
      // One more than a page names: the tab's own member is among them, and the browser leaves it out.
      const listed = members.slice(0, PRESENCE_MAX_LISTED + 1);
      const event: PresenceEvent =
        last && last.total === members.length && sameMembers(last.members, listed)
          ? last
          : { type: "presence", on: target, members: listed, total: members.length };
      this.lastTold.set(target, event);
      for (const local of watching) {
        if (local.told === event) continue;
        local.told = event;
        local.tab.send(event);
      }
    }
    this.dirty.clear();
    const drops: string[] = [];
    const sets: ({ t: string } & PresenceEntry)[] = [];
    for (const [tab, entry] of this.news) {
      if (entry) sets.push(entry);
      else drops.push(tab);
    }
    this.news.clear();
    if (drops.length > 0) this.publish({ i: this.instance, k: "drop", tabs: drops });
    if (sets.length > 0) this.publish({ i: this.instance, k: "set", tabs: sets });
  }

  private publish(news: PresenceNews): void {
    if (this.closed) return;
    for (const piece of piecesOf(news))
      this.options.bus.publish(piece).catch((err: unknown) => {
        logger().warn({ err }, "Could not tell the other instances who is on which page");
      });
  }
}

function sameMembers(a: PresentMember[], b: PresentMember[]): boolean {
  return a.length === b.length && a.every((m, i) => m.userId === b[i]?.userId && m.name === b[i]?.name);
}

function indexed<T>(index: Map<string, Set<T>>, key: string): Set<T> {
  let set = index.get(key);
  if (!set) {
    set = new Set();
    index.set(key, set);
  }
  return set;
}
