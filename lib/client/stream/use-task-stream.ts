"use client";

import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import { experimentEnded, setDoneAlertMember, taskMoved } from "@/lib/client/done-alerts/done-alerts";
import { applyGalleryChange } from "@/lib/client/stream/gallery-live";
import { taskLeftWaiting } from "@/lib/client/stream/queue-live";
import { STREAM_PATH, type StreamStart } from "@/lib/studio/api/stream";
import { readStreamFrame } from "@/lib/studio/api/stream-frame";
import type { StreamFrame } from "@/lib/studio/api/stream-messages";
import {
  addGalleryItem,
  addTaskItem,
  allTasksKey,
  galleryKey,
  patchTask,
  tasksKey,
  updateTask,
} from "../gallery/cache";
import { keepPresenceSent, sendPresence, usePresenceStore } from "../presence/presence-store";
import { useStreamStore } from "../shell/stream-store";
import { afterStreamClose } from "./stream-reconnect";

/**
 * One WebSocket to the studio's relay per tab. Results and task progress are written into the
 * TanStack Query cache as they arrive. After a drop it reconnects with backoff and jitter and
 * resumes from the last event it saw; when the relay can no longer fill the gap (a restart, a long
 * absence) it refetches the gallery and the queue over HTTP instead. The relay closes it on purpose
 * when the session ends (then the tab goes to sign-in) or the role changes (then it reconnects at
 * once and the page is rendered again for the new role); one socket too many of the member's
 * waits a minute or more before trying again (lib/client/stream/stream-reconnect.ts). It also
 * carries where the tab is, for the avatars of who else is there (lib/client/presence/presence-store.ts).
 *
 * `start`: the relay's position when the page was rendered. The page's queries read after it, and
 * the first socket asks for every event since it, so one that came between a query's read and the
 * socket's joining (a result, a cell of an experiment) is replayed instead of lost. Only the first
 * render's counts: a refreshed layout does not move a stream already running.
 */
export function useTaskStream(start?: StreamStart): void {
  const client = useQueryClient();
  const router = useRouter();
  const setState = useStreamStore((s) => s.set);
  const startedAt = useRef(start);

  useEffect(() => {
    let socket: WebSocket | null = null;
    const position: StreamPosition = startedAt.current
      ? { epoch: startedAt.current.epoch, since: startedAt.current.since }
      : { epoch: null, since: 0 };
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const refetch = () => refetchAll(client);
    const handle = (event: StreamFrame) => applyFrame(client, event, position, refetch);

    const connect = () => {
      const scheme = window.location.protocol === "https:" ? "wss" : "ws";
      const { epoch, since } = position;
      const query = epoch ? `?epoch=${encodeURIComponent(epoch)}&since=${since}` : "";
      const ws = new WebSocket(`${scheme}://${window.location.host}${STREAM_PATH}${query}`);
      socket = ws;
      ws.onopen = () => {
        attempt = 0;
        setState("live");
        // A new socket is a new tab to the relay: it says again where it is.
        sendPresence(ws);
      };
      ws.onmessage = (message) => {
        // A frame outside the stream's declarations is dropped; the next reset or refetch repairs
        // what it carried. Checked against the declarations' shape, without loading zod.
        const frame = readStreamFrame(String(message.data));
        if (frame) handle(frame);
      };
      ws.onclose = (event) => {
        if (stopped || socket !== ws) return;
        socket = null;
        const next = afterStreamClose(event.code, attempt, { online: navigator.onLine });
        if (next.kind === "signIn") {
          stopped = true;
          // Where signing out leads too: the tab that signed out may be on its way there already.
          window.location.assign("/sign-in");
          return;
        }
        setState("reconnecting");
        attempt = next.attempt;
        if (next.refresh) {
          router.refresh();
          refetch();
        }
        // Resuming from the last event it holds; a renewed session's cookie holds the new one.
        if (next.delayMs === 0) connect();
        else timer = setTimeout(connect, next.delayMs);
      };
    };

    // A socket can outlive the network it was opened on without noticing for minutes; the
    // browser's own word is faster: drop it when offline, reconnect at once when back.
    const offline = () => {
      clearTimeout(timer);
      setState("reconnecting");
      const s = socket;
      socket = null;
      if (s) {
        s.onclose = null;
        s.close();
      }
    };
    const online = () => {
      if (socket || stopped) return;
      clearTimeout(timer);
      attempt = 0;
      connect();
    };
    window.addEventListener("offline", offline);
    window.addEventListener("online", online);

    const stopPresence = keepPresenceSent(() => socket);
    connect();
    return () => {
      stopped = true;
      stopPresence();
      clearTimeout(timer);
      window.removeEventListener("offline", offline);
      window.removeEventListener("online", online);
      socket?.close();
    };
  }, [client, router, setState]);
}

/** The last event the tab holds, where a reconnect resumes from. */
interface StreamPosition {
  epoch: string | null;
  since: number;
}

function refetchAll(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: galleryKey });
  void client.invalidateQueries({ queryKey: tasksKey });
  // Each open result strip asks for its tasks again: what finished while away shows up.
  void client.invalidateQueries({ queryKey: allTasksKey });
}

/** Writes a frame into the query cache (or the presence store) and moves `position` past it. */
function applyFrame(
  client: QueryClient,
  event: StreamFrame,
  position: StreamPosition,
  refetch: () => void,
): void {
  switch (event.type) {
    case "hello":
      usePresenceStore.getState().identify(event.userId);
      setDoneAlertMember(event.userId);
      // A resuming tab keeps its own position: replayed events follow this greeting.
      if (position.epoch !== event.epoch) {
        if (position.epoch !== null) refetch();
        position.epoch = event.epoch;
        position.since = event.seq;
      }
      return;
    case "presence":
      // Ephemeral: no seq to keep.
      usePresenceStore.getState().receive(event);
      return;
    case "reset":
      position.epoch = event.epoch;
      position.since = event.seq;
      refetch();
      return;
    case "item":
      addGalleryItem(client, event.item);
      addTaskItem(client, event.item);
      break;
    case "task":
      updateTask(client, event.task);
      patchTask(client, event.task);
      taskMoved(event.task);
      taskLeftWaiting(client, event.task);
      break;
    case "gallery":
      applyGalleryChange(client, event.change);
      if (event.change.kind === "experiment" && event.change.ended) {
        experimentEnded({ experimentId: event.change.experimentId, ...event.change.ended });
      }
      break;
  }
  position.since = Math.max(position.since, event.seq);
}
