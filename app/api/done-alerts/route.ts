import { route } from "@/lib/server/api/route";
import { readDoneAlerts, saveDoneAlerts } from "@/lib/server/done-alerts/settings";
import { api } from "@/lib/studio/api";

export const GET = route(api.doneAlerts.get, ({ db, user }) => readDoneAlerts(db, user.id));

export const PUT = route(api.doneAlerts.save, ({ db, user, body }) => saveDoneAlerts(db, user.id, body));
