import "server-only";
import { randomBytes } from "node:crypto";
import os from "node:os";
import {
  claimLeases,
  dropEndedLeases,
  releaseLeases,
  releaseOtherLeases,
  renewLeases,
  type StudioDatabase,
  takeLeases,
} from "@/lib/server/db";

/**
 * A lease lasts 30 s from its last renewal and is renewed every 10 s: two renewals may fail (a
 * slow database, a long pause of the event loop) before another instance takes the task over, and
 * a task whose instance died is watched again within 30 s plus one sweep.
 */
export const LEASE_TTL_MS = 30_000;
export const LEASE_SWEEP_MS = 10_000;

export interface LeaseTiming {
  ttlMs: number;
  /** How often the holder renews its leases and claims expired ones. */
  sweepMs: number;
}

/** This instance's name in `task_lease.holder`: readable in the table, unique per process. */
export function instanceId(): string {
  return `${os.hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
}

/** One instance's leases on tasks in flight: what the keeper and `submitTasks` use. */
export class TaskLeases {
  readonly timing: LeaseTiming;

  constructor(
    readonly db: StudioDatabase,
    readonly holder: string = instanceId(),
    timing: Partial<LeaseTiming> = {},
  ) {
    this.timing = { ttlMs: timing.ttlMs ?? LEASE_TTL_MS, sweepMs: timing.sweepMs ?? LEASE_SWEEP_MS };
  }

  /** Tasks this instance just recorded: its own to watch from the start. */
  take(taskUUIDs: readonly string[]): Promise<string[]> {
    return takeLeases(this.db, this.holder, taskUUIDs, this.timing.ttlMs);
  }

  /** Tasks in flight nobody watches (no lease, or an expired one), now this instance's. */
  claim(limit?: number): Promise<string[]> {
    return claimLeases(this.db, this.holder, this.timing.ttlMs, limit);
  }

  /** Renews every lease held; answers the tasks still held. */
  renew(): Promise<Set<string>> {
    return renewLeases(this.db, this.holder, this.timing.ttlMs);
  }

  release(taskUUIDs: readonly string[]): Promise<number> {
    return releaseLeases(this.db, this.holder, taskUUIDs);
  }

  /** Every lease of this instance: a stopping studio hands its tasks to the others at once. */
  releaseAll(): Promise<number> {
    return releaseLeases(this.db, this.holder);
  }

  /** Leases of every other holder: void when this instance is the database's only one. */
  releaseOthers(): Promise<number> {
    return releaseOtherLeases(this.db, this.holder);
  }

  dropEnded(): Promise<number> {
    return dropEndedLeases(this.db);
  }
}
