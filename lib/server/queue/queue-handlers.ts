import "server-only";
import type { ServiceError } from "@/lib/protocol/errors";
import type { SessionUser } from "@/lib/server/auth/caller";
import type { ResultKeeper } from "@/lib/server/results/keeper";
import type { EventLog } from "@/lib/server/stream/event-log";
import { CANCELLED_CODE } from "@/lib/studio/queue/cancelled";

/** Why a cancelled task ended, as its record and the drawer say it. */
export const CANCELLED: ServiceError = {
  code: CANCELLED_CODE,
  message: "Cancelled while it waited; it was never sent.",
};

/** Tells every studio and every open drawer that the waiting queue changed. */
export function announceQueue(
  log: Pick<EventLog, "publishGallery">,
  caller: Pick<SessionUser, "name">,
): void {
  log.publishGallery({ kind: "queue", by: caller.name });
}

/**
 * Tells them, as `announceQueue` does, that tasks which waited left the queue (sent, or not sent
 * after all): what the author's own view hears of its tasks, the team's view hears only here.
 */
export function announceLeftWaiting(
  log: Pick<EventLog, "publishGallery">,
): (jobs: readonly { author: Pick<SessionUser, "name"> }[]) => void {
  return (jobs) => {
    const author = jobs[0]?.author;
    if (author) announceQueue(log, author);
  };
}

/** Ends the tasks taken for cancelling, each announced to its author as any ended task is. */
export async function endCancelled(
  runtime: { keeper: Pick<ResultKeeper, "fail"> },
  taskUUIDs: readonly string[],
): Promise<void> {
  await Promise.all(taskUUIDs.map((u) => runtime.keeper.fail(u, CANCELLED)));
}
