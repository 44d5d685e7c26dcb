import "server-only";

/**
 * A session's token is the session itself: whoever holds it is signed in. The browser keeps it in
 * an HttpOnly cookie that no script reads, and no studio page needs it (ending sessions goes by
 * the session cookie, lib/studio/api/sessions.ts), so the auth library's JSON answers lose it:
 * the current session, the member's sessions, and what signing up, in, or changing the password
 * answers. A script that injected itself into a page then finds no token to carry away.
 */

/** The value with every `token` of a session taken out: at the top, in `session`, in a list of sessions. */
export function withoutTokens(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutToken);
  if (!value || typeof value !== "object") return value;
  const out = withoutToken(value) as Record<string, unknown>;
  if (out.session && typeof out.session === "object") out.session = withoutToken(out.session);
  return out;
}

function withoutToken(value: unknown): unknown {
  if (!value || typeof value !== "object" || Array.isArray(value)) return value;
  const { token: _token, ...rest } = value as Record<string, unknown>;
  return rest;
}

/** The auth library's answer without session tokens; its status and headers (cookies) as they were. */
export async function withoutSessionTokens(response: Response): Promise<Response> {
  if (!(response.headers.get("content-type") ?? "").includes("application/json")) return response;
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return new Response(text, response);
  }
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify(withoutTokens(body)), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}
