import { route } from "@/lib/server/api/route";
import { itemVersions } from "@/lib/server/versions/stack";
import { api } from "@/lib/studio/api";

export const GET = route(api.versions.list, ({ runtime, user, params }) =>
  itemVersions(runtime.database.db, params.id, user.id),
);
