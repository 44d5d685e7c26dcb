import type { GalleryTotals } from "@/lib/studio/items/gallery-item";

const number = new Intl.NumberFormat("en-US");

/**
 * The line above the results: "1,204 results", or "12 of 1,204 results" for a filtered view.
 * Before the counts arrive (or if they fail) it says what is shown.
 */
export function resultCountText(
  shown: number,
  totals: GalleryTotals | undefined,
  filtered: boolean,
  more: boolean,
): string {
  const noun = (n: number) => (n === 1 ? "result" : "results");
  if (!totals)
    return more ? `${number.format(shown)} results shown, more as you scroll` : `${shown} ${noun(shown)}`;
  // A result that arrived live is shown before the counts are read again.
  const matching = Math.max(totals.matching, more ? 0 : shown);
  const all = Math.max(totals.all, matching);
  if (!filtered) return `${number.format(all)} ${noun(all)}`;
  return `${number.format(matching)} of ${number.format(all)} ${noun(all)}`;
}
