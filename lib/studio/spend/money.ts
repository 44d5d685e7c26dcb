/**
 * US dollars in words a person reads: cents for sums, four decimals below a cent (a single
 * image costs fractions of one, and "$0.00" would say it was free).
 */
export function usd(value: number): string {
  if (value > 0 && value < 0.01) return `$${value.toFixed(4)}`;
  return `$${value.toFixed(2)}`;
}

/** "About $0.84 for 100 images", or why there is no figure. */
export function estimateWords(estimate: { usd: number | null; results: number }, noun: string): string {
  const what = estimate.results === 1 ? `1 ${noun}` : `${estimate.results} ${noun}s`;
  if (estimate.usd === null)
    return `No estimate yet for ${what}: this studio has no reported cost of this model at this size.`;
  return `About ${usd(estimate.usd)} for ${what}`;
}

/** The sum of the costs that are known; null when none is (results from before costs were asked). */
export function costOf(costs: readonly (number | null)[]): number | null {
  return costs.reduce<number | null>((sum, c) => (c === null ? sum : (sum ?? 0) + c), null);
}
