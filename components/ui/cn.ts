import { extendTailwindMerge } from "tailwind-merge";
import config from "@/tailwind.config";

const theme = config.theme?.extend ?? {};
const keys = (scale: unknown) => Object.keys((scale ?? {}) as object);

/** tailwind-merge, told the studio's own scales (`rounded-card`, `shadow-panel`, `max-w-page`). */
const twMerge = extendTailwindMerge({
  extend: {
    theme: {
      radius: keys(theme.borderRadius),
      shadow: keys(theme.boxShadow),
      container: keys(theme.maxWidth),
    },
  },
});

/**
 * Joins class names, skipping falsy ones; where two set the same property (a primitive's `h-10
 * w-full` and a caller's `h-8 w-20`), the later one wins, whatever order Tailwind's CSS has them in.
 */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return twMerge(classes.filter(Boolean).join(" "));
}

/**
 * The one focus ring: a 2px accent outline, offset so it stays visible on accent fills.
 * `focus-visible` keeps it for keyboard users without flashing on mouse clicks.
 */
export const focusRing =
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent";
