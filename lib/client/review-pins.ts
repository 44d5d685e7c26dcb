import type { CommentThread } from "@/lib/studio/comments";

/** Pinned threads are numbered 1, 2, 3... in the order they were started: the same on the media and in the list. */
export function pinNumbers(threads: readonly CommentThread[]): Map<string, number> {
  const numbers = new Map<string, number>();
  for (const t of threads) if (t.pin) numbers.set(t.id, numbers.size + 1);
  return numbers;
}

/** 75.4 s → "1:15.4"; whole seconds drop the decimal. */
export function formatTime(seconds: number): string {
  const s = Math.max(0, seconds);
  const m = Math.floor(s / 60);
  const rest = s - m * 60;
  const text = Number.isInteger(Math.round(rest * 10) / 10) ? String(Math.round(rest)) : rest.toFixed(1);
  return `${m}:${text.padStart(text.includes(".") ? 4 : 2, "0")}`;
}
