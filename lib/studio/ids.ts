/**
 * The patterns of the studio's ids, without the schemas built from them (lib/studio/params.ts):
 * code that every page loads (the live stream, presence) tests ids with these and loads no zod.
 */

/** The one UUID pattern: the studio's own ids (accounts, items, experiments, rounds...). */
export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID_RE.test(value);
}

/** The service's ids and other opaque ids: plain id characters only. */
export const ID_RE = /^[A-Za-z0-9][A-Za-z0-9._:-]*$/;
