/**
 * When the team's reminder digest goes out: an hour of the team's own day, in its time zone (an
 * IANA name). The studio sends it once per local day, at the first sweep at or after that hour.
 */

export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The hour (0-23) and the IANA time zone; checked by `digestSettingSchema` (./inputs.ts). */
export interface DigestSetting {
  hour: number;
  timeZone: string;
}

export const DEFAULT_DIGEST_SETTING: DigestSetting = { hour: 8, timeZone: "UTC" };

/** The wall clock of `timeZone` at `now`: its date (YYYY-MM-DD) and hour (0-23). */
export function localClock(now: Date, timeZone: string): { day: string; hour: number } {
  const parts = wallFormat(timeZone).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "00";
  return { day: `${part("year")}-${part("month")}-${part("day")}`, hour: Number(part("hour")) };
}

/** The instant `timeZone`'s date `day` (YYYY-MM-DD) plus `addDays` begins. */
export function localMidnight(day: string, timeZone: string, addDays = 0): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d + addDays);
  // The zone's offset at that wall time, read twice so a day starting across a clock change lands.
  let instant = wall - offsetAt(new Date(wall), timeZone);
  instant = wall - offsetAt(new Date(instant), timeZone);
  return new Date(instant);
}

function offsetAt(at: Date, timeZone: string): number {
  const parts = wallFormat(timeZone).formatToParts(at);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(n("year"), n("month") - 1, n("day"), n("hour"), n("minute"), n("second"));
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}

// Building a formatter costs far more than using one; a studio uses a zone or two.
const formats = new Map<string, Intl.DateTimeFormat>();
function wallFormat(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** The hour as the settings show it: "08:00". */
export function hourText(hour: number): string {
  return `${String(hour).padStart(2, "0")}:00`;
}
