import { route } from "@/lib/server/api/route";
import { cancelEntries } from "@/lib/server/queue/entry-handlers";
import { api } from "@/lib/studio/api";

export const POST = route(api.queue.cancel, ({ db, log, runtime, user, body }) =>
  cancelEntries({ db, log, runtime, user }, body.allMine ? { allMine: true } : body),
);
