/**
 * Money, the one way the studio writes it. On screen: US dollars in words a person reads. In
 * exports and sums: integer micro-dollars (the service reports costs to the millionth of a
 * dollar), so that adding 0.001363 three times is 0.004089 and never 0.004089000000000001.
 */

const MICROS = 1_000_000;

const formats = new Map<number, Intl.NumberFormat>();
function format(decimals: number): Intl.NumberFormat {
  let f = formats.get(decimals);
  if (!f) {
    f = new Intl.NumberFormat("en-US", {
      style: "currency",
      currency: "USD",
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    formats.set(decimals, f);
  }
  return f;
}

/**
 * US dollars in words a person reads: cents for sums, four decimals below a cent (a single
 * image costs fractions of one, and "$0.00" would say it was free). `step` is the spacing of a
 * scale the figure is one mark of: enough decimals are shown that no two marks read alike.
 */
export function usd(value: number, options: { step?: number } = {}): string {
  let decimals = value !== 0 && Math.abs(value) < 0.01 ? 4 : 2;
  const step = options.step;
  if (step !== undefined && step > 0) {
    // The fewest decimals (at least cents) that write the step exactly: $0.025, not $0.03.
    decimals = 2;
    while (decimals < 6 && Math.abs(step * 10 ** decimals - Math.round(step * 10 ** decimals)) > 1e-6)
      decimals++;
  }
  return format(decimals).format(value);
}

/** "About $0.84 for 100 images", or why there is no figure. */
export function estimateWords(estimate: { usd: number | null; results: number }, noun: string): string {
  const what = estimate.results === 1 ? `1 ${noun}` : `${estimate.results} ${noun}s`;
  if (estimate.usd === null)
    return `No estimate yet for ${what}: this studio has no reported cost of this model at this size.`;
  return `About ${usd(estimate.usd)} for ${what}`;
}

/** A cost in whole micro-dollars. */
export function toMicros(value: number): number {
  return Math.round(value * MICROS);
}

/** Whole micro-dollars as an exact decimal string of dollars: 4089 -> "0.004089", 1500000 -> "1.5". */
export function microsText(micros: number): string {
  const sign = micros < 0 ? "-" : "";
  const abs = Math.abs(Math.round(micros));
  const whole = Math.floor(abs / MICROS);
  const fraction = String(abs % MICROS)
    .padStart(6, "0")
    .replace(/0+$/, "");
  return `${sign}${whole}${fraction ? `.${fraction}` : ""}`;
}

/** The sum of the costs that are known, in micro-dollars; null when none is. */
export function microsOf(costs: readonly (number | null)[]): number | null {
  return costs.reduce<number | null>((sum, c) => (c === null ? sum : (sum ?? 0) + toMicros(c)), null);
}

/**
 * The sum of the costs that are known, exact to the micro-dollar; null when none is (results from
 * before costs were asked).
 */
export function costOf(costs: readonly (number | null)[]): number | null {
  const micros = microsOf(costs);
  return micros === null ? null : micros / MICROS;
}
