import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";

/** What a path segment after `/api/<route>/` stands for, so a refusal names it. */
const PATH_PARAMETERS: Record<string, string> = {
  media: "key",
  images: "id",
  tasks: "taskUUID",
  members: "id",
  invitations: "id",
  "engine-keys": "id",
  webhooks: "token",
};

/** A request's path without its query. */
export function pathOf(url: string | undefined): string {
  const raw = url ?? "/";
  const q = raw.indexOf("?");
  return q === -1 ? raw : raw.slice(0, q);
}

/**
 * The 400 for an API path whose percent-escapes do not decode (`%c0%ae` is an overlong UTF-8 dot,
 * `%ff` no UTF-8 at all), or null when the path decodes. Next.js fails such a path itself with an
 * empty 500 before any Route Handler runs, so it is answered here, ahead of Next's router.
 */
export function malformedPathError(url: string | undefined): { status: 400; body: unknown } | null {
  const path = pathOf(url);
  if (!path.startsWith("/api/")) return null;
  try {
    decodeURIComponent(path);
    return null;
  } catch {
    const route = path.split("/")[2] ?? "";
    const parameter = PATH_PARAMETERS[route] ?? "path";
    return {
      status: 400,
      body: {
        errors: [
          {
            code: "invalidPath",
            message: `Invalid '${parameter}' in the address: its %-escapes are not valid UTF-8.`,
            parameter,
            type: "string",
          },
        ],
      },
    };
  }
}

/** Answers a malformed API path (see `malformedPathError`); true when it did. */
export function refuseMalformedPath(req: IncomingMessage, res: ServerResponse): boolean {
  const refusal = malformedPathError(req.url);
  if (!refusal) return false;
  const text = JSON.stringify(refusal.body);
  res.writeHead(refusal.status, {
    "content-type": "application/json",
    "content-length": String(Buffer.byteLength(text)),
  });
  res.end(text);
  return true;
}
