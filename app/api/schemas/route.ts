import { protocolJsonSchemas } from "@/lib/protocol/json-schema";
import { studioEnv } from "@/lib/server/env";
import { handled } from "@/lib/server/http/handle";

/** The contract's task schemas as JSON Schema, for tools that do not speak zod. */
export const GET = handled(async () => {
  const schemas = protocolJsonSchemas({ videoModel: studioEnv().VIDEO_MODEL_ID });
  return Response.json(schemas, { headers: { "cache-control": "public, max-age=300" } });
});
