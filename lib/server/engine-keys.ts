import "server-only";
import type { KeyStore } from "@/lib/engine/keys/key-store";
import type { EngineKeyView } from "@/lib/studio/api/engine-keys";
import { studioErrors } from "@/lib/studio/api/errors";

/** The embedded engine's key store; a studio on a real service has none (404). */
export function embeddedEngineKeys(keys: KeyStore | null): KeyStore {
  if (!keys) throw studioErrors.engineNotEmbedded();
  return keys;
}

export function engineKeyViews(keys: KeyStore): EngineKeyView[] {
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
export function revokeEngineKey(keys: KeyStore, id: string): void {
  const active = keys.list().some((k) => k.id === id && k.revokedAt === null);
  if (!active || !keys.revoke(id)) throw studioErrors.notFound("active engine key", "id");
}
