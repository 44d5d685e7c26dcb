import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { STREAM_PATH } from "@/lib/studio/api/stream";

/** The upstream socket's states, each a series of `studio_upstream_socket_state` (1 for the current one). */
export const SOCKET_STATES = ["idle", "connecting", "connected", "reconnecting", "failed", "closed"] as const;

/** What the gauges read when Prometheus scrapes; server.ts wires them to the live objects. */
export interface MetricSources {
  relayConnections(): number;
  upstreamState(): string;
  /** When the newest event the relay delivered was made (ms since the epoch), or null. */
  newestDeliveredAt(): number | null;
  /** Live events this process published, and delivered to its browsers' sockets (totals). */
  eventCounts?(): { published: number; delivered: number };
}

export interface StudioMetrics {
  registry: Registry;
  tasksSent: Counter<"type">;
  tasksFinished: Counter<"type" | "outcome">;
  resultLatency: Histogram<"type">;
  /** A task's time from one point of its timeline to the next (see task-timeline.ts). */
  taskStage: Histogram<"stage">;
  /** Queries the studio sent to its database. */
  dbQueries: Counter;
  /** Wires the gauges to what they read; until then they read zero. */
  setSources(sources: MetricSources): void;
}

/**
 * The studio's Prometheus metrics on a registry of its own (with `process` and `nodejs` defaults
 * when asked). Tests make fresh ones; the server uses `studioMetrics()`.
 */
export function createMetrics(options: { defaults?: boolean; now?: () => number } = {}): StudioMetrics {
  const registry = new Registry();
  const now = options.now ?? Date.now;
  if (options.defaults ?? true) collectDefaultMetrics({ register: registry });
  let sources: MetricSources | null = null;
  const tasksSent = new Counter({
    name: "studio_tasks_sent_total",
    help: "Tasks handed to the media service, by task type.",
    labelNames: ["type"] as const,
    registers: [registry],
  });
  const tasksFinished = new Counter({
    name: "studio_tasks_finished_total",
    help: "Tasks that ended, by task type and outcome (success, error).",
    labelNames: ["type", "outcome"] as const,
    registers: [registry],
  });
  const resultLatency = new Histogram({
    name: "studio_result_latency_seconds",
    help: "From a task's hand-over to the service until one of its results is stored and recorded.",
    labelNames: ["type"] as const,
    // Images take well under a second to a few seconds; videos tens of seconds.
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 120, 300],
    registers: [registry],
  });
  const taskStage = new Histogram({
    name: "studio_task_stage_seconds",
    help: "A task's time reaching each point of its way (runner, submit, service, keep, settle, relay) from the point before.",
    labelNames: ["stage"] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [registry],
  });
  const dbQueries = new Counter({
    name: "studio_db_queries_total",
    help: "Queries the studio sent to its database.",
    registers: [registry],
  });
  new Gauge({
    name: "studio_relay_connections",
    help: `Browser sockets open on ${STREAM_PATH}.`,
    registers: [registry],
    collect() {
      this.set(sources?.relayConnections() ?? 0);
    },
  });
  new Gauge({
    name: "studio_upstream_socket_state",
    help: "The media service socket's state: 1 on the current state's series, 0 on the others.",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const current = sources?.upstreamState() ?? "idle";
      for (const state of SOCKET_STATES) this.set({ state }, state === current ? 1 : 0);
    },
  });
  new Gauge({
    name: "studio_event_log_lag_seconds",
    help: "Now minus the time the newest event delivered to browsers was made (0 before the first).",
    registers: [registry],
    collect() {
      const at = sources?.newestDeliveredAt() ?? null;
      this.set(at === null ? 0 : Math.max(0, (now() - at) / 1000));
    },
  });
  for (const which of ["published", "delivered"] as const)
    new Counter({
      name: `studio_events_${which}_total`,
      help:
        which === "published"
          ? "Live events this process published (into the shared event table)."
          : "Live events this process delivered to its relay, from any process.",
      registers: [registry],
      collect() {
        const counts = sources?.eventCounts?.();
        if (!counts) return;
        this.reset();
        this.inc(counts[which]);
      },
    });
  return {
    registry,
    tasksSent,
    tasksFinished,
    resultLatency,
    taskStage,
    dbQueries,
    setSources(next) {
      sources = next;
    },
  };
}

// Route Handlers are bundled apart from server.ts: one registry per process, on globalThis.
const KEY = Symbol.for("media-studio.metrics");
type Holder = { [KEY]?: StudioMetrics };
const holder = globalThis as Holder;

export function studioMetrics(): StudioMetrics {
  holder[KEY] ??= createMetrics();
  return holder[KEY];
}

/** What `GET /metrics` answers. */
export interface MetricsAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * `/metrics`: closed (404, as if absent) unless a token is configured; then only a request with
 * `Authorization: Bearer <token>` reads it (401 otherwise). The token is compared in constant time
 * (both sides hashed first, so neither its length nor its prefix shows in the timing).
 */
export async function metricsAnswer(
  metrics: StudioMetrics,
  token: string | undefined,
  authorization: string | undefined,
): Promise<MetricsAnswer> {
  const json = { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" };
  if (token === undefined) {
    return {
      status: 404,
      headers: json,
      body: JSON.stringify({
        errors: [{ code: "notFound", message: "There is nothing at this address.", parameter: "path" }],
      }),
    };
  }
  if (!bearerMatches(authorization, token)) {
    return {
      status: 401,
      headers: { ...json, "www-authenticate": 'Bearer realm="metrics"' },
      body: JSON.stringify({
        errors: [
          {
            code: "unauthorized",
            message: "Metrics need the header Authorization: Bearer <METRICS_TOKEN>.",
            parameter: "authorization",
          },
        ],
      }),
    };
  }
  return {
    status: 200,
    headers: { "content-type": metrics.registry.contentType, "cache-control": "no-store" },
    body: await metrics.registry.metrics(),
  };
}

const digest = (text: string) => createHash("sha256").update(text).digest();

export function bearerMatches(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer +(\S+) *$/i.exec(authorization ?? "");
  // Hashed even without a match, so a malformed header costs what a wrong token costs.
  const given = digest(match?.[1] ?? "");
  return timingSafeEqual(given, digest(token)) && match !== null;
}
