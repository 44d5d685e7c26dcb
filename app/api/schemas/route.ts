import { protocolJsonSchemas } from "@/lib/protocol/json-schema";
import { studioEnv } from "@/lib/server/env";

/** The contract's task schemas as JSON Schema, for tools that do not speak zod. */
export function GET() {
  const schemas = protocolJsonSchemas({ videoModel: studioEnv().VIDEO_MODEL_ID });
  return Response.json(schemas, { headers: { "cache-control": "public, max-age=300" } });
}
