import "server-only";
import type { SessionUser } from "@/lib/server/auth/caller";
import { SessionCache } from "@/lib/server/auth/session-cache";
import type { OpenedDatabase } from "@/lib/server/db/database";
import type { StudioRuntime } from "@/lib/server/runtime";

/**
 * What a test of Route Handlers needs around them: a runtime holding the test's database and a
 * session per cookie, in the place `getRuntime()` reads, and requests as a browser on the studio's
 * origin sends them.
 */

export const TEST_ORIGIN = "http://studio.test";

const KEY = Symbol.for("media-studio.runtime");
const holder = globalThis as { [KEY]?: Promise<StudioRuntime> };

/**
 * Serves `database` to the handlers, with each cookie of `sessions` signed in as its member;
 * answers the function that puts back the runtime there was before.
 */
export function installTestRuntime(
  database: OpenedDatabase,
  sessions: Record<string, SessionUser>,
): () => void {
  const cache = new SessionCache(60_000);
  for (const [cookie, user] of Object.entries(sessions)) cache.set(cookie, user);
  const previous = holder[KEY];
  holder[KEY] = Promise.resolve({
    gate: { auth: { api: { getSession: async () => null } }, sessions: cache, publicUrl: TEST_ORIGIN },
    database,
    log: {},
  } as unknown as StudioRuntime);
  return () => {
    if (previous) holder[KEY] = previous;
    else delete holder[KEY];
  };
}

/** A request to `path` from the studio's own page, signed in by `cookie` (none: a guest). */
export function routeRequest(method: string, path: string, cookie: string | null, body?: unknown): Request {
  const headers = new Headers({ host: "studio.test", origin: TEST_ORIGIN });
  if (cookie) headers.set("cookie", cookie);
  if (body !== undefined) headers.set("content-type", "application/json");
  return new Request(`${TEST_ORIGIN}${path}`, {
    method,
    headers,
    body: body === undefined ? null : JSON.stringify(body),
  });
}
