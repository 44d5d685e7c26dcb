import { route } from "@/lib/server/api/route";
import { embeddedEngineKeys, revokeEngineKey } from "@/lib/server/engine-keys";
import { api } from "@/lib/studio/api";

export const DELETE = route(api.engineKeys.revoke, ({ runtime, params }) => {
  revokeEngineKey(embeddedEngineKeys(runtime.engineKeys), params.id);
});
