import { route } from "@/lib/server/api/route";
import { embeddedEngineKeys, engineKeyViews } from "@/lib/server/engine-keys";
import { api } from "@/lib/studio/api";

export const GET = route(api.engineKeys.list, ({ runtime }) =>
  engineKeyViews(embeddedEngineKeys(runtime.engineKeys)),
);

export const POST = route(api.engineKeys.create, ({ runtime, body }) => {
  const { key, listing } = embeddedEngineKeys(runtime.engineKeys).create({ description: body.description });
  return { key, id: listing.id, prefix: listing.prefix };
});
