import "server-only";
import path from "node:path";
import { z } from "zod";

/**
 * The studio's environment, parsed once. Nothing else reads `process.env` for these names.
 * Upstream variables all unset means the embedded engine at `/v1` on the studio's own origin.
 */
const schema = z
  .object({
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: z.string().min(1).optional(),
    UPSTREAM_URL: z.url({ protocol: /^https?$/ }).optional(),
    UPSTREAM_WS_URL: z.url({ protocol: /^wss?$/ }).optional(),
    UPSTREAM_API_KEY: z.string().min(1).optional(),
    VIDEO_MODEL_ID: z.string().min(1).optional(),
  })
  .superRefine((env, ctx) => {
    const set = [env.UPSTREAM_URL, env.UPSTREAM_WS_URL, env.UPSTREAM_API_KEY].filter((v) => v !== undefined);
    if (set.length > 0 && set.length < 3) {
      ctx.addIssue({
        code: "custom",
        path: ["UPSTREAM_URL"],
        message: "UPSTREAM_URL, UPSTREAM_WS_URL and UPSTREAM_API_KEY are set together, or none of them",
      });
    }
  });

export type StudioEnv = z.output<typeof schema> & {
  /** True when no upstream is configured and the embedded engine serves `/v1`. */
  embedded: boolean;
  dataDir: string;
};

let cached: StudioEnv | undefined;

export function parseStudioEnv(source: Record<string, string | undefined>): StudioEnv {
  const blankAsUnset = Object.fromEntries(
    Object.entries(source).filter(([, v]) => v !== undefined && v !== ""),
  );
  const result = schema.safeParse(blankAsUnset);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid studio configuration:\n${lines.join("\n")}`);
  }
  return {
    ...result.data,
    embedded: result.data.UPSTREAM_URL === undefined,
    dataDir: path.resolve(result.data.DATA_DIR),
  };
}

export function studioEnv(): StudioEnv {
  cached ??= parseStudioEnv(process.env);
  return cached;
}
