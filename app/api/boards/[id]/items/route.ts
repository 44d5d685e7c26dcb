import { requireUser } from "@/lib/server/auth/guard";
import { setBoardMembership } from "@/lib/server/gallery/boards";
import { actorOf, uuidParam } from "@/lib/server/gallery/organize-common";
import { publishReviews } from "@/lib/server/gallery/organize-live";
import { handled } from "@/lib/server/http/handle";
import { readJson } from "@/lib/server/http/read-json";
import { getRuntime } from "@/lib/server/runtime";
import { itemIdsSchema } from "@/lib/studio/organize";

type Params = { params: Promise<{ id: string }> };

function membership(on: boolean) {
  return handled(async (request: Request, { params }: Params) => {
    const runtime = await getRuntime();
    const user = await requireUser(runtime.gate, request, "organize");
    if (user instanceof Response) return user;
    const id = uuidParam((await params).id, "id");
    if (id instanceof Response) return id;
    const body = await readJson(request, itemIdsSchema);
    if (!body.ok) return body.response;
    const deps = { db: runtime.database.db, log: runtime.log };
    const changed = await deps.db.transaction((tx) =>
      setBoardMembership(tx, actorOf(user), id, body.value.itemIds, on, "id"),
    );
    if (changed.length > 0) runtime.log.publishGallery({ kind: "board", boardId: id });
    await publishReviews(deps, changed);
    return Response.json({ data: { changed } });
  });
}

/** Puts items on the board `{ itemIds }`; answers those that were not on it yet. */
export const POST = membership(true);
/** Takes items off the board `{ itemIds }`; they stay in the gallery. */
export const DELETE = membership(false);
