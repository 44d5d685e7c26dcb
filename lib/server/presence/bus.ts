import "server-only";
import { sql } from "drizzle-orm";
import { logger } from "@/lib/platform/logger";
import type { OpenedDatabase } from "@/lib/server/db/database";
import type { PresenceEntry } from "./store";

/**
 * What instances tell each other about the tabs they hold. Presence is ephemeral: it crosses
 * instances as announcements only, never as rows, and whatever is lost is made good by the next
 * `set` (each instance says again every tab it holds, every heartbeat) or by expiry.
 */
export type PresenceNews =
  /** These tabs are on these pages (joined, moved, or still there). */
  | { i: string; k: "set"; tabs: ({ t: string } & PresenceEntry)[] }
  /** These tabs left. */
  | { i: string; k: "drop"; tabs: string[] }
  /** This instance stops: all its tabs are gone. */
  | { i: string; k: "gone" }
  /** This instance has just started (or lost announcements): everyone, say your tabs again. */
  | { i: string; k: "ask" };

export interface PresenceBus {
  publish(news: PresenceNews): Promise<void>;
  /** Every announcement, this instance's own included; `onResumed` after some may have been lost. */
  listen(onNews: (news: PresenceNews) => void, onResumed: () => void): Promise<() => Promise<void>>;
}

export const PRESENCE_CHANNEL = "studio_presence";
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; a long `set` goes in pieces (`piecesOf`). */
const MAX_PAYLOAD_BYTES = 7500;

/** Splits news too big for one announcement into several. */
export function piecesOf(news: PresenceNews, maxBytes = MAX_PAYLOAD_BYTES): PresenceNews[] {
  if (news.k !== "set" && news.k !== "drop") return [news];
  if (Buffer.byteLength(JSON.stringify(news)) < maxBytes || news.tabs.length <= 1) return [news];
  const half = Math.ceil(news.tabs.length / 2);
  const halves: PresenceNews[] =
    news.k === "set"
      ? [news.tabs.slice(0, half), news.tabs.slice(half)].map((tabs) => ({ ...news, tabs }))
      : [news.tabs.slice(0, half), news.tabs.slice(half)].map((tabs) => ({ ...news, tabs }));
  return halves.flatMap((piece) => piecesOf(piece, maxBytes));
}

export function parseNews(payload: string): PresenceNews | null {
  try {
    const news = JSON.parse(payload) as Partial<PresenceNews> & { tabs?: unknown };
    if (typeof news.i !== "string") return null;
    if (news.k === "gone" || news.k === "ask") return { i: news.i, k: news.k };
    if (!Array.isArray(news.tabs)) return null;
    if (news.k === "drop")
      return { i: news.i, k: "drop", tabs: news.tabs.filter((t) => typeof t === "string") };
    if (news.k !== "set") return null;
    const tabs = (news.tabs as unknown[]).filter((tab): tab is { t: string } & PresenceEntry => {
      const t = tab as Partial<Record<string, unknown>> | null;
      return (
        typeof t?.t === "string" &&
        typeof t.userId === "string" &&
        typeof t.name === "string" &&
        typeof t.on === "string"
      );
    });
    return { i: news.i, k: "set", tabs };
  } catch {
    return null;
  }
}

/** Announcements on the studio's database (LISTEN/NOTIFY): nothing is stored. */
export class DatabasePresenceBus implements PresenceBus {
  constructor(private readonly database: Pick<OpenedDatabase, "db" | "listen">) {}

  async publish(news: PresenceNews): Promise<void> {
    await this.database.db.execute(sql`select pg_notify(${PRESENCE_CHANNEL}, ${JSON.stringify(news)})`);
  }

  listen(onNews: (news: PresenceNews) => void, onResumed: () => void): Promise<() => Promise<void>> {
    return this.database.listen(
      PRESENCE_CHANNEL,
      (payload) => {
        const news = parseNews(payload);
        if (news) onNews(news);
        else logger().debug("Ignored a malformed presence announcement");
      },
      onResumed,
    );
  }
}

/** Several instances' buses in one process, for tests: what one publishes, all hear. */
export class MemoryPresenceBus implements PresenceBus {
  private readonly listeners: Set<(news: PresenceNews) => void>;

  constructor(shared?: MemoryPresenceBus) {
    this.listeners = shared ? shared.listeners : new Set();
  }

  async publish(news: PresenceNews): Promise<void> {
    // Through JSON, as over the database: nothing is shared by reference.
    const copy = JSON.parse(JSON.stringify(news)) as PresenceNews;
    for (const listener of [...this.listeners]) listener(copy);
  }

  async listen(onNews: (news: PresenceNews) => void): Promise<() => Promise<void>> {
    this.listeners.add(onNews);
    return async () => {
      this.listeners.delete(onNews);
    };
  }
}
