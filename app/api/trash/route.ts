import { route } from "@/lib/server/api/route";
import { actorOf } from "@/lib/server/items/actor";
import { listTrash } from "@/lib/server/organize/trash";
import { api } from "@/lib/studio/api";

export const GET = route(api.trash.list, ({ user, query, db }) => listTrash(db, actorOf(user), query));
