import { route } from "@/lib/server/api/route";
import { announceQueue } from "@/lib/server/queue/queue-handlers";
import { resumeQueue } from "@/lib/server/queue/steering";
import { api } from "@/lib/studio/api";

export const POST = route(api.queue.resume, async ({ db, log, user, body }) => {
  await resumeQueue(db, user, body.scope);
  announceQueue(log, user);
  return { paused: false as const };
});
