"use client";

import { create } from "zustand";
import { PRESENCE_HEARTBEAT_MS, type PresenceMessage, type PresentMember } from "@/lib/studio/presence";
import type { PresenceEvent } from "@/lib/studio/stream-events";

export interface PresenceState {
  /** The page this tab is on, as it tells the relay (a target of lib/studio/presence.ts). */
  on: string | null;
  /** The other members there, as the relay last said, for the page it said it of. */
  seen: { on: string; members: PresentMember[]; total: number } | null;
  /** A page opens (`target`) or closes (`null`, only if it is still the one this tab is on). */
  enter(target: string): void;
  leave(target: string): void;
  receive(event: PresenceEvent): void;
}

/**
 * Where this tab is and who else is there. The page sets `on`; the stream hook sends it to the
 * relay (at once, again after a reconnect, and as a heartbeat) and writes what comes back.
 */
export const usePresenceStore = create<PresenceState>((set) => ({
  on: null,
  seen: null,
  enter: (target) => set((s) => (s.on === target ? s : { on: target, seen: null })),
  leave: (target) => set((s) => (s.on === target ? { on: null, seen: null } : s)),
  receive: (event) =>
    set((s) =>
      s.on === event.on ? { seen: { on: event.on, members: event.members, total: event.total } } : s,
    ),
}));

/** Tells the relay on `socket` where this tab is (if the socket is open). */
export function sendPresence(socket: Pick<WebSocket, "readyState" | "OPEN" | "send"> | null): void {
  if (!socket || socket.readyState !== socket.OPEN) return;
  const message: PresenceMessage = { type: "presence", on: usePresenceStore.getState().on };
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
