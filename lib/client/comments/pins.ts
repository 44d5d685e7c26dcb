import type { CommentThread } from "@/lib/studio/comments/comments";

/**
 * Threads pinned to the media or drawn on it are numbered 1, 2, 3... in the order they were
 * started: the same on the media and in the list.
 */
export function pinNumbers(threads: readonly CommentThread[]): Map<string, number> {
  const numbers = new Map<string, number>();
  for (const t of threads) if (t.pin || t.marks.length > 0) numbers.set(t.id, numbers.size + 1);
  return numbers;
}

/** 75 s → "1:15"; 75.25 s → "1:15.25" (frames of a short clip are hundredths apart). */
export function formatTime(seconds: number): string {
  const hundredths = Math.round(Math.max(0, seconds) * 100);
  const m = Math.floor(hundredths / 6000);
  const rest = hundredths - m * 6000;
  const whole = String(Math.floor(rest / 100)).padStart(2, "0");
  const fraction = rest % 100;
  return fraction === 0 ? `${m}:${whole}` : `${m}:${whole}.${String(fraction).padStart(2, "0")}`;
}
