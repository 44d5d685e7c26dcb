import { requireUser } from "@/lib/server/auth/guard";
import { actorOf, uuidParam } from "@/lib/server/gallery/organize-common";
import { revokeShareLink } from "@/lib/server/gallery/share-links";
import { handled } from "@/lib/server/http/handle";
import { getRuntime } from "@/lib/server/runtime";

/** Revokes a share link: from now on it shows "expired or revoked", media included. */
export const DELETE = handled(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  const runtime = await getRuntime();
  const user = await requireUser(runtime.gate, request, "organize");
  if (user instanceof Response) return user;
  const id = uuidParam((await params).id, "id");
  if (id instanceof Response) return id;
  await revokeShareLink({ db: runtime.database.db, log: runtime.log }, actorOf(user), id);
  return new Response(null, { status: 204 });
});
