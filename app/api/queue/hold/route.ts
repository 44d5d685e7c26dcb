import { route } from "@/lib/server/api/route";
import { announceQueue } from "@/lib/server/queue/queue-handlers";
import { holdTasks } from "@/lib/server/queue/steering";
import { api } from "@/lib/studio/api";

export const POST = route(api.queue.hold, async ({ db, log, user, body }) => {
  const outcome = await holdTasks(db, user, body.taskUUIDs, body.held);
  announceQueue(log, user);
  return outcome;
});
