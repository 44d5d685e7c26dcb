import "server-only";
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import type { Duplex } from "node:stream";
import next from "next";
import { createEngine, createPoolRenderer, type parseEngineConfig } from "@/lib/engine";
import { logger } from "@/lib/platform/logger";
import type { studioEnv } from "@/lib/server/config/env";
import { lockFolder } from "@/lib/server/folder-lock";
import type { Drain } from "@/lib/server/ops/drain";
import { studioMetrics } from "@/lib/server/ops/metrics";
import { opsRoutes } from "@/lib/server/ops/ops-routes";
import { studioChecks } from "@/lib/server/ops/readiness";
import type { startRuntime } from "@/lib/server/runtime";
import type { createRelay } from "@/lib/server/stream/relay";
import { STREAM_PATH } from "@/lib/studio/api/stream";
import { refuseDeclaredOversize } from "./http/body-ceiling";
import { approvalPageToken, replaceSuccessStatus, sharePageToken } from "./http/page-status";
import { pathOf, refuseMalformedPath } from "./http/request-path";
import { stampRequest } from "./http/request-stamp";
import { applySecurityHeaders } from "./http/security-headers";

type StudioEnv = ReturnType<typeof studioEnv>;
type EngineConfig = ReturnType<typeof parseEngineConfig>;
type Engine = ReturnType<typeof createEngine>;
type Runtime = Awaited<ReturnType<typeof startRuntime>>;
type Relay = ReturnType<typeof createRelay>;
type NextApp = ReturnType<typeof next>;

function isWithin(dir: string, outer: string): boolean {
  const rel = path.relative(outer, dir);
  return rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel));
}

/**
 * Locks the data folders, before anything in them is opened: the embedded database and the
 * engine's journal take one writer, and a second process would corrupt them for every later start.
 * With DATABASE_URL the database is a server that many studios share, so only the embedded
 * engine's folder (if any) is locked; media and the auth secret are written whole, by unique names.
 */
export async function lockDataFolders(
  env: StudioEnv,
  engineConfig: EngineConfig,
  locks: { release(): void }[],
): Promise<void> {
  const lockedFolders = [
    ...(env.DATABASE_URL === undefined ? [env.dataDir] : []),
    ...(env.embedded ? [engineConfig.dataDir] : []),
  ].filter((dir, i, all) => !all.slice(0, i).some((outer) => isWithin(dir, outer)));
  for (const dir of lockedFolders) locks.push(await lockFolder(dir));
}

/** Next.js, prepared: its request handler and (for its dev socket) its upgrade handler. */
export async function prepareNext(dev: boolean, env: StudioEnv) {
  const app: NextApp = next({ dev, hostname: env.HOST, port: env.PORT });
  const handle = app.getRequestHandler();
  await app.prepare();
  return { handle, upgrade: app.getUpgradeHandler() };
}

/**
 * The embedded engine, unless an upstream is configured, with the studio's own key for it: made
 * for this process, never stored or shown. Environment keys share one engine account, so tasks of
 * an earlier run can still be polled.
 */
export function embeddedEngine(env: StudioEnv, engineConfig: EngineConfig) {
  const engineKey = `mse_studio_${randomBytes(24).toString("base64url")}`;
  const engine = env.embedded
    ? createEngine(
        { ...engineConfig, envApiKeys: [...engineConfig.envApiKeys, engineKey] },
        // Rendering on worker threads: the studio's requests, sockets and relay share this
        // process's event loop, and painting pixels there would hold every one of them up.
        // Media URLs carry a capability made for this process: a result's UUID, which the
        // studio's records and pages hold, does not open the engine's copy of it.
        { renderer: createPoolRenderer(), mediaLinkKey: randomBytes(32) },
      )
    : null;
  return { engine, engineKey };
}

/** The probes and metrics (`/healthz`, `/readyz`, `/metrics`), fed by the running studio. */
export function opsFor(env: StudioEnv, runtime: Runtime, relay: Relay, drain: Drain) {
  const metrics = studioMetrics();
  metrics.setSources({
    relayConnections: () => relay.connections(),
    upstreamState: () => runtime.upstream.socket.status().state,
    newestDeliveredAt: () => runtime.log.newestDeliveredAt,
    eventCounts: () => runtime.log.counts,
  });
  return opsRoutes({
    metrics,
    metricsToken: env.METRICS_TOKEN,
    checks: studioChecks({
      db: runtime.database.db,
      storage: runtime.storage,
      upstreamState: () => runtime.upstream.socket.status().state,
      upstreamError: () => runtime.upstream.socket.status().lastError?.code ?? null,
    }),
    draining: () => drain.isDraining,
  });
}

export interface Listeners {
  dev: boolean;
  env: StudioEnv;
  engine: Engine | null;
  relay: Relay;
  drain: Drain;
  ops: ReturnType<typeof opsRoutes>;
  next: Awaited<ReturnType<typeof prepareNext>>;
  /** The Route Handlers answered ahead of Next's router (`ownRoutesListener`): true when it answered. */
  ownRoutes: (req: IncomingMessage, res: ServerResponse, path: string) => boolean;
  /** The state of a share link, by its token (`lookUpShareLink`). */
  shareLinkState: (token: string) => Promise<{ state: string }>;
  /** The state of a guest reviewer's link, by its token (`lookUpApprovalLink`). */
  approvalLinkState: (token: string) => Promise<{ state: string }>;
}

/**
 * The status a link's page answers with instead of 200, or null to keep it: a share link that
 * ended or a guest reviewer's link withdrawn or replaced is 410, an unknown one 404 (the page
 * itself says which). Null, not a promise, for every other page.
 */
function linkPageStatus(
  parts: Pick<Listeners, "shareLinkState" | "approvalLinkState">,
  path: string,
): Promise<number | null> | null {
  const share = sharePageToken(path);
  if (share !== null)
    return parts
      .shareLinkState(share)
      .then(({ state }) => (state === "live" ? null : state === "ended" ? 410 : 404));
  const approval = approvalPageToken(path);
  if (approval !== null)
    return parts
      .approvalLinkState(approval)
      .then(({ state }) => (state === "live" ? null : state === "unknown" ? 404 : 410));
  return null;
}

/** Every HTTP request of the studio, in the order its checks apply. */
export function requestListener(parts: Listeners): (req: IncomingMessage, res: ServerResponse) => void {
  const { dev, env, engine, drain, ops, ownRoutes } = parts;
  const { handle } = parts.next;
  return (req, res) => {
    // The client's address and scheme (sign-in limits, secure cookies) and the page asked for:
    // only this line sets them, from the socket itself (and a proxy only when one is trusted).
    stampRequest(req, env.TRUST_PROXY);
    if (refuseMalformedPath(req, res)) return;
    const path = pathOf(req.url);
    // Probes answer while draining too (ready says 503 then), so a balancer sees the way out.
    if (ops(req, res, path)) return;
    // The embedded engine keeps serving while the studio drains: the results on their way are
    // fetched from it, by this very process.
    if (engine && (path === "/v1" || path.startsWith("/v1/"))) {
      engine.handleRequest(req, res);
      return;
    }
    // Every answer of the studio's own (pages, API, refusals below) carries its security headers.
    applySecurityHeaders(req, res, path, { dev });
    if (!drain.admit(req, res)) return;
    // A declared body larger than any handler there takes is refused unread; a chunked one is
    // counted by each handler's own reader as it arrives.
    if (refuseDeclaredOversize(req, res, path)) return;
    if (!dev && ownRoutes(req, res, path)) return;
    // A link's page is shown whatever its link's state, with the status that state has. Next's
    // own navigations (`rsc`) keep their 200.
    const status =
      (req.method === "GET" || req.method === "HEAD") && req.headers.rsc === undefined
        ? linkPageStatus(parts, path)
        : null;
    if (status !== null) {
      void status
        .then(
          (code) => {
            if (code !== null) replaceSuccessStatus(res, code);
          },
          (err: unknown) => logger().warn({ err }, "link state failed"),
        )
        .finally(() => void handle(req, res));
      return;
    }
    void handle(req, res);
  };
}

/** WebSocket upgrades, routed by path so Next's own dev socket keeps working. */
export function upgradeListener(
  parts: Pick<Listeners, "dev" | "env" | "engine" | "relay" | "drain" | "next">,
): (req: IncomingMessage, socket: Duplex, head: Buffer) => void {
  const { dev, env, engine, relay, drain } = parts;
  return (req, socket, head) => {
    stampRequest(req, env.TRUST_PROXY);
    const path = pathOf(req.url);
    if (drain.isDraining && !(engine && path === "/v1")) {
      socket.end(
        "HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nRetry-After: 1\r\nContent-Length: 0\r\n\r\n",
      );
      return;
    }
    if (engine && path === "/v1") engine.handleUpgrade(req, socket, head);
    else if (path === STREAM_PATH) relay.handleUpgrade(req, socket, head);
    else if (dev && path.startsWith("/_next/")) void parts.next.upgrade(req, socket, head);
    else socket.destroy();
  };
}

/** Why the listener could not start, in words for the operator. */
export function listenFailure(env: StudioEnv, err: NodeJS.ErrnoException): string {
  const where = `${env.HOST}:${env.PORT}`;
  return err.code === "EADDRINUSE"
    ? `port ${env.PORT} on ${env.HOST} is already in use (another studio or program listens there); set PORT to a free port`
    : err.code === "EACCES"
      ? `listening on ${where} is not permitted (ports below 1024 need privileges); set PORT to 1024 or above`
      : `listening on ${where} failed: ${err.message}`;
}
