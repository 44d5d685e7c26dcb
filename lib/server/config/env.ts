import "server-only";
import path from "node:path";
import { z } from "zod";
import { LOG_LEVELS } from "@/lib/platform/logger";

/** `1`/`0`, `true`/`false`, `yes`/`no`: how people write booleans in an environment. */
const envBoolean = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum(["1", "0", "true", "false", "yes", "no"], { message: "expected true or false (or 1 or 0)" }))
  .transform((v) => v === "1" || v === "true" || v === "yes");

/**
 * Origins (`scheme://host[:port]`), comma-separated, each an http(s) URL; a path is ignored. The
 * list's order and repeats do not matter.
 */
const originList = z
  .string()
  .transform((value) =>
    value
      .split(",")
      .map((entry) => entry.trim())
      .filter((entry) => entry.length > 0),
  )
  .pipe(
    z.array(
      z.url({
        protocol: /^https?$/,
        message: "expected comma-separated http(s) origins, such as https://media.lan:9000",
      }),
    ),
  )
  .transform((urls) => [...new Set(urls.map((u) => new URL(u).origin))]);

/** AWS's bucket naming rules, which S3-compatible stores follow too. */
const bucketName = z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
  message: "expected a bucket name: 3-63 lowercase letters, digits, dots and hyphens",
});

const S3_SETTINGS = [
  "S3_ENDPOINT",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
  "S3_FORCE_PATH_STYLE",
] as const;

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
    // The key in a file instead (a mounted secret): read at every authentication of the service's
    // socket, so a key rotated in the file is used without a restart.
    UPSTREAM_API_KEY_FILE: z.string().min(1).optional(),
    VIDEO_MODEL_ID: z.string().min(1).optional(),
    // Further hosts the service serves result media from that may be on private addresses (a
    // self-hosted service with its media on another LAN host). Any other private address stays
    // refused; public hosts (a CDN) need no entry.
    UPSTREAM_MEDIA_ORIGINS: originList.default([]),
    // Accounts: the key that signs session cookies (unset: made once and kept in DATA_DIR), and
    // the studio's public address when it sits behind a proxy or has a fixed domain.
    AUTH_SECRET: z.string().min(32, "use at least 32 characters (e.g. openssl rand -base64 32)").optional(),
    STUDIO_URL: z.url({ protocol: /^https?$/ }).optional(),
    // How many reverse proxies stand in front of the studio. 0: the client is the socket's peer
    // and forwarding headers are ignored (anyone could send them); N: the client address is the
    // Nth from the right of X-Forwarded-For, and X-Forwarded-Proto says whether it used HTTPS.
    TRUST_PROXY: z.coerce
      .number({ message: "expected the number of proxies in front of the studio (0 to 10)" })
      .int({ message: "expected the number of proxies in front of the studio (0 to 10)" })
      .min(0, { message: "expected the number of proxies in front of the studio (0 to 10)" })
      .max(10, { message: "expected the number of proxies in front of the studio (0 to 10)" })
      .default(0),
    // Media storage: local disk under DATA_DIR unless S3_BUCKET is set.
    S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
    S3_REGION: z.string().min(1).default("us-east-1"),
    S3_BUCKET: bucketName.optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: envBoolean.optional(),
    // Notification email: sent through this SMTP server when set (smtp:// or smtps://, with
    // user:password@ when it needs them), from SMTP_FROM. Unset: no email, the inbox only.
    SMTP_URL: z
      .url({ protocol: /^smtps?$/, message: "expected smtp://[user:password@]host[:port] or smtps://..." })
      .optional(),
    SMTP_FROM: z
      .string()
      .trim()
      .regex(/^[^\r\n]*@[^\r\n]*$/, {
        message: "expected an address, such as Media Studio <studio@example.com>",
      })
      .default("Media Studio <studio@localhost>"),
    // Operating: `/metrics` answers only with `Authorization: Bearer <METRICS_TOKEN>` (unset: 404),
    // and how much the server logs (JSON lines on stdout).
    METRICS_TOKEN: z.string().min(16, "use at least 16 characters (e.g. openssl rand -hex 24)").optional(),
    LOG_LEVEL: z.enum(LOG_LEVELS, { message: `expected one of ${LOG_LEVELS.join(", ")}` }).default("info"),
    // Stopping (SIGTERM): how long requests in flight and results on their way may finish. Tasks
    // still unfinished then are handed to another studio on the same database.
    DRAIN_SECONDS: z.coerce
      .number({ message: "expected a number of seconds (0 to 600)" })
      .int({ message: "expected a whole number of seconds (0 to 600)" })
      .min(0, { message: "expected a number of seconds (0 to 600)" })
      .max(600, { message: "expected a number of seconds (0 to 600)" })
      .default(10),
    // How many tasks the service works on at once: an experiment keeps that many of its cells in
    // flight. Unset: the embedded engine's own count, or 4 for a remote service.
    SERVICE_PARALLELISM: z.coerce
      .number({ message: "expected a number of tasks (1 to 20)" })
      .int({ message: "expected a whole number of tasks (1 to 20)" })
      .min(1, { message: "expected a number of tasks (1 to 20)" })
      .max(20, { message: "expected a number of tasks (1 to 20)" })
      .optional(),
  })
  .superRefine((env, ctx) => {
    const key = env.UPSTREAM_API_KEY ?? env.UPSTREAM_API_KEY_FILE;
    const set = [env.UPSTREAM_URL, env.UPSTREAM_WS_URL, key].filter((v) => v !== undefined);
    if (set.length > 0 && set.length < 3) {
      ctx.addIssue({
        code: "custom",
        path: ["UPSTREAM_URL"],
        message:
          "UPSTREAM_URL, UPSTREAM_WS_URL and UPSTREAM_API_KEY (or UPSTREAM_API_KEY_FILE) are set together, or none of them",
      });
    }
    if (env.UPSTREAM_API_KEY !== undefined && env.UPSTREAM_API_KEY_FILE !== undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["UPSTREAM_API_KEY_FILE"],
        message: "set UPSTREAM_API_KEY or UPSTREAM_API_KEY_FILE, not both",
      });
    }
    if (env.S3_BUCKET !== undefined) {
      for (const name of ["S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
        if (env[name] === undefined) {
          ctx.addIssue({
            code: "custom",
            path: [name],
            message: `S3_BUCKET is set, so ${name} is needed too (S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together)`,
          });
        }
      }
    } else {
      // Without a bucket media stays on local disk; a stray S3 setting is most likely a typo'd
      // or forgotten S3_BUCKET, and silently ignoring it would put media somewhere unexpected.
      for (const name of S3_SETTINGS) {
        if (env[name] !== undefined) {
          ctx.addIssue({ code: "custom", path: [name], message: `${name} is set but S3_BUCKET is not` });
        }
      }
    }
  });

/** Where media goes when `S3_BUCKET` is set. */
export interface S3Settings {
  bucket: string;
  region: string;
  /** Unset means AWS itself. */
  endpoint: string | undefined;
  forcePathStyle: boolean;
  accessKeyId: string;
  secretAccessKey: string;
}

export type StudioEnv = z.output<typeof schema> & {
  /** True when no upstream is configured and the embedded engine serves `/v1`. */
  embedded: boolean;
  dataDir: string;
  /** Set when media goes to an S3 bucket; undefined means local disk under `DATA_DIR/media`. */
  s3: S3Settings | undefined;
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
    s3: s3Settings(result.data),
  };
}

function s3Settings(env: z.output<typeof schema>): S3Settings | undefined {
  const { S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = env;
  // The refinement above guarantees the keys whenever there is a bucket.
  if (bucket === undefined || accessKeyId === undefined || secretAccessKey === undefined) return undefined;
  return {
    bucket,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    // S3-compatible servers (MinIO, s3rver, most self-hosted stores) address buckets by path;
    // AWS itself prefers virtual-hosted names.
    forcePathStyle: env.S3_FORCE_PATH_STYLE ?? env.S3_ENDPOINT !== undefined,
    accessKeyId,
    secretAccessKey,
  };
}

export function studioEnv(): StudioEnv {
  cached ??= parseStudioEnv(process.env);
  return cached;
}
