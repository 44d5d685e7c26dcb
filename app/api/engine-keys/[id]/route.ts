import { embeddedEngineKeys, revokeEngineKey } from "@/lib/server/engine-keys";
import { route } from "@/lib/server/http/route";
import { api } from "@/lib/studio/api";

export const DELETE = route(api.engineKeys.revoke, ({ runtime, params }) => {
  revokeEngineKey(embeddedEngineKeys(runtime.engineKeys), params.id);
});
