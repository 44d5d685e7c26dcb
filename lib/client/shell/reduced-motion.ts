import { useSyncExternalStore } from "react";

/**
 * Whether the person asked their system for less motion (`prefers-reduced-motion: reduce`). The
 * stylesheet ends every CSS animation and transition at once for them (app/globals.css); motion
 * driven from script (a zoom easing to its new scale) asks this, and jumps instead.
 */
const QUERY = "(prefers-reduced-motion: reduce)";

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia(QUERY);
  media.addEventListener("change", onChange);
  return () => media.removeEventListener("change", onChange);
}

/** Whether less motion is asked for now (false on the server). */
export function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && window.matchMedia(QUERY).matches;
}

/** Whether less motion is asked for, followed as the setting changes; false while rendering on the server. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, prefersReducedMotion, () => false);
}
