import { describe, expect, it } from "vitest";
import { MemberQueue, type Steer } from "./member-queue";

/** The lane's sending order under steering: priority, then place; paused ones wait. */

type J = { taskUUID: string; steer?: Steer };
const job = (taskUUID: string, steer?: Partial<Steer>): J => ({
  taskUUID,
  steer: { held: false, priority: 0, rank: 0, ...steer },
});

function lane(active = 1) {
  const sent: string[] = [];
  const queue = new MemberQueue<J>(
    () => ({ activePerMember: active, waitingPerMember: 100 }),
    (_m, jobs) => sent.push(...jobs.map((j) => j.taskUUID)),
  );
  return { queue, sent };
}

describe("a steered lane", () => {
  it("sends high before normal before low, and by rank within each", () => {
    const { queue, sent } = lane(1);
    const first = queue.admit("m", [job("busy")]);
    expect(first?.now.map((j) => j.taskUUID)).toEqual(["busy"]);
    queue.admit("m", [
      job("low", { priority: -1, rank: 1 }),
      job("n2", { rank: 3 }),
      job("n1", { rank: 2 }),
      job("high", { priority: 1, rank: 9 }),
    ]);
    for (const id of ["busy", "high", "n1", "n2"]) queue.finished("m", id);
    expect(sent).toEqual(["high", "n1", "n2", "low"]);
  });

  it("skips paused tasks, takes back those the database found paused, and sends them once let go", () => {
    const { queue, sent } = lane(2);
    const a = job("a", { held: true, rank: 1 });
    const b = job("b", { rank: 2 });
    const c = job("c", { rank: 3 });
    const admitted = queue.admit("m", [a, b, c]);
    expect(admitted?.now.map((j) => j.taskUUID)).toEqual(["b", "c"]);
    // The gate found c paused by another studio: it waits again, its slot free.
    queue.putBack("m", [c]);
    expect(queue.usage("m")).toEqual({ active: 1, waiting: 2 });
    queue.steer(
      new Map([
        ["a", { held: false, priority: 0, rank: 1 }],
        ["c", { held: false, priority: 0, rank: 3 }],
      ]),
    );
    expect(sent).toEqual(["a"]);
    queue.finished("m", "b");
    expect(sent).toEqual(["a", "c"]);
  });
});
