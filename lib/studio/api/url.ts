import type { AnyEndpoint, CallInput } from "./endpoint";

/** An endpoint's URL from its declaration: the server's links and the browser's calls both use it. */

type Parts = { params?: unknown; query?: unknown };

function fill(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params?.[key];
    if (value === undefined || value === null) throw new Error(`${path} needs the parameter ${key}`);
    // A catch-all (a media key) keeps its slashes; every other segment is escaped whole.
    return String(value)
      .split("/")
      .map((part) => encodeURIComponent(part))
      .join("/");
  });
}

/** `?a=1&b=x&b=y`: empty values are left out, arrays repeat their key. */
export function searchOf(query: Record<string, unknown> | undefined): string {
  if (!query) return "";
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === "") continue;
    if (Array.isArray(value)) for (const v of value) out.append(key, String(v));
    else out.set(key, String(value));
  }
  const text = out.toString();
  return text ? `?${text}` : "";
}

/** The URL of an endpoint with its params filled in and its query appended. */
export function urlOf<E extends AnyEndpoint>(
  endpoint: E,
  input: Pick<CallInput<E>, "params" | "query"> | Parts = {},
): string {
  const { params, query } = input as Parts;
  return (
    fill(endpoint.spec.path, params as Record<string, unknown> | undefined) +
    searchOf(query as Record<string, unknown> | undefined)
  );
}
