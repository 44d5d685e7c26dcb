import { requireUser } from "@/lib/server/auth/guard";
import { engineKeysOr404, engineKeyViews } from "@/lib/server/engine-keys";
import { handled } from "@/lib/server/http/handle";
import { readJson } from "@/lib/server/http/read-json";
import { getRuntime } from "@/lib/server/runtime";
import { createEngineKeySchema } from "@/lib/studio/engine-keys";

/** The embedded engine's API keys (owner only): descriptions and prefixes, never the keys. */
export const GET = handled(async (request: Request) => {
  const { gate, engineKeys } = await getRuntime();
  const user = await requireUser(gate, request, "manage");
  if (user instanceof Response) return user;
  const keys = engineKeysOr404(engineKeys);
  if (keys instanceof Response) return keys;
  return Response.json({ data: engineKeyViews(keys) });
});

/** A new engine key for other clients (scripts, the official SDKs); shown once. */
export const POST = handled(async (request: Request) => {
  const { gate, engineKeys } = await getRuntime();
  const user = await requireUser(gate, request, "manage");
  if (user instanceof Response) return user;
  const keys = engineKeysOr404(engineKeys);
  if (keys instanceof Response) return keys;
  const body = await readJson(request, createEngineKeySchema);
  if (!body.ok) return body.response;
  const { key, listing } = keys.create({ description: body.value.description });
  return Response.json({ data: { key, id: listing.id, prefix: listing.prefix } }, { status: 201 });
});
