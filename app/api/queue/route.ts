import { route } from "@/lib/server/api/route";
import { waitingQueue } from "@/lib/server/queue/waiting";
import { api } from "@/lib/studio/api";

export const GET = route(api.queue.list, ({ db, user, query }) => waitingQueue(db, user, query.scope));
