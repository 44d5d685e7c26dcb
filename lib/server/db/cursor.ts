import "server-only";
import { isUuid } from "@/lib/studio/api/endpoint";
import { studioErrors } from "@/lib/studio/api/errors";

/**
 * The one cursor of the studio's lists. A cursor is the sort key of a page's last row, opaque to
 * the caller (base64url); a list asks for the rows after it. `route` has already checked its
 * characters and `pageQuery` its limit (lib/studio/api/endpoint.ts); a cursor this list did not
 * give is refused here, 400 naming `cursor`.
 */

const SEPARATOR = "\u001f";

/** A cursor holding the given key parts, in order. */
export function encodeKeys(parts: readonly (string | number)[]): string {
  return Buffer.from(parts.map(String).join(SEPARATOR)).toString("base64url");
}

/** The `count` key parts a cursor holds; throws `invalidCursor` for anything else. */
export function decodeKeys(cursor: string, count: number): string[] {
  const parts = Buffer.from(cursor, "base64url").toString().split(SEPARATOR);
  if (parts.length !== count) throw studioErrors.invalidCursor();
  return parts;
}

/** The usual key: a row's time and its UUID, newest first. */
export interface TimeKey {
  at: Date;
  id: string;
}

export function encodeCursor(at: Date, id: string): string {
  return encodeKeys([at.getTime(), id]);
}

/** The time and id of a cursor made by `encodeCursor`; null when there is none. */
export function decodeCursor(cursor: string | null | undefined): TimeKey | null {
  if (!cursor) return null;
  const [ms, id] = decodeKeys(cursor, 2);
  const at = new Date(Number(ms));
  if (!/^\d{1,15}$/.test(ms ?? "") || Number.isNaN(at.getTime()) || !isUuid(id)) {
    throw studioErrors.invalidCursor();
  }
  return { at, id: id.toLowerCase() };
}
