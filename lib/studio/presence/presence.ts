import { UUID_RE } from "../ids";

/**
 * Who else is on the same thing now: the item viewer, an experiment's page, a blind vote's page.
 * A tab says what it is on over its live stream (a `presence` message of
 * lib/studio/api/stream-messages.ts); the relay answers with the other members there (`presence`
 * events of lib/studio/api/stream-events.ts). Shared by the server and the browser so both read
 * targets the same way; no zod here, since every page loads it.
 */

/** The kinds of page a member can be seen on. */
export const PRESENCE_KINDS = ["item", "experiment", "vote"] as const;
export type PresenceKind = (typeof PRESENCE_KINDS)[number];

/** What a page is on: `item:<uuid>`, `experiment:<uuid>` or `vote:<uuid>`. */
export type PresenceTarget = `${PresenceKind}:${string}`;

export function presenceTarget(kind: PresenceKind, id: string): PresenceTarget {
  return `${kind}:${id.toLowerCase()}`;
}

/** The kind and id of a target, or null when the text is none (an unknown kind, a malformed id). */
export function parsePresenceTarget(text: unknown): { kind: PresenceKind; id: string } | null {
  if (typeof text !== "string" || text.length > 60) return null;
  const colon = text.indexOf(":");
  const kind = text.slice(0, colon);
  const id = text.slice(colon + 1);
  if (!(PRESENCE_KINDS as readonly string[]).includes(kind) || !UUID_RE.test(id)) return null;
  return { kind: kind as PresenceKind, id: id.toLowerCase() };
}

/** A member seen on a page. */
export interface PresentMember {
  userId: string;
  name: string;
}

/** How often an open page says again that it is still there. */
export const PRESENCE_HEARTBEAT_MS = 20_000;
/**
 * A tab not heard of for this long is gone (a frozen or crashed tab, an instance that stopped
 * without a word): three heartbeats missed, so one late one does not make an avatar blink.
 */
export const PRESENCE_EXPIRY_MS = 60_000;
/** Members named in one `presence` event at most; past that the page shows a count. */
export const PRESENCE_MAX_LISTED = 12;
/** Avatars a page shows before "+N". */
export const PRESENCE_SHOWN = 3;

/** "Grace Hopper" -> "GH"; "ada" -> "A". */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? "") + (parts.length > 1 ? (parts.at(-1)?.[0] ?? "") : "")).toUpperCase() || "?";
}

/** Hues an avatar takes; the member's id picks one, so a person keeps their colour everywhere. */
const HUES = [10, 35, 140, 185, 215, 260, 295, 330] as const;

export function memberHue(userId: string): number {
  let hash = 0;
  for (let i = 0; i < userId.length; i++) hash = (hash * 31 + userId.charCodeAt(i)) >>> 0;
  return HUES[hash % HUES.length] ?? HUES[0];
}
