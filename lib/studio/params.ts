import { z } from "zod";
import { ID_RE, UUID_RE } from "./ids";

/**
 * The schema parts the studio's ids and lists are made of, for the API's declarations
 * (lib/studio/api) and the forms' and pages' own schemas alike: one UUID pattern, one id pattern,
 * one way to page a list.
 */

export { ID_RE, isUuid, UUID_RE } from "./ids";

/** A UUID path or query parameter; lower-cased, as the database stores it. */
export const uuid = () =>
  z
    .string()
    .regex(UUID_RE, "expected a UUID")
    .transform((s) => s.toLowerCase());

/** The service's ids and other opaque ids: plain id characters only, at most 200 of them. */
export const opaqueId = () =>
  z.string().max(200).regex(ID_RE, "expected an id of letters, digits, '.', '_', ':' and '-'");

/** A cursor as the studio's lists give it: base64url, never long. */
const CURSOR_RE = /^[A-Za-z0-9_-]{1,512}$/;

/**
 * The one way a list is paged: `?cursor=` from the previous page's `nextCursor`, `?limit=` from 1
 * to `max` (default `defaultLimit`). Spread into a query schema.
 */
export function pageQuery(defaultLimit = 30, max = 100) {
  return {
    cursor: z
      .string()
      .regex(CURSOR_RE, "cursor is not one this list gave.")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    limit: z.coerce
      .number<string | number>()
      .int(`limit is a whole number from 1 to ${max}.`)
      .min(1, `limit is a whole number from 1 to ${max}.`)
      .max(max, `limit is a whole number from 1 to ${max}.`)
      .default(defaultLimit),
  };
}

/** A page of a list: its rows and the cursor of the next page (null on the last). */
export function page<T extends z.ZodType>(row: T) {
  return z.object({ items: z.array(row), nextCursor: z.string().nullable() });
}
