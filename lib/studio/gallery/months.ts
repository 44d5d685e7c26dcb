import { z } from "zod";

/**
 * The gallery's months: the date scrubber's index (how many items each month holds under the
 * view's filter) and the jump to a month (`at=2026-03`). Months are calendar months in UTC, the
 * same clock as the filter's `from`/`to` days, so a month's count and its jump agree with the
 * date filter; the rail says so.
 */

/** A month as `YYYY-MM`, years 0001 to 9999. */
export function isCalendarMonth(text: string): boolean {
  const match = /^(\d{4})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month] = [Number(match[1]), Number(match[2])];
  return year >= 1 && month >= 1 && month <= 12;
}

/** The first instant of `month` and of the month after it, UTC, as ISO strings. */
export function monthBounds(month: string): { start: string; end: string } {
  const [year, number] = month.split("-").map(Number) as [number, number];
  const next = number === 12 ? [year + 1, 1] : [year, number + 1];
  const pad = (n: number, width: number) => String(n).padStart(width, "0");
  return {
    start: `${pad(year, 4)}-${pad(number, 2)}-01T00:00:00Z`,
    end: `${pad(next[0] ?? year, 4)}-${pad(next[1] ?? 1, 2)}-01T00:00:00Z`,
  };
}

/** The month (`YYYY-MM`, UTC) an ISO time falls in. */
export function monthOf(iso: string): string {
  return iso.slice(0, 7);
}

const MONTH_NAME = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
const SHORT_MONTH = new Intl.DateTimeFormat("en-US", { month: "short", timeZone: "UTC" });

/** "March 2026". */
export function monthName(month: string): string {
  return MONTH_NAME.format(new Date(monthBounds(month).start));
}

/** "Mar". */
export function shortMonthName(month: string): string {
  return SHORT_MONTH.format(new Date(monthBounds(month).start));
}

/**
 * `at`: where the list starts. In newest-first order, the newest item of that month or older; in
 * oldest-first order, the oldest item of that month or newer. Only for the orders by date.
 */
export const jumpQuery = {
  at: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === "") return undefined;
      if (isCalendarMonth(value)) return value;
      ctx.addIssue({
        code: "custom",
        message: `Invalid 'at': expected a month as YYYY-MM (got ${JSON.stringify(value.slice(0, 60))}).`,
        params: { code: "invalidAt" },
        input: value,
      });
      return z.NEVER;
    }),
};

export const galleryMonthSchema = z.object({
  /** `YYYY-MM`, UTC. */
  month: z.string(),
  count: z.number().int(),
});
export type GalleryMonth = z.infer<typeof galleryMonthSchema>;

/** The months that hold items under a filter, newest first. */
export const galleryMonthsSchema = z.array(galleryMonthSchema);

/** The rule across parameters: a jump to a month needs an order by date. */
export function checkJump(
  query: { at?: string | undefined; sort?: string | undefined },
  ctx: z.RefinementCtx,
) {
  if (query.at !== undefined && query.sort === "rating") {
    ctx.addIssue({
      code: "custom",
      path: ["at"],
      message: "Invalid 'at': a jump to a month needs the newest-first or oldest-first order.",
      params: { code: "invalidAt" },
      input: query.at,
    });
  }
}

const COUNT = new Intl.NumberFormat("en-US");

/** "March 2026, 1,204 items": what a screen reader says for a month of the rail. */
export function monthLabel(entry: GalleryMonth): string {
  return `${monthName(entry.month)}, ${COUNT.format(entry.count)} ${entry.count === 1 ? "item" : "items"}`;
}

/** A year's label needs this much rail above the next one (px), or the later one is left out. */
const LABEL_SPACE = 18;

/**
 * The months that carry their year's label on a rail `height` px tall where each month is as tall as
 * its share of the items: the first month of each year, where there is room for it.
 */
export function yearLabelMonths(months: GalleryMonth[], height: number): Set<string> {
  const total = months.reduce((sum, m) => sum + m.count, 0) || 1;
  const labels = new Set<string>();
  let seen = 0;
  let year = "";
  let lastTop = Number.NEGATIVE_INFINITY;
  for (const entry of months) {
    const top = (seen / total) * height;
    seen += entry.count;
    if (entry.month.slice(0, 4) === year) continue;
    year = entry.month.slice(0, 4);
    if (top - lastTop < LABEL_SPACE) continue;
    labels.add(entry.month);
    lastTop = top;
  }
  return labels;
}
