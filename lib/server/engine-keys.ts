import "server-only";
import type { ApiKeyRing } from "@/lib/platform/api-keys";
import type { EngineKeyView } from "@/lib/studio/engine-keys";
import { errorResponse, studioErrors } from "./auth/studio-errors";

/** The embedded engine's key store, or the 404 a studio on a real service answers. */
export function engineKeysOr404(keys: ApiKeyRing | null): ApiKeyRing | Response {
  return (
    keys ??
    errorResponse(studioErrors.notFound("embedded engine (this studio uses a remote service)", "path"))
  );
}

export function engineKeyViews(keys: ApiKeyRing): EngineKeyView[] {
  return keys.list().map(({ id, description, prefix, accountName, createdAt, revokedAt }) => ({
    id,
    description,
    prefix,
    accountName,
    createdAt,
    revokedAt,
  }));
}
