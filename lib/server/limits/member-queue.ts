import "server-only";
import type { StudioLimits } from "@/lib/studio/limits";

type Caps = Pick<StudioLimits, "activePerMember" | "waitingPerMember">;

interface Lane<J> {
  /** Tasks handed to the service and not finished. */
  active: Set<string>;
  /** Tasks waiting in the studio for a free slot, oldest first. */
  waiting: J[];
}

/**
 * A fair share of the service for each member: at most `activePerMember` of a member's tasks are
 * out at once; the rest wait here, in the order sent, and go out as earlier ones finish. One
 * member's flood waits in their own lane, so another member's task goes out at once.
 *
 * In memory only: after a restart, tasks that were waiting are found `queued` by the result keeper
 * and, never having been sent, end as failed without a result (one truth: nothing lands later).
 */
export class MemberQueue<J extends { taskUUID: string }> {
  private readonly lanes = new Map<string, Lane<J>>();

  constructor(
    private readonly caps: () => Caps,
    /** Sends tasks that just got a slot (after an earlier task finished, or the caps grew). */
    private readonly dispatch: (memberId: string, jobs: J[]) => void,
  ) {}

  /** What the member has out and waiting. */
  usage(memberId: string): { active: number; waiting: number } {
    const lane = this.lanes.get(memberId);
    return { active: lane?.active.size ?? 0, waiting: lane?.waiting.length ?? 0 };
  }

  /** How many more tasks the member may send now (free slots plus room to wait). */
  room(memberId: string): number {
    const { activePerMember, waitingPerMember } = this.caps();
    const { active, waiting } = this.usage(memberId);
    return Math.max(0, activePerMember - active) + Math.max(0, waitingPerMember - waiting);
  }

  /**
   * Takes `jobs` (all, or none when they do not fit: answers null): those that get a slot are
   * returned in `now` for the caller to send; the rest wait behind the member's earlier tasks.
   */
  admit(memberId: string, jobs: readonly J[]): { now: J[]; waiting: J[] } | null {
    if (jobs.length > this.room(memberId)) return null;
    const lane = this.lane(memberId);
    // Earlier waiting tasks take free slots first (the caps may have grown): the member's order
    // holds, and these get a slot only when nobody of theirs is waiting.
    const earlier = this.take(lane);
    if (earlier.length > 0) this.dispatch(memberId, earlier);
    lane.waiting.push(...jobs);
    const now = this.take(lane);
    return { now, waiting: jobs.slice(now.length) };
  }

  /** A task of the member finished (or failed): its slot goes to the member's next waiting task. */
  finished(memberId: string, taskUUID: string): void {
    const lane = this.lanes.get(memberId);
    if (!lane?.active.delete(taskUUID)) return;
    const next = this.take(lane);
    if (next.length > 0) this.dispatch(memberId, next);
    this.prune(memberId, lane);
  }

  /** Takes waiting tasks out of the queue (their request was not sent after all). */
  withdraw(memberId: string, taskUUIDs: readonly string[]): void {
    const lane = this.lanes.get(memberId);
    if (!lane) return;
    const gone = new Set(taskUUIDs);
    lane.waiting = lane.waiting.filter((j) => !gone.has(j.taskUUID));
    for (const id of gone) lane.active.delete(id);
    const next = this.take(lane);
    if (next.length > 0) this.dispatch(memberId, next);
    this.prune(memberId, lane);
  }

  /** The caps changed: members with free slots send their waiting tasks. */
  refill(): void {
    for (const [memberId, lane] of this.lanes) {
      const next = this.take(lane);
      if (next.length > 0) this.dispatch(memberId, next);
    }
  }

  private lane(memberId: string): Lane<J> {
    let lane = this.lanes.get(memberId);
    if (!lane) {
      lane = { active: new Set(), waiting: [] };
      this.lanes.set(memberId, lane);
    }
    return lane;
  }

  /** Moves waiting tasks into free slots, oldest first; answers them. */
  private take(lane: Lane<J>): J[] {
    const free = Math.max(0, this.caps().activePerMember - lane.active.size);
    const next = lane.waiting.splice(0, free);
    for (const job of next) lane.active.add(job.taskUUID);
    return next;
  }

  private prune(memberId: string, lane: Lane<J>): void {
    if (lane.active.size === 0 && lane.waiting.length === 0) this.lanes.delete(memberId);
  }
}
