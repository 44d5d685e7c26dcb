import "server-only";
import { logger } from "@/lib/platform/logger";
import type { TaskType } from "@/lib/protocol/envelope";
import {
  authenticationResultSchema,
  getResponseItemSchema,
  pongSchema,
  type ResultObject,
  resultObjectSchema,
  serviceErrorSchema,
  type WireServiceError,
} from "@/lib/protocol/results";

/**
 * What crosses the network, as the service writes it. Nothing outside this folder sees these
 * types: `reshape.ts` turns them into the app types of `types.ts`.
 *
 * Envelopes are read item by item: one malformed item is dropped (and reported) instead of
 * costing the whole message, because the others may carry media already paid for.
 */

/**
 * A task as sent. The studio builds tasks with the protocol's schemas; the client adds nothing to
 * them but does not re-validate either (the service does). Authentication is the client's own
 * business, so callers cannot send it.
 */
export type WireTask = { taskType: Exclude<TaskType, "authentication">; taskUUID?: string } & Record<
  string,
  unknown
>;

export type WireResult = ResultObject;
export type { WireServiceError };

export interface WireEnvelope {
  data: WireResult[];
  errors: WireServiceError[];
  /** Items that matched neither schema (counted, not kept: they may be large). */
  dropped: number;
}

/** Reads `{ data?, errors? }`; null when the body is not such an object at all. */
export function readEnvelope(body: unknown): WireEnvelope | null {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return null;
  const { data, errors, error } = body as { data?: unknown; errors?: unknown; error?: unknown };
  if (data !== undefined && !Array.isArray(data)) return null;
  if (errors !== undefined && !Array.isArray(errors)) return null;
  const out: WireEnvelope = { data: [], errors: [], dropped: 0 };
  for (const item of data ?? []) {
    const parsed = resultObjectSchema.safeParse(item);
    if (parsed.success) out.data.push(parsed.data);
    else out.dropped++;
  }
  for (const item of errors ?? []) {
    const parsed = serviceErrorSchema.safeParse(item);
    if (parsed.success) out.errors.push(parsed.data);
    else out.dropped++;
  }
  // The contract also describes a bare `error` message on HTTP failures.
  if (data === undefined && out.errors.length === 0 && typeof error === "string") {
    out.errors.push({ code: "internalServerError", message: error });
  }
  if (data === undefined && errors === undefined && out.errors.length === 0) return null;
  if (out.dropped > 0) {
    // Logged, not returned: one bad item must not fail the others. No content is printed (it may be large).
    logger().warn(
      { dropped: out.dropped },
      "media service answer: item(s) were neither a result nor an error object",
    );
  }
  return out;
}

/** Parses a JSON text into an envelope; null when it is not JSON or not an envelope. */
export function parseEnvelopeText(text: string): WireEnvelope | null {
  try {
    return readEnvelope(JSON.parse(text));
  } catch {
    return null;
  }
}

export function authenticationTask(apiKey: string, connectionSessionUUID?: string): unknown[] {
  return [
    { taskType: "authentication", apiKey, ...(connectionSessionUUID ? { connectionSessionUUID } : {}) },
  ];
}

export const PING_MESSAGE: readonly unknown[] = [{ taskType: "ping", ping: true }];

/** The session UUID of an authentication answer, if `item` is one. */
export function authenticationSession(item: WireResult): string | undefined {
  const parsed = authenticationResultSchema.safeParse(item);
  return parsed.success ? parsed.data.connectionSessionUUID : undefined;
}

export function isPong(item: WireResult): boolean {
  // Asked of every item of every message: a result is told apart by its type before any parse.
  return item.taskType === "ping" && pongSchema.safeParse(item).success;
}

export { getResponseItemSchema as wireGetResponseItemSchema };
