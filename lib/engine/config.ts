import "server-only";
import path from "node:path";
import { z } from "zod";
import { DEFAULT_VIDEO_MODEL } from "@/lib/protocol/video-inference";
import { parseFaultMarkers, parseFaultRule } from "./core/faults";
import type { PaceSettings } from "./render/paced-renderer";

/**
 * The engine's configuration from its fixed environment variables (see the README). Parsed here,
 * not in `lib/server/config/env.ts`, because the engine also runs alone (`npm run engine`).
 */
const schema = z.object({
  ENGINE_PORT: z.coerce.number().int().min(0).max(65535).default(8787),
  ENGINE_HOST: z.string().min(1).default("127.0.0.1"),
  ENGINE_DATA_DIR: z.string().min(1).optional(),
  ENGINE_API_KEYS: z.string().default(""),
  ENGINE_ALLOW_PRIVATE_URLS: z.enum(["0", "1", "true", "false"]).default("0"),
  ENGINE_WS_IDLE_MS: z.coerce.number().int().min(100).default(120_000),
  ENGINE_RESUME_MS: z.coerce.number().int().min(100).default(120_000),
  ENGINE_VIDEO_MODEL: z.string().min(1).default(DEFAULT_VIDEO_MODEL),
  // Test-only: prompts holding one of these markers fail once (see core/faults.ts). Unset: off.
  ENGINE_FAULTS: z.string().optional(),
  // Benchmarks: each result held this long on a timer instead of rendered (render/paced-renderer.ts).
  ENGINE_PACE_MS: z.coerce.number().int().min(0).max(600_000).optional(),
  ENGINE_PACE_SPREAD_MS: z.coerce.number().int().min(0).max(600_000).default(0),
  ENGINE_PACE_PARALLEL: z.coerce.number().int().min(1).max(1_000).default(8),
});

export interface EngineConfig {
  port: number;
  host: string;
  dataDir: string;
  /** Keys accepted besides the stored ones (`ENGINE_API_KEYS`). */
  envApiKeys: string[];
  allowPrivateUrls: boolean;
  wsIdleMs: number;
  resumeMs: number;
  videoModel: string;
  /** Fault rules for tests (`ENGINE_FAULTS`, see core/faults.ts); empty or absent: none. */
  faultMarkers?: string[];
  /** A real service's pace instead of rendering (`ENGINE_PACE_*`); absent: the engine renders. */
  pace?: PaceSettings;
}

/** Where the engine keeps its data when `ENGINE_DATA_DIR` is unset and nobody says otherwise. */
export const STANDALONE_ENGINE_DATA_DIR = "./data/engine";

export interface EngineConfigDefaults {
  /**
   * The data folder when `ENGINE_DATA_DIR` is unset. Embedded, the studio passes one under its own
   * `DATA_DIR`: two studios on two data folders must not share the engine's keys and tasks.
   */
  dataDir?: string;
}

export function parseEngineConfig(
  source: Record<string, string | undefined>,
  defaults: EngineConfigDefaults = {},
): EngineConfig {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid engine configuration:\n${lines.join("\n")}`);
  }
  const env = result.data;
  const faultMarkers = parseFaultMarkers(env.ENGINE_FAULTS);
  for (const rule of faultMarkers) {
    try {
      parseFaultRule(rule);
    } catch (err) {
      throw new Error(`Invalid engine configuration:\n  ${err instanceof Error ? err.message : err}`);
    }
  }
  return {
    port: env.ENGINE_PORT,
    host: env.ENGINE_HOST,
    dataDir: path.resolve(env.ENGINE_DATA_DIR ?? defaults.dataDir ?? STANDALONE_ENGINE_DATA_DIR),
    envApiKeys: env.ENGINE_API_KEYS.split(",")
      .map((k) => k.trim())
      .filter((k) => k.length > 0),
    allowPrivateUrls: env.ENGINE_ALLOW_PRIVATE_URLS === "1" || env.ENGINE_ALLOW_PRIVATE_URLS === "true",
    wsIdleMs: env.ENGINE_WS_IDLE_MS,
    resumeMs: env.ENGINE_RESUME_MS,
    videoModel: env.ENGINE_VIDEO_MODEL,
    faultMarkers,
    ...(env.ENGINE_PACE_MS === undefined
      ? {}
      : {
          pace: {
            ms: env.ENGINE_PACE_MS,
            spreadMs: env.ENGINE_PACE_SPREAD_MS,
            parallel: env.ENGINE_PACE_PARALLEL,
          },
        }),
  };
}
