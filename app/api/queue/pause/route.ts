import { route } from "@/lib/server/api/route";
import { announceQueue } from "@/lib/server/queue/queue-handlers";
import { pauseQueue } from "@/lib/server/queue/steering";
import { api } from "@/lib/studio/api";

export const POST = route(api.queue.pause, async ({ db, log, user, body }) => {
  await pauseQueue(db, user, body.scope);
  announceQueue(log, user);
  return { paused: true as const };
});
