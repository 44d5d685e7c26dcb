/**
 * How long ago a moment was, in words ("just now", "5 minutes ago", "3 days ago"); past a month,
 * the date itself reads better than "7 weeks ago".
 */
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["day", 86_400_000],
  ["hour", 3_600_000],
  ["minute", 60_000],
];
const relative = new Intl.RelativeTimeFormat("en", { numeric: "always" });
const dateFormat = new Intl.DateTimeFormat("en", { year: "numeric", month: "short", day: "numeric" });

export function timeAgo(at: string | Date, now: number = Date.now()): string {
  const ms = now - new Date(at).getTime();
  if (ms < 60_000) return "just now";
  if (ms >= 30 * 86_400_000) return `on ${dateFormat.format(new Date(at))}`;
  for (const [unit, size] of UNITS) {
    if (ms >= size) return relative.format(-Math.floor(ms / size), unit);
  }
  return "just now";
}
