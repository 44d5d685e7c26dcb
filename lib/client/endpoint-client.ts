"use client";

import {
  type QueryClient,
  type QueryKey,
  type UseQueryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import type { ServiceError } from "@/lib/protocol/errors";
import type { AnyEndpoint, CallInput, DataOf, ResourceName } from "@/lib/studio/api/endpoint";
import { ApiError } from "@/lib/studio/api/errors";
import { urlOf } from "@/lib/studio/api/url";

/**
 * The browser's side of the studio's declared API (lib/studio/api): each endpoint's URL, query key
 * and types come from its declaration, so components name endpoints, never `/api/` strings.
 */

type Input = { params?: unknown; query?: unknown; body?: unknown };

export { urlOf };

/**
 * An endpoint's query key: `["api", resource, name, params, query]`. Every key of a resource
 * starts with `resourceKey(resource)`, so one invalidation refreshes all its reads.
 */
export function queryKeyOf<E extends AnyEndpoint>(
  endpoint: E,
  input: Pick<CallInput<E>, "params" | "query"> | Input = {},
): QueryKey {
  const { params, query } = input as Input;
  const name = endpoint.id.slice(endpoint.resource.length + 1);
  return ["api", endpoint.resource, name, params ?? null, query ?? null];
}

export function resourceKey(resource: ResourceName | AnyEndpoint): QueryKey {
  return ["api", typeof resource === "string" ? resource : resource.resource];
}

/**
 * The root of every key of one endpoint's reads (`["api", resource, name]`), whatever their
 * params and query: a cache kept under an endpoint's name with keys of its own (the gallery's
 * views by their filter) extends it, so its resource's invalidation still reaches it.
 */
export function endpointKey(endpoint: AnyEndpoint): QueryKey {
  return ["api", endpoint.resource, endpoint.id.slice(endpoint.resource.length + 1)];
}

/** Refreshes every read of the named resources. */
export function invalidateResources(
  client: QueryClient,
  resources: readonly ResourceName[],
): Promise<unknown> {
  return Promise.all(resources.map((r) => client.invalidateQueries({ queryKey: resourceKey(r) })));
}

const NETWORK_ERROR: ServiceError = {
  code: "networkError",
  message: "The studio could not be reached. Check the connection and try again.",
};

/** Errors from the studio's envelope (`{ errors }`) or the auth library's (`{ code, message }`). */
export function errorsOf(payload: unknown, status: number): ServiceError[] {
  if (payload && typeof payload === "object") {
    const p = payload as { errors?: unknown; code?: unknown; message?: unknown };
    if (Array.isArray(p.errors)) return p.errors as ServiceError[];
    if (typeof p.message === "string")
      return [{ code: typeof p.code === "string" ? p.code : "error", message: p.message }];
  }
  return [{ code: "httpError", message: `The studio answered ${status}. Try again.` }];
}

/** A whole answer: its status, its `data` and any `errors` beside it (a partial acceptance). */
export interface Envelope<T> {
  ok: boolean;
  status: number;
  data: T | undefined;
  errors: ServiceError[];
}

/**
 * Calls an endpoint and answers the whole envelope, never throwing for a refusal: for the one
 * answer that may accept some of what was sent and refuse the rest (`POST /api/tasks`). A network
 * failure is status 0 with `networkError`.
 */
export async function callEnvelope<E extends AnyEndpoint>(
  endpoint: E,
  input: CallInput<E>,
  init: { signal?: AbortSignal } = {},
): Promise<Envelope<DataOf<E>>> {
  const { body } = input as Input;
  let response: Response;
  try {
    response = await fetch(urlOf(endpoint, input as Input), {
      method: endpoint.spec.method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? null : JSON.stringify(body),
      credentials: "same-origin",
      ...(init.signal ? { signal: init.signal } : {}),
    });
  } catch (err) {
    if (init.signal?.aborted) throw err;
    return { ok: false, status: 0, data: undefined, errors: [NETWORK_ERROR] };
  }
  if (response.status === 204) return { ok: true, status: 204, data: undefined, errors: [] };
  const payload = (await response.json().catch(() => null)) as { data?: unknown; errors?: unknown } | null;
  if (!response.ok) {
    return {
      ok: false,
      status: response.status,
      data: undefined,
      errors: errorsOf(payload, response.status),
    };
  }
  const errors = Array.isArray(payload?.errors) ? (payload.errors as ServiceError[]) : [];
  return { ok: true, status: response.status, data: payload?.data as DataOf<E>, errors };
}

/**
 * Calls an endpoint and answers its `data`; any failure (a refusal, a network failure, an answer
 * that is not JSON) throws an `ApiError` holding the contract's errors.
 */
export async function call<E extends AnyEndpoint>(
  endpoint: E,
  input: CallInput<E>,
  init: { signal?: AbortSignal } = {},
): Promise<DataOf<E>> {
  const answer = await callEnvelope(endpoint, input, init);
  if (!answer.ok) throw new ApiError(answer.status, answer.errors);
  return answer.data as DataOf<E>;
}

/**
 * An endpoint's read as TanStack Query knows it: its derived key and the call. One definition for
 * `useEndpoint` and for a read made ahead (`prefetchQuery`), so the two always meet in the cache.
 */
export function endpointQuery<E extends AnyEndpoint>(endpoint: E, input: CallInput<E>) {
  return {
    queryKey: queryKeyOf(endpoint, input as Input),
    queryFn: ({ signal }: { signal: AbortSignal }) => call(endpoint, input, { signal }),
  };
}

/** Reads an endpoint through TanStack Query under its derived key. */
export function useEndpoint<E extends AnyEndpoint>(
  endpoint: E,
  input: CallInput<E>,
  options: Omit<UseQueryOptions<DataOf<E>, ApiError>, "queryKey" | "queryFn"> = {},
) {
  return useQuery<DataOf<E>, ApiError>({ ...endpointQuery(endpoint, input), ...options });
}

/**
 * A mutation of an endpoint; on success it refreshes every read of the resources the endpoint's
 * declaration says it `invalidates` (lib/studio/api), before `onSuccess`.
 */
export function useEndpointMutation<E extends AnyEndpoint, V = CallInput<E>>(
  endpoint: E,
  options: {
    /** Turns what `mutate` is given into the call's input, when they differ. */
    input?: (variables: V) => CallInput<E>;
    onSuccess?: (data: DataOf<E>, variables: V) => void | Promise<void>;
  } = {},
) {
  const client = useQueryClient();
  return useMutation<DataOf<E>, ApiError, V>({
    mutationFn: (variables) =>
      call(endpoint, options.input ? options.input(variables) : (variables as unknown as CallInput<E>)),
    onSuccess: async (data, variables) => {
      await invalidateResources(client, endpoint.spec.invalidates ?? []);
      await options.onSuccess?.(data, variables);
    },
  });
}
