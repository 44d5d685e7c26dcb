"use client";

import type { ServiceError } from "@/lib/protocol/errors";
import type { AnyEndpoint, CallInput, DataOf } from "@/lib/studio/api/endpoint";
import { ApiError } from "@/lib/studio/api/errors";
import { call } from "./endpoint-client";

export type Attempt<T> = { ok: true; data: T } | { ok: false; status: number; errors: ServiceError[] };

/**
 * `call` for a form that shows what went wrong rather than throwing it: the endpoint's data, or
 * its status and the contract's errors (a network failure is status 0).
 */
export async function attempt<E extends AnyEndpoint>(
  endpoint: E,
  input: CallInput<E>,
): Promise<Attempt<DataOf<E>>> {
  try {
    return { ok: true, data: await call(endpoint, input) };
  } catch (err) {
    if (err instanceof ApiError) return { ok: false, status: err.status, errors: err.errors };
    throw err;
  }
}
