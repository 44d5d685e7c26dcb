import "server-only";
import type { StudioDatabase } from "@/lib/server/db";
import type { StudioLimits } from "@/lib/studio/limits/limits";
import type { PlanDeps } from "./plan";

/**
 * What planning needs from the runtime: the database, the video model, the owner's cap, and how
 * many tasks the service works on at once when known (an experiment keeps as many in flight).
 */
export function planDeps(runtime: {
  database: { db: StudioDatabase };
  videoModel: string;
  limits: { current(): StudioLimits };
  env: { embedded: boolean };
  serviceParallelism: number | null;
}): PlanDeps {
  return {
    db: runtime.database.db,
    videoModel: runtime.videoModel,
    maxCells: runtime.limits.current().maxExperimentCells,
    embedded: runtime.env.embedded,
    ...(runtime.serviceParallelism ? { parallelism: runtime.serviceParallelism } : {}),
  };
}

// The evaluation sets' and blind votes' routes still answer with these until they move onto
// `route()`; the experiments' own routes use `unwrap` and the studio's errors instead.
