"use client";

import { useEffect, useEffectEvent } from "react";

/**
 * A ballot's keys: heard on the window in the capture phase (the dialog around a panel keeps keys
 * from the page's own shortcuts), leaving keys typed into a field or pressed with a modifier alone.
 * `onKey` is read when the key comes, not when the listener was added: a listener added by an
 * effect held the render before between a render and the effect after it, so a key pressed just as
 * the next criterion showed answered the one before.
 */
export function useBallotKeys(onKey: (e: KeyboardEvent, target: HTMLElement | null) => void): void {
  const heard = useEffectEvent((e: KeyboardEvent) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const target = e.target as HTMLElement | null;
    if (target?.closest("input, textarea, select")) return;
    onKey(e, target);
  });
  useEffect(() => {
    const listener = (e: KeyboardEvent) => heard(e);
    window.addEventListener("keydown", listener, true);
    return () => window.removeEventListener("keydown", listener, true);
  }, []);
}
