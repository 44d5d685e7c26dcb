import "server-only";
import type { StudioDatabase } from "@/lib/server/db";
import type { MediaStorage } from "@/lib/server/storage";
import type { EventLog } from "@/lib/server/stream/event-log";
import type { UpstreamClient, WireTask } from "@/lib/upstream";
import type { Flight } from "./flight";
import type { TrustedOrigins } from "./media-bytes";
import type { TaskLeases } from "./task-leases";

export interface KeeperDeps {
  db: StudioDatabase;
  storage: MediaStorage;
  upstream: UpstreamClient;
  log: EventLog;
  /**
   * Origin of the configured service, or it and the operator's further media origins
   * (`UPSTREAM_MEDIA_ORIGINS`): media URLs there may be on a private address.
   */
  upstreamOrigin: TrustedOrigins;
  /**
   * Several studios on one database: each task in flight is watched by the instance holding its
   * lease. Without it (tests) this keeper watches every task in flight it finds at start.
   */
  leases?: TaskLeases;
  /**
   * The only studio on its database (the embedded one, locked to one process): leases left by an
   * earlier run are void at start, so its tasks are watched at once rather than after expiry.
   */
  sole?: boolean;
  /** How long `taskNotFound` means "not yet" (default `NOT_FOUND_GRACE_MS`). */
  notFoundGraceMs?: number;
  /** The wait before try number `attempt` (default `retryDelayMs`, jittered); tests shorten it. */
  retryDelay?: (attempt: number, retryAfterSeconds: number | undefined) => number;
  /**
   * The task as written to the service, rebuilt from its record (studio references resolved
   * again): what a task taken up after a restart is sent again with.
   */
  wireOf?: (flight: Flight) => Promise<WireTask>;
  /**
   * The member queue's side of taking tasks up after a restart. Without it the keeper sends the
   * tasks the service does not know again itself, at once.
   */
  requeue?: Requeue;
  /** How long after a re-send its watch starts (default by type, `POLL_AFTER_MS`); tests shorten it. */
  resendPollMs?: number;
}

/** Where tasks taken up after a restart go, so each member's share and order hold. */
export interface Requeue {
  /** A task the service holds: one of its author's slots. */
  running(authorId: string, taskUUID: string): void;
  /** Tasks the service does not know, oldest first: to be sent again in this order. */
  unsent(flights: Flight[]): void;
}
