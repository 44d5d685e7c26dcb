import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { parseRequest, type Task } from "@/lib/protocol/envelope";
import { type ServiceError, serviceErrors } from "@/lib/protocol/errors";
import type { Clock } from "../shared/clock";
import type { EngineCore, Principal, ResultObject, ResultSink } from "../shared/types";
import type { MediaStore } from "../store/media-store";
import { readBody } from "./body";
import { isMediaPath, serveMedia } from "./media-route";
import { methodNotAllowed, notFound, originOf, sendErrors, sendJson } from "./respond";

/**
 * The engine's HTTP face, mounted at `/v1`:
 *
 * - `POST /v1`: a JSON array of tasks. Body limit `bodyLimitBytes` (default 32 MiB; upload large
 *   media with `imageUpload` by URL, or over several requests): a declared Content-Length over it
 *   is answered 413 `payloadTooLarge` before any byte of the body is read; a chunked body is cut
 *   off when it passes the limit. Malformed JSON is 400 `invalidJson`; not an array, or empty,
 *   400 `invalidRequestBody`. Authentication: `Authorization: Bearer <key>`, or an
 *   `authentication` task first in the array; none is 401 `missingApiKey`, a bad one 401
 *   `invalidApiKey`. Unknown task types, duplicate taskUUIDs and validation failures are
 *   per-task errors.
 *   Response: every task succeeded: 200 `{ data }`. Every task failed: `{ errors }` with the
 *   status of the first error. Some of each: 200 `{ data, errors }` (the real service scopes
 *   errors per task; a client that reads `data` keeps the results it got).
 * - `GET|HEAD /v1/media/<uuid>.<ext>`: stored media (media-route.ts).
 * - Any other method: 405 with `Allow`; any other path under /v1: 404. No CORS: the official
 *   REST client runs server-side and the studio calls the engine from its server.
 *
 * An unexpected exception is 500 `internalServerError` without details; bad input is never 5xx.
 */

export const DEFAULT_BODY_LIMIT_BYTES = 32 * 1024 * 1024;

export interface HttpHandlerOptions {
  core: EngineCore;
  media: MediaStore;
  clock: Clock;
  videoModel: string;
  bodyLimitBytes?: number;
  /** Told the origin of every request that has a usable Host header. */
  onOrigin?(origin: string): void;
}

class CollectingSink implements ResultSink {
  readonly data: ResultObject[] = [];
  readonly errors: ServiceError[] = [];
  readonly wantsAsyncResults = false;
  constructor(readonly baseUrl: string | undefined) {}
  result(result: ResultObject): void {
    this.data.push(result);
  }
  error(error: ServiceError): void {
    this.errors.push(error);
  }
}

function pathOf(url: string | undefined): string {
  const raw = url ?? "/";
  const q = raw.indexOf("?");
  return q === -1 ? raw : raw.slice(0, q);
}

function bearer(header: string): string | null {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m?.[1] ?? null;
}

/** The apiKey of an authentication task first in the array, if there is one. */
function authTaskKey(body: unknown[]): string | null | undefined {
  const first = body[0] as { taskType?: unknown; apiKey?: unknown } | undefined;
  if (typeof first !== "object" || first === null || first.taskType !== "authentication") return undefined;
  return typeof first.apiKey === "string" && first.apiKey.length > 0 ? first.apiKey : null;
}

/** 500 without details; the error is logged with its stack, never sent. */
function internalError(res: ServerResponse, err: unknown): void {
  console.error("engine HTTP handler failed:", err);
  sendErrors(res, [serviceErrors.internalServerError()]);
}

export function createHttpHandler(
  options: HttpHandlerOptions,
): (req: IncomingMessage, res: ServerResponse) => void {
  const limit = options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES;
  const { core } = options;

  async function postTasks(req: IncomingMessage, res: ServerResponse, origin: string | null): Promise<void> {
    const declared = req.headers["content-length"];
    if (declared !== undefined && Number(declared) > limit) {
      // Answered without reading the body; `close` ends the connection so it is never read.
      sendErrors(res, [serviceErrors.payloadTooLarge(limit)], true);
      return;
    }
    let principal: Principal | null = null;
    const header = req.headers.authorization;
    if (header !== undefined) {
      const key = bearer(header);
      principal = key === null ? null : await core.authenticate(key);
      if (!principal) {
        sendErrors(res, [serviceErrors.invalidApiKey()], true);
        return;
      }
    }
    const read = await readBody(req, limit);
    if (!read.ok) {
      if (read.reason === "tooLarge") sendErrors(res, [serviceErrors.payloadTooLarge(limit)], true);
      else res.destroy();
      return;
    }
    let body: unknown;
    try {
      body = JSON.parse(read.text);
    } catch (err) {
      sendErrors(res, [serviceErrors.invalidJson(err instanceof Error ? err.message : "parse error")]);
      return;
    }
    if (!Array.isArray(body) || body.length === 0) {
      const outcome = parseRequest(body);
      sendErrors(res, outcome.ok ? [serviceErrors.invalidRequestBody("Empty request.")] : outcome.errors);
      return;
    }
    if (!principal) {
      const key = authTaskKey(body);
      if (key === undefined) {
        sendErrors(res, [serviceErrors.missingApiKey()]);
        return;
      }
      principal = key === null ? null : await core.authenticate(key);
      if (!principal) {
        sendErrors(res, [serviceErrors.invalidApiKey()]);
        return;
      }
    }
    const outcome = parseRequest(body, { videoModel: options.videoModel });
    if (!outcome.ok) {
      sendErrors(res, outcome.errors);
      return;
    }
    const sink = new CollectingSink(origin ?? undefined);
    const tasks: Task[] = [];
    for (const o of outcome.outcomes) {
      if (o.ok) tasks.push(o.task);
      else sink.errors.push(...o.errors);
    }
    if (tasks.length > 0) await core.submit(tasks, principal, sink);
    if (sink.data.length > 0) {
      sendJson(
        res,
        200,
        sink.errors.length > 0 ? { data: sink.data, errors: sink.errors } : { data: sink.data },
      );
    } else if (sink.errors.length > 0) {
      sendErrors(res, sink.errors);
    } else {
      sendErrors(res, [serviceErrors.serviceUnavailable("The engine is shutting down.")]);
    }
  }

  return (req, res) => {
    const path = pathOf(req.url);
    const origin = originOf(req);
    if (origin) options.onOrigin?.(origin);
    try {
      if (isMediaPath(path)) {
        if (req.method === "GET" || req.method === "HEAD")
          serveMedia(req, res, path, options.media, options.clock);
        else methodNotAllowed(res, "GET, HEAD", req.method);
      } else if (path === "/v1" || path === "/v1/") {
        if (req.method === "POST")
          postTasks(req, res, origin).catch((err: unknown) => internalError(res, err));
        else methodNotAllowed(res, "POST", req.method);
      } else {
        notFound(res, `The path ${path}`);
      }
    } catch (err) {
      internalError(res, err);
    }
  };
}
