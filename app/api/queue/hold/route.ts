import { route } from "@/lib/server/api/route";
import { holdEntries } from "@/lib/server/queue/entry-handlers";
import { api } from "@/lib/studio/api";

export const POST = route(api.queue.hold, ({ db, log, runtime, user, body }) =>
  holdEntries({ db, log, runtime, user }, body, body.held),
);
