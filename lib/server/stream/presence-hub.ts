import "server-only";
import { randomUUID } from "node:crypto";
import type { RawData } from "ws";
import { logger } from "@/lib/platform/logger";
import {
  PRESENCE_EXPIRY_MS,
  PRESENCE_HEARTBEAT_MS,
  PRESENCE_MAX_LISTED,
  type PresenceKind,
  parsePresenceTarget,
  presenceMessage,
} from "@/lib/studio/presence";
import { isRole } from "@/lib/studio/roles";
import type { PresenceEvent } from "@/lib/studio/stream-events";
import { type PresenceBus, type PresenceNews, piecesOf } from "./presence-bus";
import { PresenceStore } from "./presence-store";

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
  /** What this tab was last told, so it is told only what changed. */
  told: string | null;
}

/**
 * Presence for one instance: the tabs whose sockets it holds, and (through the bus) the other
 * instances' tabs. A tab says where it is; when a page's members change, each tab on it here is
 * told the others there (not itself, each member once). A tab leaving (a move, a closed socket)
 * is announced at once; one not heard of for `expiryMs` (a frozen tab, an instance that died)
 * expires everywhere.
 */
export class PresenceHub {
  readonly instance: string;
  private readonly store = new PresenceStore();
  private readonly locals = new Map<string, Local>();
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

  /** A tab is on `on` now (`null`: on nothing it shares): a move, or the same page again. */
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
    if (!target || key === null) return;
    const [allowed, name] = await Promise.all([
      isRole(tab.role) ? this.options.mayView(tab, target).catch(() => false) : false,
      this.options.nameOf(tab.userId).catch(() => null),
    ]);
    if (this.closed || this.locals.get(tab.id) !== local || local.asked !== asked) return;
    if (!allowed || name === null) return;
    local.on = key;
    local.name = name;
    local.told = null;
    const entry = { userId: tab.userId, name, on: key };
    this.tell(this.store.put(this.instance, tab.id, entry, this.now()));
    this.publish({ i: this.instance, k: "set", tabs: [{ t: tab.id, ...entry }] });
  }

  /** The tab's socket closed. */
  leave(tabId: string): void {
    const local = this.locals.get(tabId);
    if (!local) return;
    this.leavePage(local);
    this.locals.delete(tabId);
  }

  /** Expires the silent and says again which tabs this instance holds (every `sweepMs`). */
  sweep(): void {
    const { tabs, targets } = this.store.expire(this.now() - this.expiryMs);
    const mine = tabs.filter((t) => t.instance === this.instance).map((t) => t.tab);
    for (const id of mine) {
      const local = this.locals.get(id);
      if (local) local.on = null;
    }
    if (mine.length > 0) this.publish({ i: this.instance, k: "drop", tabs: mine });
    this.tell(targets);
    this.announce();
  }

  /** Members on a page as this instance knows them (tests, metrics). */
  membersOn(target: string, except?: string) {
    return this.store.membersOn(target, except);
  }

  /** Tells the others this instance's tabs are gone, and stops. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.options.bus.publish({ i: this.instance, k: "gone" }).catch(() => undefined);
    await this.stopListening?.();
  }

  private leavePage(local: Local): void {
    if (local.on === null) return;
    local.on = null;
    local.told = null;
    this.tell(this.store.drop(this.instance, local.tab.id));
    this.publish({ i: this.instance, k: "drop", tabs: [local.tab.id] });
  }

  private heard(news: PresenceNews): void {
    if (news.i === this.instance || this.closed) return;
    const now = this.now();
    switch (news.k) {
      case "set":
        this.tell(news.tabs.flatMap(({ t, ...entry }) => this.store.put(news.i, t, entry, now)));
        return;
      case "drop":
        this.tell(news.tabs.flatMap((t) => this.store.drop(news.i, t)));
        return;
      case "gone":
        this.tell(this.store.dropInstance(news.i));
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

  /** Tells each tab here on one of these pages who else is there, when that changed. */
  private tell(targets: string[]): void {
    if (targets.length === 0) return;
    const changed = new Set(targets);
    for (const local of this.locals.values()) {
      if (local.on === null || !changed.has(local.on)) continue;
      const members = this.store.membersOn(local.on, local.tab.userId);
      const event: PresenceEvent = {
        type: "presence",
        on: local.on,
        members: members.slice(0, PRESENCE_MAX_LISTED),
        total: members.length,
      };
      const told = JSON.stringify(event);
      if (told === local.told) continue;
      local.told = told;
      local.tab.send(event);
    }
  }

  private publish(news: PresenceNews): void {
    if (this.closed) return;
    for (const piece of piecesOf(news))
      this.options.bus.publish(piece).catch((err: unknown) => {
        logger().warn({ err }, "Could not tell the other instances who is on which page");
      });
  }
}

/** Messages a tab may send per `MESSAGE_WINDOW_MS`; more are ignored (each may cost a query). */
export const MAX_MESSAGES = 20;
const MESSAGE_WINDOW_MS = 10_000;

/**
 * What a tab's socket does with what the browser sends: `{ type: "presence", on }` goes to the
 * hub while the socket is still the member's (`open`); anything else, or too much, is ignored.
 */
export function tabMessages(
  presence: Pick<PresenceHub, "say">,
  tab: PresenceTab,
  open: () => boolean,
  now: () => number = Date.now,
): (data: RawData, isBinary: boolean) => void {
  let window = { from: now(), count: 0 };
  return (data, isBinary) => {
    if (isBinary || !open()) return;
    if (now() - window.from > MESSAGE_WINDOW_MS) window = { from: now(), count: 0 };
    if (++window.count > MAX_MESSAGES) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(String(data));
    } catch {
      return;
    }
    const message = presenceMessage.safeParse(parsed);
    if (message.success) void presence.say(tab, message.data.on);
  };
}
