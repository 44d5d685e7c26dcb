import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import type { Task } from "@/lib/protocol/envelope";
import type { ServiceError } from "@/lib/protocol/errors";

/**
 * What `createEngine` returns: request handlers and nothing that listens. `server.ts` mounts them
 * at `/v1`; the engine CLI serves them alone.
 */
export interface Engine {
  /** Handles an HTTP request whose path starts with the engine's base path (`/v1`). */
  handleRequest(req: IncomingMessage, res: ServerResponse): void;
  /** Handles a WebSocket upgrade to the engine's base path. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Stops timers, closes sockets and flushes stores. */
  close(): Promise<void>;
}

/** Who sent a task: the account that owns the API key used. */
export interface Principal {
  accountId: string;
  keyId: string;
}

/** A result object as the contract sends it (image result, video result, ack, pong...). */
export type ResultObject = { taskType: string; taskUUID?: string } & Record<string, unknown>;

/**
 * Where a submission's outcomes go, in completion order. A WebSocket session is a long-lived sink
 * (it buffers while its socket is away and expires after the resume window); an HTTP request is a
 * short-lived one.
 */
export interface ResultSink {
  result(result: ResultObject): void;
  error(error: ServiceError): void;
  /**
   * True when results of async tasks should still come here after `submit` resolved (WebSocket
   * sessions). HTTP clients get async results by polling `getResponse` or by webhook.
   */
  readonly wantsAsyncResults: boolean;
  /**
   * Origin (`http://host:port`, no trailing slash) that media URLs in results delivered to this
   * sink are built on: the HTTP request's Host, or the WebSocket upgrade request's. When absent
   * the engine uses the origin it last saw, else its configured host and port.
   */
  readonly baseUrl?: string;
}

/**
 * The transport-independent engine: HTTP and WebSocket both authenticate and submit through it.
 * `submit` resolves once every sync task has produced its results (or errors) and every async task
 * has been acknowledged; async results arrive later through the sink (if it wants them), polling
 * (`getResponse` is an ordinary task) and webhooks.
 */
export interface EngineCore {
  authenticate(apiKey: string): Promise<Principal | null>;
  submit(tasks: readonly Task[], principal: Principal, sink: ResultSink): Promise<void>;
  close(): Promise<void>;
}
