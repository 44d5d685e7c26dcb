/**
 * A task cancelled while it waited ends with this code (lib/server/queue/queue-handlers.ts): it
 * was never sent, so it is its own outcome in every count and word, never a failure.
 */
export const CANCELLED_CODE = "cancelled";

/** Whether a task's or a cell's errors say it was cancelled. */
export function isCancelled(
  errors: readonly { code: string }[] | { code: string } | null | undefined,
): boolean {
  if (!errors) return false;
  const first = Array.isArray(errors) ? errors[0] : errors;
  return (first as { code: string } | undefined)?.code === CANCELLED_CODE;
}
