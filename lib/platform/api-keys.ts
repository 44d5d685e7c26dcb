/**
 * The API keys of a service the studio hosts (the embedded engine), as the studio's settings
 * manage them: listed, created, revoked. The engine's key store is one; the studio's server holds
 * it by this face only, so it never depends on the engine's code.
 */

/** One key as a listing shows it: never the key itself, nor its digest. */
export interface ApiKeyListing {
  id: string;
  accountId: string;
  accountName: string;
  description: string;
  /** The key's first characters, enough to tell keys apart. */
  prefix: string;
  createdAt: string;
  revokedAt: string | null;
}

export interface ApiKeyRing {
  list(): ApiKeyListing[];
  /** The returned `key` is the only time the secret exists outside the ring. */
  create(options: { description: string; account?: string }): { key: string; listing: ApiKeyListing };
  /** Revokes by id (or unique id prefix); null when none matches. */
  revoke(idOrPrefix: string): ApiKeyListing | null;
}
