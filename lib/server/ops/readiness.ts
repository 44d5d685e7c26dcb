import "server-only";
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { StudioDatabase } from "@/lib/server/db";
import type { MediaStorage } from "@/lib/server/storage";

/** The parts `GET /api/ready` checks, in the order they are reported. */
export const READY_PARTS = ["database", "storage", "service"] as const;
export type ReadyPart = (typeof READY_PARTS)[number];

/** Each part's check: resolves when it works, throws (or times out) when it does not. */
export type ReadyChecks = Record<ReadyPart, () => Promise<void>>;

/** A check that has not answered by then counts as failing (a load balancer asks every few seconds). */
export const READY_CHECK_MS = 2_000;

/**
 * Fixed sentences per part: the thrown error may name the database's host, a bucket or a key, and
 * the probe is answered to anyone who asks.
 */
const FAILING: Record<ReadyPart, string> = {
  database: "The database does not answer a query.",
  storage: "Media storage could not write and read back a probe object.",
  service: "The media service's socket is not connected.",
};

/**
 * A check's failure whose message is fit for anyone to read (it names no host, bucket or key), and
 * says more than the part's fixed sentence: it is reported instead of it.
 */
export class NotReady extends Error {}

/** Said while the service refuses the studio's key (the socket keeps trying, see ws-session.ts). */
export const KEY_REFUSED_MESSAGE =
  "The media service refused the API key. The studio tries it again every few seconds (and reads it afresh each time); check UPSTREAM_API_KEY (or the file UPSTREAM_API_KEY_FILE names).";

export interface ReadyAnswer {
  status: 200 | 503;
  body:
    | { status: "ready"; parts: Record<ReadyPart, "ok"> }
    | {
        errors: { code: string; message: string; parameter: string }[];
        parts: Record<ReadyPart | "server", "ok" | "failing" | "draining">;
      };
}

/**
 * Runs every check at once, each bounded by `timeoutMs`. 200 when all answer; 503 otherwise, with
 * one error per failing part (its name as `parameter`) and each part's status. A draining server
 * is not ready whatever its parts say: the balancer should send new requests elsewhere.
 */
export async function checkReadiness(
  checks: ReadyChecks,
  options: { draining?: boolean; timeoutMs?: number } = {},
): Promise<ReadyAnswer> {
  const timeoutMs = options.timeoutMs ?? READY_CHECK_MS;
  const results = await Promise.all(READY_PARTS.map((part) => passes(checks[part], timeoutMs)));
  const failing = READY_PARTS.filter((_, i) => results[i] !== true);
  if (failing.length === 0 && !options.draining) {
    return {
      status: 200,
      body: { status: "ready", parts: { database: "ok", storage: "ok", service: "ok" } },
    };
  }
  const parts = Object.fromEntries(
    READY_PARTS.map((p) => [p, failing.includes(p) ? "failing" : "ok"]),
  ) as Record<ReadyPart, "ok" | "failing">;
  const errors: { code: string; message: string; parameter: string }[] = failing.map((part) => {
    const said = results[READY_PARTS.indexOf(part)];
    return { code: "notReady", message: typeof said === "string" ? said : FAILING[part], parameter: part };
  });
  if (options.draining) {
    errors.unshift({ code: "shuttingDown", message: "The studio is shutting down.", parameter: "server" });
  }
  return { status: 503, body: { errors, parts: { ...parts, server: options.draining ? "draining" : "ok" } } };
}

/** True when the check passed; a `NotReady`'s message; false for any other failure. */
async function passes(check: () => Promise<void>, timeoutMs: number): Promise<boolean | string> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([check().then(() => true), late]);
  } catch (err) {
    return err instanceof NotReady ? err.message : false;
  } finally {
    clearTimeout(timer);
  }
}

/** The studio's checks: a query, a probe object written and read back, the service socket's state. */
export function studioChecks(deps: {
  db: StudioDatabase;
  storage: MediaStorage;
  upstreamState: () => string;
  /** The code of the socket's last error, if any: a refused key is said as such. */
  upstreamError?: () => string | null;
  /** This process's probe key; one per process, so instances sharing a bucket do not race. */
  probeKey?: string;
}): ReadyChecks {
  const probeKey = deps.probeKey ?? `probes/ready-${randomBytes(8).toString("hex")}.txt`;
  return {
    async database() {
      await deps.db.execute(sql`select 1`);
    },
    async storage() {
      const written = `ready ${Date.now()} ${randomBytes(4).toString("hex")}`;
      await deps.storage.put(probeKey, Buffer.from(written), { mime: "text/plain" });
      const object = await deps.storage.get(probeKey);
      if (!object) throw new Error("probe object missing");
      const chunks: Buffer[] = [];
      for await (const chunk of object.stream) chunks.push(Buffer.from(chunk as Buffer));
      if (Buffer.concat(chunks).toString() !== written) throw new Error("probe object differs");
    },
    async service() {
      if (deps.upstreamState() === "connected") return;
      const code = deps.upstreamError?.() ?? null;
      if (code === "invalidApiKey" || code === "missingApiKey") throw new NotReady(KEY_REFUSED_MESSAGE);
      throw new Error("not connected");
    },
  };
}
