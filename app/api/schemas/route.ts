import { protocolJsonSchemas } from "@/lib/protocol/json-schema";
import { studioEnv } from "@/lib/server/env";
import { route } from "@/lib/server/http/route";
import { api } from "@/lib/studio/api";

export const GET = route(api.schemas.get, () => {
  const schemas = protocolJsonSchemas({ videoModel: studioEnv().VIDEO_MODEL_ID });
  return Response.json(schemas, { headers: { "cache-control": "public, max-age=300" } });
});
