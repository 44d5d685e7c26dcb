import "server-only";
import { randomUUID } from "node:crypto";

/** The header a request id travels in, from a proxy or the browser, and back in the answer. */
export const REQUEST_ID_HEADER = "x-request-id";

/**
 * What a given id may be: a proxy's or a client's token (UUIDs, ULIDs, nginx's `$request_id`
 * hex), never text that could forge a log line or carry a secret of any length.
 */
const WELL_FORMED = /^[A-Za-z0-9][A-Za-z0-9._:-]{7,127}$/;

/** The request's id: the one it carries when well-formed, else a new one. */
export function requestIdOf(given: string | null | undefined): string {
  const id = given?.trim();
  return id !== undefined && WELL_FORMED.test(id) ? id : randomUUID();
}
