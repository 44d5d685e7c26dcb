import "server-only";
import { logger } from "@/lib/platform/logger";
import type { StudioDatabase } from "@/lib/server/db";
import type { MemberQueue } from "@/lib/server/limits/member-queue";
import type { Job } from "@/lib/server/tasks/hand-over";
import { steeringOf } from "./waiting";

/**
 * Keeps the tasks this studio holds waiting in step with the database after a steering change
 * made on any studio (announced as a `queue` event): each takes its new pause, priority and place,
 * and one ended meanwhile leaves. The database stays the judge at sending (see `sendGate`); this
 * only makes the order right and a resume prompt. Changes arriving while a read runs are folded
 * into one more read.
 */
export class QueueSync {
  private running: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly db: StudioDatabase,
    private readonly queue: MemberQueue<Job>,
  ) {}

  changed(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.read().catch((err: unknown) => logger().warn({ err }, "queue steering not read"));
      } while (this.again);
      this.running = null;
    })();
    return this.running;
  }

  private async read(): Promise<void> {
    const waiting = this.queue.waitingIds();
    if (waiting.length === 0) return;
    const steering = await steeringOf(
      this.db,
      waiting.map((w) => w.taskUUID),
    );
    for (const w of waiting) if (!steering.has(w.taskUUID)) this.queue.finished(w.memberId, w.taskUUID);
    this.queue.steer(steering);
  }
}
