import "server-only";
import type { StudioDatabase } from "@/lib/server/db/database";
import type { RateLimits } from "@/lib/server/rate-limits";
import type { StudioRuntime } from "@/lib/server/runtime";

/** The runtime's services handlers and pages use, under the names they use them by. */
export interface Services {
  db: StudioDatabase;
  log: StudioRuntime["log"];
  /** `{ db, log }`: what the library's functions of a feature take. */
  deps: { db: StudioDatabase; log: StudioRuntime["log"] };
  storage: StudioRuntime["storage"];
  limits: RateLimits;
}

export function servicesOf(runtime: StudioRuntime): Services {
  // A stand-in runtime under test may hold no database.
  const db = runtime.database?.db as StudioDatabase;
  return {
    db,
    log: runtime.log,
    deps: { db, log: runtime.log },
    storage: runtime.storage,
    limits: runtime.rateLimits,
  };
}
