import "server-only";
import type { StudioRuntime } from "@/lib/server/runtime";
import { upstreamConfigFromEnv } from "@/lib/upstream";
import type { ToolDeps } from "./run-tool";

/**
 * The configured service's origin. Its address does not depend on the key, so a stand-in key is
 * enough to read it (the embedded engine's real key lives in the upstream client only).
 */
export function upstreamOrigin(env: StudioRuntime["env"]): string {
  return new URL(upstreamConfigFromEnv(env, "address-only").httpUrl).origin;
}

/** What the helpers need, from the process's runtime. */
export function toolDeps(runtime: StudioRuntime): ToolDeps {
  const { db, storage, upstream, refs } = runtime.submit;
  return {
    db,
    storage,
    upstream,
    refs,
    upstreamOrigin: [upstreamOrigin(runtime.env), ...runtime.env.UPSTREAM_MEDIA_ORIGINS],
    queue: runtime.tools,
    budgets: runtime.budgets,
  };
}
