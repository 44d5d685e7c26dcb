import "server-only";
import type { ServiceError } from "@/lib/protocol/errors";
import type { ImageResult, ResultObject, VideoResult } from "@/lib/protocol/results";

/**
 * App types: what the studio's server works with. Wire types (what the service writes) live in
 * `wire.ts`; `reshape.ts` is the only bridge.
 */

/**
 * Every error reaching a caller is the contract's error object; `parameter` is always one string.
 * `retryAfter` (seconds) is kept when the service says how long to wait before trying again.
 */
export type UpstreamError = ServiceError & { retryAfter?: number };

/** Why a task counts as accepted without a result in hand. */
export type AcceptedVia =
  /** The service's immediate acknowledgment of an async task. */
  | "ack"
  /**
   * A retried POST (or a task re-sent after a socket drop) answered `conflictTaskUUID`: an earlier
   * attempt reached the service, which holds the task. Its results arrive by push or by polling
   * (`getResponse` answers for sync tasks too); they are not in this answer.
   */
  | "conflictOnRetry";

export interface ImageItem {
  kind: "image";
  taskType: "imageInference";
  taskUUID: string;
  /** The item's identity: its imageUUID. */
  id: string;
  result: ImageResult;
}

export interface VideoItem {
  kind: "video";
  taskType: "videoInference";
  taskUUID: string;
  /** The item's identity: its videoUUID. */
  id: string;
  result: VideoResult;
}

/** A result of another task type (upload, model search...) or one the result schemas do not know. */
export interface OtherItem {
  kind: "other";
  taskType: string;
  taskUUID: string;
  /** A media UUID of the result when it has one, else a digest of its content. */
  id: string;
  result: ResultObject;
}

export interface AcceptedItem {
  kind: "accepted";
  taskType: string;
  taskUUID: string;
  via: AcceptedVia;
}

export type ResultItem = ImageItem | VideoItem | OtherItem;
export type UpstreamItem = ResultItem | AcceptedItem;

/** An answer to a POST. Errors are scoped per task: both lists may have entries. */
export interface RequestOutcome {
  data: UpstreamItem[];
  errors: UpstreamError[];
}

// Polling ---------------------------------------------------------------------------------------

/** One generation of an async task, as a poll sees it; `index` is its place in the stable order. */
export type PollItem =
  | { status: "processing"; index: number; taskType: string; taskUUID: string; progress?: number }
  | { status: "success"; index: number; taskType: string; taskUUID: string; item: ResultItem }
  | { status: "error"; index: number; taskType: string; taskUUID: string; error: UpstreamError };

export type FinishedPollItem = Exclude<PollItem, { status: "processing" }>;

export type PollOutcome = { ok: true; items: PollItem[] } | { ok: false; error: UpstreamError };

/** `items`: every finished item seen, in index order (also when the watch ended early). */
export type WatchOutcome =
  | { ok: true; items: FinishedPollItem[] }
  | { ok: false; error: UpstreamError; items: FinishedPollItem[] };

// WebSocket ------------------------------------------------------------------------------------

export type ConnectionEvent =
  | {
      type: "connection";
      change: "connected";
      sessionUUID: string;
      /**
       * False after an earlier session means the service started a new one: results that completed
       * while away are not coming by push, so in-flight tasks should be watched by polling.
       */
      resumed: boolean;
      /** The session UUID this one replaced when `resumed` is false, if any. */
      lostSessionUUID?: string;
    }
  | { type: "connection"; change: "disconnected"; error: UpstreamError }
  /** An error the service sent without a taskUUID: it concerns the connection, not a task. */
  | { type: "connection"; change: "error"; error: UpstreamError }
  /**
   * The key was refused: waiting sends are rejected with the refusal, and the session tries again
   * with a slower backoff (`WsOptions.refused`), reading the key afresh each time.
   */
  | { type: "connection"; change: "failed"; error: UpstreamError };

export type UpstreamEvent =
  | { type: "item"; taskUUID: string; item: UpstreamItem }
  | { type: "error"; taskUUID: string; error: UpstreamError }
  | ConnectionEvent;

export type SessionState = "idle" | "connecting" | "connected" | "reconnecting" | "failed" | "closed";

export interface SessionStatus {
  state: SessionState;
  connected: boolean;
  sessionUUID: string | null;
  /** The last error of the connection (never contains the key). */
  lastError: UpstreamError | null;
  /** Messages waiting for a connection. */
  queued: number;
  /** Successful authentications after the first. */
  reconnects: number;
  /**
   * While the key stands refused (`state` is `failed`): when the next try starts, in `Date.now()`
   * milliseconds; null otherwise.
   */
  retryAt: number | null;
}
