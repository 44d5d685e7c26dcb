import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { type MetricsAnswer, metricsAnswer, type StudioMetrics } from "./metrics";
import { checkReadiness, type ReadyChecks } from "./readiness";

export interface OpsRoutesOptions {
  metrics: StudioMetrics;
  metricsToken: string | undefined;
  checks: ReadyChecks;
  draining(): boolean;
}

/**
 * `GET /api/health`, `GET /api/ready` and `GET /metrics`, answered from server.ts's own listener:
 * no session, no Next.js in the path (a probe every few seconds should cost next to nothing), and
 * they keep answering while the server drains. Answers true when it took the request.
 */
export function opsRoutes(
  options: OpsRoutesOptions,
): (req: IncomingMessage, res: ServerResponse, path: string) => boolean {
  return (req, res, path) => {
    if (path !== "/api/health" && path !== "/api/ready" && path !== "/metrics") return false;
    if (req.method !== "GET" && req.method !== "HEAD") {
      send(
        res,
        405,
        { "content-type": "application/json; charset=utf-8", allow: "GET, HEAD" },
        methodNotAllowed(),
      );
      return true;
    }
    if (path === "/api/health") {
      send(res, 200, jsonHeaders, JSON.stringify({ status: "ok" }));
    } else if (path === "/api/ready") {
      void checkReadiness(options.checks, { draining: options.draining() }).then(
        (answer) => send(res, answer.status, jsonHeaders, JSON.stringify(answer.body)),
        () =>
          send(
            res,
            503,
            jsonHeaders,
            JSON.stringify({ errors: [{ code: "notReady", message: "Not ready.", parameter: "server" }] }),
          ),
      );
    } else {
      void metricsAnswer(options.metrics, options.metricsToken, header(req.headers.authorization)).then(
        (answer: MetricsAnswer) => send(res, answer.status, answer.headers, answer.body),
        () =>
          send(
            res,
            503,
            jsonHeaders,
            JSON.stringify({
              errors: [
                { code: "serviceUnavailable", message: "Metrics could not be collected.", parameter: "path" },
              ],
            }),
          ),
      );
    }
    return true;
  };
}

const jsonHeaders = { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" };

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function methodNotAllowed(): string {
  return JSON.stringify({
    errors: [{ code: "methodNotAllowed", message: "Only GET is answered here.", parameter: "method" }],
  });
}

function send(res: ServerResponse, status: number, headers: Record<string, string>, body: string): void {
  if (res.headersSent) return;
  res.writeHead(status, { ...headers, "content-length": Buffer.byteLength(body) });
  res.end(res.req.method === "HEAD" ? undefined : body);
}
