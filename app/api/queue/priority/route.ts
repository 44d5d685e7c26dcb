import { route } from "@/lib/server/api/route";
import { announceQueue } from "@/lib/server/queue/queue-handlers";
import { setPriority } from "@/lib/server/queue/steering";
import { api } from "@/lib/studio/api";

export const POST = route(api.queue.priority, async ({ db, log, user, body }) => {
  const outcome = await setPriority(db, user, body.taskUUIDs, body.priority);
  announceQueue(log, user);
  return outcome;
});
