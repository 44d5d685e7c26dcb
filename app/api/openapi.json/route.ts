import { route } from "@/lib/server/api/route";
import { api, ENDPOINTS } from "@/lib/studio/api";
import { type OpenApiDocument, openApiDocument } from "@/lib/studio/api/openapi";
import packageJson from "@/package.json";

// The declarations cannot change while the process runs: the document is made once.
let cached: OpenApiDocument | undefined;

export const GET = route(api.reference.openapi, () => {
  cached ??= openApiDocument(ENDPOINTS, { version: packageJson.version });
  return Response.json(cached, { headers: { "cache-control": "private, max-age=300" } });
});
