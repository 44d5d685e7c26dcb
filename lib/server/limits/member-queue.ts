import "server-only";
import type { StudioLimits } from "@/lib/studio/limits/limits";

type Caps = Pick<StudioLimits, "activePerMember" | "waitingPerMember">;

/** How a waiting task is steered (see `task.held`, `task.priority`, `task.rank`). */
export interface Steer {
  held: boolean;
  priority: number;
  rank: number;
}

/** A job's steering, as the queue reads it: unsteered jobs wait unpaused, in arrival order. */
export interface Steerable {
  taskUUID: string;
  steer?: Steer;
}

/** Sending order: higher priority first, then lower rank; equal ones keep their order here. */
function sendingOrder<J extends Steerable>(waiting: readonly J[]): J[] {
  return waiting
    .map((job, at) => ({ job, at }))
    .sort(
      (x, y) =>
        (y.job.steer?.priority ?? 0) - (x.job.steer?.priority ?? 0) ||
        (x.job.steer?.rank ?? 0) - (y.job.steer?.rank ?? 0) ||
        x.at - y.at,
    )
    .map((e) => e.job);
}

interface Lane<J> {
  /** Tasks handed to the service and not finished. */
  active: Set<string>;
  /** Tasks waiting in the studio for a free slot, oldest first. */
  waiting: J[];
  /** How many of `waiting`, at its head, came back after a restart. */
  readmitted: number;
}

/**
 * A fair share of the service for each member: at most `activePerMember` of a member's tasks are
 * out at once; the rest wait here, and go out as earlier ones finish: by priority, then by place
 * (the order sent, unless moved), paused ones skipped. One
 * member's flood waits in their own lane, so another member's task goes out at once.
 *
 * In memory only: after a restart, the result keeper finds the tasks that were waiting `queued`,
 * asks the service, and those it does not know come back here (`readmit`), in their order and
 * ahead of tasks sent since; those it holds take their slots (`occupy`).
 */
export class MemberQueue<J extends Steerable> {
  private readonly lanes = new Map<string, Lane<J>>();
  private paused = false;

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

  /**
   * Tasks recorded before a restart that the service does not hold: they wait again, in the
   * order given, behind those that came back before them and ahead of any sent since (they were
   * sent first). No room is asked: they were admitted once.
   */
  readmit(memberId: string, jobs: readonly J[]): void {
    if (jobs.length === 0) return;
    const lane = this.lane(memberId);
    const known = new Set(lane.waiting.map((j) => j.taskUUID));
    const fresh = jobs.filter((j) => !known.has(j.taskUUID) && !lane.active.has(j.taskUUID));
    lane.waiting.splice(lane.readmitted, 0, ...fresh);
    lane.readmitted += fresh.length;
    const next = this.take(lane);
    if (next.length > 0) this.dispatch(memberId, next);
  }

  /** A task recorded before a restart that the service holds: it takes one of the member's slots. */
  occupy(memberId: string, taskUUID: string): void {
    this.lane(memberId).active.add(taskUUID);
  }

  /** Sends nothing more (the studio is stopping): what waits stays recorded for the next start. */
  pause(): void {
    this.paused = true;
  }

  /**
   * A task of the member finished (or failed): its slot goes to the member's next waiting task.
   * A task that ended while it waited (its result came after all) waits no more.
   */
  finished(memberId: string, taskUUID: string): void {
    const lane = this.lanes.get(memberId);
    if (!lane) return;
    const at = lane.waiting.findIndex((j) => j.taskUUID === taskUUID);
    if (at >= 0) {
      lane.waiting.splice(at, 1);
      if (at < lane.readmitted) lane.readmitted -= 1;
    }
    if (!lane.active.delete(taskUUID)) {
      this.prune(memberId, lane);
      return;
    }
    const next = this.take(lane);
    if (next.length > 0) this.dispatch(memberId, next);
    this.prune(memberId, lane);
  }

  /** Takes waiting tasks out of the queue (their request was not sent after all). */
  withdraw(memberId: string, taskUUIDs: readonly string[]): void {
    const lane = this.lanes.get(memberId);
    if (!lane) return;
    const gone = new Set(taskUUIDs);
    lane.readmitted -= lane.waiting.slice(0, lane.readmitted).filter((j) => gone.has(j.taskUUID)).length;
    lane.waiting = lane.waiting.filter((j) => !gone.has(j.taskUUID));
    for (const id of gone) lane.active.delete(id);
    const next = this.take(lane);
    if (next.length > 0) this.dispatch(memberId, next);
    this.prune(memberId, lane);
  }

  /**
   * Jobs taken for sending that were found paused when their turn came (another studio paused
   * them meanwhile): they give their slots back and wait again, paused.
   */
  putBack(memberId: string, jobs: readonly J[]): void {
    if (jobs.length === 0) return;
    const lane = this.lane(memberId);
    for (const job of jobs) {
      lane.active.delete(job.taskUUID);
      job.steer = { ...(job.steer ?? { priority: 0, rank: 0 }), held: true };
    }
    lane.waiting.push(...jobs);
    const next = this.take(lane);
    if (next.length > 0) this.dispatch(memberId, next);
  }

  /** The waiting tasks and their members: what a studio asks the database about after a steering change. */
  waitingIds(): { memberId: string; taskUUID: string }[] {
    return [...this.lanes.entries()].flatMap(([memberId, lane]) =>
      lane.waiting.map((j) => ({ memberId, taskUUID: j.taskUUID })),
    );
  }

  /**
   * Steering read from the database for waiting tasks: each takes its new place, and members
   * with free slots send what is now first and not paused.
   */
  steer(updates: ReadonlyMap<string, Steer>): void {
    for (const lane of this.lanes.values()) {
      for (const job of lane.waiting) {
        const update = updates.get(job.taskUUID);
        if (update) job.steer = update;
      }
    }
    this.refill();
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
      lane = { active: new Set(), waiting: [], readmitted: 0 };
      this.lanes.set(memberId, lane);
    }
    return lane;
  }

  /**
   * Moves waiting tasks into free slots, in sending order, skipping paused ones; answers them.
   * Readmitted tasks keep their lead over the rest at equal priority and rank.
   */
  private take(lane: Lane<J>): J[] {
    if (this.paused) return [];
    const free = Math.max(0, this.caps().activePerMember - lane.active.size);
    if (free === 0 || lane.waiting.length === 0) return [];
    const next = sendingOrder(lane.waiting)
      .filter((j) => !j.steer?.held)
      .slice(0, free);
    if (next.length === 0) return [];
    const taken = new Set(next);
    let readmittedTaken = 0;
    lane.waiting = lane.waiting.filter((job, at) => {
      if (!taken.has(job)) return true;
      if (at < lane.readmitted) readmittedTaken += 1;
      return false;
    });
    lane.readmitted = Math.max(0, lane.readmitted - readmittedTaken);
    for (const job of next) lane.active.add(job.taskUUID);
    return next;
  }

  private prune(memberId: string, lane: Lane<J>): void {
    if (lane.active.size === 0 && lane.waiting.length === 0) this.lanes.delete(memberId);
  }
}
