"use client";

import { create } from "zustand";
import type { PresenceEvent } from "@/lib/studio/api/stream-events";
import type { ClientMessage } from "@/lib/studio/api/stream-messages";
import {
  PRESENCE_HEARTBEAT_MS,
  PRESENCE_MAX_LISTED,
  type PresentMember,
} from "@/lib/studio/presence/presence";

export interface PresenceState {
  /** The page this tab is on, as it tells the relay (a target of lib/studio/presence/presence.ts). */
  on: string | null;
  /** The other members there, as the relay last said, for the page it said it of. */
  seen: { on: string; members: PresentMember[]; total: number } | null;
  /** The signed-in member, as the stream's greeting says: left out of who else is there. */
  me: string | null;
  /** What the relay last said of the page this tab is on (everyone there, this member too). */
  heard: PresenceEvent | null;
  /** A page opens (`target`) or closes (`null`, only if it is still the one this tab is on). */
  enter(target: string): void;
  leave(target: string): void;
  identify(userId: string): void;
  receive(event: PresenceEvent): void;
}

/**
 * Where this tab is and who else is there. The page sets `on`; the stream hook sends it to the
 * relay (at once, again after a reconnect, and as a heartbeat) and writes what comes back.
 */
export const usePresenceStore = create<PresenceState>((set) => ({
  on: null,
  seen: null,
  me: null,
  heard: null,
  enter: (target) => set((s) => (s.on === target ? s : { on: target, seen: null, heard: null })),
  leave: (target) => set((s) => (s.on === target ? { on: null, seen: null, heard: null } : s)),
  // A presence event may come before the greeting: it is read again once the member is known.
  identify: (me) => set((s) => ({ me, seen: s.heard ? othersOf(s.heard, me) : s.seen })),
  receive: (event) =>
    set((s) => (s.on === event.on ? { heard: event, seen: s.me ? othersOf(event, s.me) : null } : s)),
}));

/**
 * Who else is there: the relay sends every tab on a page one list (`PRESENCE_MAX_LISTED` and
 * one more, in the order they came, with the total), this member in it, so each tab leaves its
 * own member out.
 */
export function othersOf(event: PresenceEvent, me: string): NonNullable<PresenceState["seen"]> {
  const others = event.members.filter((m) => m.userId !== me);
  // A tab is sent only the page it is on, so its member is counted in the total even when the
  // list is cut before them.
  const counted = others.length < event.members.length || event.total > event.members.length;
  return {
    on: event.on,
    members: others.slice(0, PRESENCE_MAX_LISTED),
    total: Math.max(0, event.total - (counted ? 1 : 0)),
  };
}

/** Tells the relay on `socket` where this tab is (if the socket is open). */
export function sendPresence(socket: Pick<WebSocket, "readyState" | "OPEN" | "send"> | null): void {
  if (!socket || socket.readyState !== socket.OPEN) return;
  const message: ClientMessage = { type: "presence", on: usePresenceStore.getState().on };
  socket.send(JSON.stringify(message));
}

/**
 * Keeps the relay told where this tab is: each time the page changes, and every heartbeat while
 * it is on one (a tab that stops saying so is taken for gone). Answers how to stop.
 */
export function keepPresenceSent(
  socket: () => Pick<WebSocket, "readyState" | "OPEN" | "send"> | null,
): () => void {
  // One page closing and the next opening happen in one render: only where the tab ends up is
  // sent, not the "nowhere" in between (the relay counts a tab's messages).
  let queued = false;
  const unsubscribe = usePresenceStore.subscribe((s, before) => {
    if (s.on === before.on || queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      sendPresence(socket());
    });
  });
  const heartbeat = setInterval(() => {
    if (usePresenceStore.getState().on !== null) sendPresence(socket());
  }, PRESENCE_HEARTBEAT_MS);
  return () => {
    unsubscribe();
    clearInterval(heartbeat);
  };
}
