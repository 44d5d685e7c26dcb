import "server-only";
import type { ApiKeyRing } from "@/lib/platform/api-keys";
import type { EngineKeyView } from "@/lib/studio/api/engine-keys";
import { studioErrors } from "@/lib/studio/api/errors";

/** The embedded engine's key store; a studio on a real service has none (404). */
export function embeddedEngineKeys(keys: ApiKeyRing | null): ApiKeyRing {
  if (!keys) throw studioErrors.engineNotEmbedded();
  return keys;
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

/** Revokes an active key by its whole id (never a prefix); an unknown or revoked one is a 404. */
export function revokeEngineKey(keys: ApiKeyRing, id: string): void {
  const active = keys.list().some((k) => k.id === id && k.revokedAt === null);
  if (!active || !keys.revoke(id)) throw studioErrors.notFound("active engine key", "id");
}
