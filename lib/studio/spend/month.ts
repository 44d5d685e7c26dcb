/**
 * Spend is counted by calendar month in UTC: a budget starts over at 00:00 UTC on the 1st, the
 * same moment for every member wherever they are. No server imports: the Settings page's month
 * picker reads the same helpers.
 */

export const MONTH_RE = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** `YYYY-MM` of `at`, in UTC. */
export function monthOf(at: Date): string {
  return at.toISOString().slice(0, 7);
}

/** The month's first instant and the next month's first instant, UTC. */
export function monthRange(month: string): { from: Date; to: Date } {
  const match = MONTH_RE.exec(month);
  if (!match) throw new RangeError(`Not a month: ${month}`);
  const year = Number(match[1]);
  const index = Number(match[2]) - 1;
  return { from: new Date(Date.UTC(year, index, 1)), to: new Date(Date.UTC(year, index + 1, 1)) };
}

/** The month before `month` ("2026-01" -> "2025-12"). */
export function previousMonth(month: string): string {
  const { from } = monthRange(month);
  return monthOf(new Date(from.getTime() - 1));
}

/** The month after `month`. */
export function nextMonth(month: string): string {
  return monthOf(monthRange(month).to);
}

/** Every day of the month as `YYYY-MM-DD`. */
export function daysOf(month: string): string[] {
  const { from, to } = monthRange(month);
  const days: string[] = [];
  for (let t = from.getTime(); t < to.getTime(); t += 86_400_000)
    days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

/** "November 2026". */
export function monthName(month: string): string {
  return monthRange(month).from.toLocaleDateString("en-US", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
}
