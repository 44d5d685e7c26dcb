import { route } from "@/lib/server/api/route";
import { announceQueue, endCancelled } from "@/lib/server/queue/queue-handlers";
import { takeForCancel } from "@/lib/server/queue/steering";
import { api } from "@/lib/studio/api";

export const POST = route(api.queue.cancel, async ({ db, log, runtime, user, body }) => {
  const { taken, skipped } = await takeForCancel(
    db,
    user,
    body.taskUUIDs ? { taskUUIDs: body.taskUUIDs } : { allMine: true },
  );
  await endCancelled(runtime, taken);
  announceQueue(log, user);
  return { cancelled: taken.length, skipped };
});
