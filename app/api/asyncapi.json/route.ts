import { route } from "@/lib/server/api/route";
import { api } from "@/lib/studio/api";
import { type AsyncApiDocument, asyncApiDocument } from "@/lib/studio/api/asyncapi";
import packageJson from "@/package.json";

// The declarations cannot change while the process runs: the document is made once.
let cached: AsyncApiDocument | undefined;

export const GET = route(api.reference.asyncapi, ({ runtime }) => {
  const serverUrl = runtime.gate.publicUrl;
  cached ??= asyncApiDocument({ version: packageJson.version, ...(serverUrl ? { serverUrl } : {}) });
  return Response.json(cached, { headers: { "cache-control": "private, max-age=300" } });
});
