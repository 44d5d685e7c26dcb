import type { GalleryTotals } from "@/lib/studio/items/gallery-item";

const number = new Intl.NumberFormat("en-US");

const counted = (n: number, one: string, many: string) => `${number.format(n)} ${n === 1 ? one : many}`;

/**
 * The line above the results: "1,204 results", or "12 of 1,204 results" for a filtered view, and
 * with seeds stacked the stacks they make, one card each ("12 results in 5 stacks"), as the cards'
 * badges count seeds. Before the counts arrive (or if they fail) it says what is shown: with seeds
 * stacked a card may stand for many results, so it counts cards, never a number of results it
 * does not know.
 */
export function resultCountText(
  shown: number,
  totals: GalleryTotals | undefined,
  filtered: boolean,
  more: boolean,
  stacked: boolean,
): string {
  if (!totals) {
    const what = stacked ? counted(shown, "card", "cards") : counted(shown, "result", "results");
    return more ? `${what} shown, more as you scroll` : stacked ? `${what} shown` : what;
  }
  // A result that arrived live is shown before the counts are read again.
  const stacks = totals.stacks === null ? null : Math.max(totals.stacks, more ? 0 : shown);
  const matching = Math.max(totals.matching, stacks ?? (more ? 0 : shown));
  const all = Math.max(totals.all, matching);
  const items = filtered
    ? `${number.format(matching)} of ${counted(all, "result", "results")}`
    : counted(all, "result", "results");
  if (stacks === null || stacks >= matching) return items;
  return `${items}${filtered ? "," : ""} in ${counted(stacks, "stack", "stacks")}`;
}
