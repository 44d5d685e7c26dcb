import { route } from "@/lib/server/api/route";
import { editWaiting } from "@/lib/server/queue/bulk-edit";
import { announceQueue } from "@/lib/server/queue/queue-handlers";
import { api } from "@/lib/studio/api";

export const POST = route(api.queue.edit, async ({ db, log, runtime, user, body }) => {
  const outcome = await editWaiting(
    db,
    user,
    { taskUUIDs: body.taskUUIDs, experimentIds: body.experimentIds },
    { ...(body.replace ? { replace: body.replace } : {}), ...(body.set ? { set: body.set } : {}) },
    { preview: body.preview, videoModel: runtime.videoModel },
  );
  if (!body.preview && outcome.changed > 0) {
    announceQueue(log, user);
    // Their pages show the cells as now edited.
    for (const experimentId of body.experimentIds ?? [])
      log.publishGallery({ kind: "experiment", experimentId });
  }
  return outcome;
});
