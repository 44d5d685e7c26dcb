/** Joins class names, skipping falsy ones. Enough for our primitives; no class merging. */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(" ");
}

/**
 * The one focus ring: a 2px accent outline, offset so it stays visible on accent fills.
 * `focus-visible` keeps it for keyboard users without flashing on mouse clicks.
 */
export const focusRing =
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent";
