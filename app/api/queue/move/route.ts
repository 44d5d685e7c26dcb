import { route } from "@/lib/server/api/route";
import { announceQueue } from "@/lib/server/queue/queue-handlers";
import { moveEntry, type Place } from "@/lib/server/queue/steering";
import { api } from "@/lib/studio/api";

export const POST = route(api.queue.move, async ({ db, log, user, body }) => {
  const place: Place = body.to
    ? { to: body.to }
    : body.before
      ? { before: body.before }
      : { after: body.after as string };
  await moveEntry(
    db,
    user,
    body.experimentId ? { experimentId: body.experimentId } : { taskUUID: body.taskUUID as string },
    place,
  );
  announceQueue(log, user);
  return { moved: true as const };
});
