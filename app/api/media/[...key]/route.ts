import { requireUser } from "@/lib/server/auth/guard";
import { handled } from "@/lib/server/http/handle";
import { mediaResponse } from "@/lib/server/http/media-response";
import { getRuntime } from "@/lib/server/runtime";
import { assertMediaKey, MediaKeyError } from "@/lib/server/storage";

/** The studio's stored media, for signed-in members only; ranges for video seeking. */
export const GET = handled(async (request: Request, { params }: { params: Promise<{ key: string[] }> }) => {
  const runtime = await getRuntime();
  const user = await requireUser(runtime.gate, request, "view");
  if (user instanceof Response) return user;
  const { key } = await params;
  let storageKey: string;
  try {
    storageKey = assertMediaKey(key.join("/"));
  } catch (err) {
    if (!(err instanceof MediaKeyError)) throw err;
    return Response.json(
      { errors: [{ code: "invalidMediaKey", message: err.message, parameter: "key" }] },
      { status: 400 },
    );
  }
  return mediaResponse(runtime.storage, storageKey, request.headers.get("range"));
});
