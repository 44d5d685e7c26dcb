import "server-only";
import { logger } from "@/lib/platform/logger";
import { getTask, type TaskWithItems } from "@/lib/server/db";
import type { TaskLeases } from "./task-leases";

/** What the sweep asks of the keeper: the tasks it watches, and to drop or take one. */
export interface SweepTarget {
  watched(): string[];
  /** Another studio holds the task's lease now: stop watching it. */
  letGo(taskUUID: string): void;
  /** Tasks this studio just claimed, still in flight, oldest first: take them up. */
  adopt(tasks: TaskWithItems[]): Promise<void>;
}

/**
 * A studio's round of leases, every `leases.timing.sweepMs`: renews the leases it holds, lets go
 * of tasks another studio took over (this one stopped renewing for a lease's length: the other
 * watches them now), drops the leases of tasks that ended, and claims the tasks in flight nobody
 * watches (their studio stopped or died) for the keeper to watch.
 */
export class LeaseSweep {
  private timer: ReturnType<typeof setInterval> | null = null;
  private running: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly leases: TaskLeases,
    private readonly target: SweepTarget,
  ) {}

  /** `sole`: the database's only studio (embedded): leases of earlier runs are void at once. */
  async start(sole: boolean): Promise<void> {
    if (sole) await this.leases.releaseOthers();
    await this.sweep();
    this.timer = setInterval(() => void this.sweep(), this.leases.timing.sweepMs);
    this.timer.unref();
  }

  /** One round (a round already running is joined, not doubled). */
  sweep(): Promise<void> {
    this.running ??= this.round().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Stops sweeping and releases every lease held: the other studios take the tasks at once. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
    const released = await this.leases.releaseAll().catch(() => 0);
    if (released > 0) logger().info({ tasks: released, holder: this.leases.holder }, "task leases released");
  }

  private async round(): Promise<void> {
    if (this.closed) return;
    const { leases, target } = this;
    try {
      // Tasks watched before the renewal: one tracked meanwhile was leased before it was tracked.
      const watched = target.watched();
      const held = await leases.renew();
      for (const taskUUID of watched) {
        if (held.has(taskUUID)) continue;
        logger().warn({ taskUUID, holder: leases.holder }, "task lease lost; another studio watches it");
        target.letGo(taskUUID);
      }
      await leases.dropEnded();
      const claimed: TaskWithItems[] = [];
      for (const taskUUID of await leases.claim()) {
        if (this.closed) return;
        const task = await getTask(leases.db, taskUUID);
        if (!task || (task.status !== "queued" && task.status !== "processing")) {
          await leases.release([taskUUID]);
          continue;
        }
        logger().info({ taskUUID, holder: leases.holder }, "task taken over");
        claimed.push(task);
      }
      // In the order they were sent: those the service does not know go again in that order.
      claimed.sort(
        (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.taskUUID.localeCompare(b.taskUUID),
      );
      if (claimed.length > 0 && !this.closed) await target.adopt(claimed);
    } catch (err) {
      // The next round tries again; the leases held meanwhile last their TTL.
      if (!this.closed) logger().warn({ err }, "task lease sweep failed");
    }
  }
}
