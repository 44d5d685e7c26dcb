import { route } from "@/lib/server/api/route";
import { itemVersions } from "@/lib/server/versions/stack";
import { api } from "@/lib/studio/api";

export const GET = route(api.versions.list, ({ user, params, db }) => itemVersions(db, params.id, user.id));
