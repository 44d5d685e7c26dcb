import type { ServiceError } from "@/lib/protocol/errors";

export type ApiResult<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; status: number; errors: ServiceError[] };

/**
 * The browser's one way to call the studio's API: JSON in, JSON out, errors in the contract's
 * shape whatever went wrong (a network failure or a non-JSON answer included), never a throw.
 */
export async function callApi<T>(
  url: string,
  init: { method?: string; body?: unknown } = {},
): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      headers: init.body === undefined ? {} : { "content-type": "application/json" },
      body: init.body === undefined ? null : JSON.stringify(init.body),
      credentials: "same-origin",
    });
  } catch {
    return {
      ok: false,
      status: 0,
      errors: [
        {
          code: "networkError",
          message: "The studio could not be reached. Check the connection and try again.",
        },
      ],
    };
  }
  const payload = (await response.json().catch(() => null)) as unknown;
  if (response.ok) return { ok: true, status: response.status, data: payload as T };
  return { ok: false, status: response.status, errors: errorsOf(payload, response.status) };
}

/** Errors from the studio's shape (`{ errors }`) or better-auth's (`{ code, message }`). */
function errorsOf(payload: unknown, status: number): ServiceError[] {
  if (payload && typeof payload === "object") {
    const p = payload as { errors?: unknown; code?: unknown; message?: unknown };
    if (Array.isArray(p.errors)) return p.errors as ServiceError[];
    if (typeof p.message === "string")
      return [{ code: typeof p.code === "string" ? p.code : "error", message: p.message }];
  }
  return [{ code: "httpError", message: `The studio answered ${status}. Try again.` }];
}
