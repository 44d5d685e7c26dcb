import { protocolJsonSchemas } from "@/lib/protocol/json-schema";
import { route } from "@/lib/server/api/route";
import { studioEnv } from "@/lib/server/config/env";
import { api } from "@/lib/studio/api";

export const GET = route(api.schemas.get, () => {
  const schemas = protocolJsonSchemas({ videoModel: studioEnv().VIDEO_MODEL_ID });
  return Response.json(schemas, { headers: { "cache-control": "public, max-age=300" } });
});
