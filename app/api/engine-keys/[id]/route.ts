import { requireUser } from "@/lib/server/auth/guard";
import { errorResponse, studioErrors } from "@/lib/server/auth/studio-errors";
import { engineKeysOr404 } from "@/lib/server/engine-keys";
import { handled } from "@/lib/server/http/handle";
import { getRuntime } from "@/lib/server/runtime";

/** Revokes an engine key: the engine refuses it from the next request on. */
export const DELETE = handled(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  const { gate, engineKeys } = await getRuntime();
  const user = await requireUser(gate, request, "manage");
  if (user instanceof Response) return user;
  const keys = engineKeysOr404(engineKeys);
  if (keys instanceof Response) return keys;
  const { id } = await params;
  const revoked = keys.list().some((k) => k.id === id && k.revokedAt === null) ? keys.revoke(id) : null;
  if (!revoked) return errorResponse(studioErrors.notFound("active engine key", "id"));
  return new Response(null, { status: 204 });
});
