"use client";

import type { DoneAlertSettings } from "@/lib/studio/api/done-alerts";
import type { TaskUpdate } from "@/lib/studio/items/gallery-item";
import { playChime } from "./chime";
import { type DoneAlert, DoneTracker, howToTell, type SentBatch } from "./done-tracker";

/**
 * The tab's one tracker of the member's work, fed by the Create pages (what was sent) and the live
 * stream (what ended), and what it does with an alert: a browser notification that brings the tab
 * forward on the result when clicked, and a chime, as the member chose in Settings.
 */
const tracker = new DoneTracker();
let settings: DoneAlertSettings = { notify: false, sound: false };
let me: string | null = null;
let open: (href: string) => void = (href) => window.location.assign(href);

export function setDoneAlertSettings(next: DoneAlertSettings): void {
  settings = next;
}

export function setDoneAlertMember(userId: string): void {
  me = userId;
}

export function setDoneAlertNavigation(navigate: (href: string) => void): void {
  open = navigate;
}

function permission(): string {
  return typeof Notification === "undefined" ? "unsupported" : Notification.permission;
}

function tell(alert: DoneAlert | null): void {
  if (!alert) return;
  const how = howToTell(alert, { ...settings, hidden: document.hidden, permission });
  if (how.show) {
    try {
      const note = new Notification(alert.title, { body: alert.body, tag: alert.tag });
      note.onclick = () => {
        window.focus();
        open(alert.href);
        note.close();
      };
    } catch {
      // Some browsers allow notifications only from a service worker: the chime still sounds.
    }
  }
  if (how.chime) playChime();
}

export function batchSent(batch: SentBatch): void {
  tell(tracker.sent(batch));
}

export function taskMoved(update: TaskUpdate): void {
  tell(tracker.task(update));
}

export function experimentEnded(ended: { experimentId: string; by: string; name: string }): void {
  tell(tracker.experimentEnded(ended, me));
}

/** Asks the browser to allow notifications; answers whether it does. */
export async function askNotificationPermission(): Promise<"granted" | "denied" | "default" | "unsupported"> {
  if (typeof Notification === "undefined") return "unsupported";
  if (Notification.permission !== "default") return Notification.permission;
  return Notification.requestPermission();
}
