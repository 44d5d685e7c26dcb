"use client";

import { useCallback, useRef, useState } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { api } from "@/lib/studio/api/addresses";
import type { DraftSlug } from "@/lib/studio/api/drafts";
import { ApiError } from "@/lib/studio/api/errors";
import { urlOf } from "@/lib/studio/api/url";
import type { WorkflowSlug } from "@/lib/studio/workflow-of";
import { call } from "../endpoint-client";
import { newId } from "../new-id";
import type { DraftCheck } from "./draft-check";

/** Long enough to save once per pause in typing, short enough that a reload right after keeps it. */
const SAVE_DELAY_MS = 500;

export type DraftStatus =
  | { kind: "none" }
  | { kind: "saving" }
  | { kind: "saved"; at: number }
  | { kind: "newerElsewhere" }
  /** A newer copy, saved from another tab or device, was opened in place of this one (the canvas). */
  | { kind: "newerOpened" }
  | { kind: "failed" }
  | { kind: "cleared"; previous: Record<string, unknown> }
  /** A teammate's setup is open; the member's own draft is untouched until they change something. */
  | { kind: "setup"; author: string | null };

/** This tab, to the studio: its saves are ordered among themselves, another device's by arrival. */
export const draftWriter = newId();

let lastTaken = 0;
/** When this copy of the form was taken: never twice the same, so a tab's own saves stay in order. */
function takenAt(): number {
  lastTaken = Math.max(Date.now(), lastTaken + 1);
  return lastTaken;
}

export interface DraftStart {
  /** The values the form opens with, checked; null: nothing stored, the form keeps its defaults. */
  opened: DraftCheck | null;
  /** Why nothing could be opened, in words. */
  problem: string | null;
}

/**
 * A Create form's draft, kept by the studio per member and workflow: read when the page opens
 * (or a teammate's setup, by `?setup=`), saved a moment after each change with this tab's id and
 * the time it was taken (a later copy of this tab is never overwritten by an earlier one arriving
 * late; another device's save received later wins whatever its clock says), and sent once more as
 * the tab goes away.
 */
export function useDraft(
  slug: string,
  form: UseFormReturn<FieldValues>,
  check: (draft: unknown) => DraftCheck,
) {
  const workflow = slug as WorkflowSlug;
  const [status, setStatus] = useState<DraftStatus>({ kind: "none" });
  const unsaved = useRef<{ values: Record<string, unknown>; savedAt: number; writer?: string } | null>(null);
  /** Set while the form is emptied by "Clear draft": that reset is not a change to save. */
  const clearing = useRef(false);

  const save = useCallback(
    async (values: Record<string, unknown>) => {
      const copy = { values, savedAt: takenAt(), writer: draftWriter };
      unsaved.current = copy;
      setStatus((s) => (s.kind === "saving" ? s : { kind: "saving" }));
      // A teammate's setup became the member's own draft: a reload now opens the draft.
      if (new URLSearchParams(window.location.search).has("setup")) {
        window.history.replaceState(window.history.state, "", `/create/${slug}`);
      }
      try {
        const { draft } = await call(api.drafts.save, { params: { workflow }, body: copy });
        if (unsaved.current === copy) unsaved.current = null;
        // A later save of this tab may have started meanwhile: it will say how it went.
        if (lastTaken === copy.savedAt) setStatus({ kind: "saved", at: Date.parse(draft.updatedAt) });
      } catch (error) {
        if (unsaved.current === copy) unsaved.current = null;
        if (lastTaken !== copy.savedAt) return;
        const stale = error instanceof ApiError && error.status === 409;
        setStatus(stale ? { kind: "newerElsewhere" } : { kind: "failed" });
      }
    },
    [workflow, slug],
  );

  /** Reads what the form opens with: the setup the link names, else the member's own draft. */
  const start = useCallback(
    async (setupId: string | null): Promise<DraftStart> => {
      if (setupId) {
        try {
          const { setup } = await call(api.setups.get, { params: { id: setupId } });
          if (setup.workflow !== workflow) {
            return { opened: null, problem: "That link is for another workflow; the form kept your draft." };
          }
          setStatus({ kind: "setup", author: setup.authorName });
          return { opened: check(setup.values), problem: null };
        } catch {
          // Falls through to the member's own draft.
          const own = await start(null);
          return { ...own, problem: "That setup link could not be opened; the form kept your draft." };
        }
      }
      try {
        const { draft } = await call(api.drafts.get, { params: { workflow } });
        if (!draft || Object.keys(draft.values).length === 0) return { opened: null, problem: null };
        setStatus({ kind: "saved", at: Date.parse(draft.updatedAt) });
        return { opened: check(draft.values), problem: null };
      } catch {
        return {
          opened: null,
          problem: "Your saved draft could not be read just now; the form starts fresh.",
        };
      }
    },
    [workflow, check],
  );

  /** Saves every change a moment after the last one; call once the form has opened. */
  const watch = useCallback(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const sub = form.watch((values) => {
      if (clearing.current) return;
      // Said at once, so "Draft saved" never stands for a copy older than what is on screen.
      setStatus((s) => (s.kind === "saving" ? s : { kind: "saving" }));
      clearTimeout(timer);
      timer = setTimeout(() => {
        timer = undefined;
        void save(values as Record<string, unknown>);
      }, SAVE_DELAY_MS);
    });
    // A change still waiting its turn goes out as the tab is hidden or closed.
    const flush = () => {
      if (timer === undefined) return;
      clearTimeout(timer);
      timer = undefined;
      const body = JSON.stringify({ values: form.getValues(), savedAt: takenAt(), writer: draftWriter });
      void fetch(urlOf(api.drafts.save, { params: { workflow } }), {
        method: "PUT",
        body,
        headers: { "content-type": "application/json" },
        credentials: "same-origin",
        keepalive: body.length < 60_000,
      }).catch(() => {});
    };
    window.addEventListener("pagehide", flush);
    return () => {
      window.removeEventListener("pagehide", flush);
      clearTimeout(timer);
      sub.unsubscribe();
    };
  }, [form, save, workflow]);

  /** Empties the stored draft (kept here, for Restore, until the page closes). */
  const clear = useCallback(
    async (defaults: Record<string, unknown>) => {
      const previous = form.getValues() as Record<string, unknown>;
      clearing.current = true;
      try {
        form.reset(defaults);
      } finally {
        clearing.current = false;
      }
      await save({});
      setStatus({ kind: "cleared", previous });
    },
    [form, save],
  );

  return { status, setStatus, save, start, watch, clear };
}

/** Freezes the form's state under an id and answers the link a teammate opens. */
export async function setupLink(slug: string, values: Record<string, unknown>): Promise<string> {
  const { setup } = await call(api.setups.create, { body: { workflow: slug as DraftSlug, values } });
  return `${window.location.origin}/create/${slug}?setup=${setup.id}`;
}
