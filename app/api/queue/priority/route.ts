import { route } from "@/lib/server/api/route";
import { prioritizeEntries } from "@/lib/server/queue/entry-handlers";
import { api } from "@/lib/studio/api";

export const POST = route(api.queue.priority, ({ db, log, runtime, user, body }) =>
  prioritizeEntries({ db, log, runtime, user }, body, body.priority),
);
