import { describe, expect, it } from "vitest";
import { MemberQueue } from "./member-queue";

const jobs = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => ({ taskUUID: `${prefix}${i}` }));
const ids = (list: { taskUUID: string }[]) => list.map((j) => j.taskUUID);

function setup(caps = { activePerMember: 2, waitingPerMember: 3 }) {
  const sent: { member: string; ids: string[] }[] = [];
  const queue = new MemberQueue<{ taskUUID: string }>(
    () => caps,
    (member, list) => sent.push({ member, ids: ids(list) }),
  );
  return { queue, sent, caps };
}

describe("MemberQueue", () => {
  it("sends up to the member's cap at once and keeps the rest waiting, in order", () => {
    const { queue } = setup();
    const admitted = queue.admit("ann", jobs("a", 4));
    expect(admitted && ids(admitted.now)).toEqual(["a0", "a1"]);
    expect(admitted && ids(admitted.waiting)).toEqual(["a2", "a3"]);
    expect(queue.usage("ann")).toEqual({ active: 2, waiting: 2 });
  });

  it("gives a finished task's slot to the member's oldest waiting task", () => {
    const { queue, sent } = setup();
    queue.admit("ann", jobs("a", 4));
    queue.finished("ann", "a1");
    queue.finished("ann", "a0");
    expect(sent).toEqual([
      { member: "ann", ids: ["a2"] },
      { member: "ann", ids: ["a3"] },
    ]);
    // A task finishing twice (result and poll both report it) frees one slot only.
    queue.finished("ann", "a0");
    expect(queue.usage("ann")).toEqual({ active: 2, waiting: 0 });
  });

  it("lets another member's task out at once while one member floods", () => {
    const { queue } = setup();
    queue.admit("ann", jobs("a", 5));
    const bob = queue.admit("bob", jobs("b", 1));
    expect(bob && ids(bob.now)).toEqual(["b0"]);
    expect(queue.usage("ann")).toEqual({ active: 2, waiting: 3 });
  });

  it("refuses a batch that does not fit whole, and keeps nothing of it", () => {
    const { queue } = setup();
    expect(queue.room("ann")).toBe(5);
    queue.admit("ann", jobs("a", 4));
    expect(queue.room("ann")).toBe(1);
    expect(queue.admit("ann", jobs("x", 2))).toBeNull();
    expect(queue.usage("ann")).toEqual({ active: 2, waiting: 2 });
  });

  it("withdraws tasks whose request was not sent, and frees their slots for waiting ones", () => {
    const { queue, sent } = setup();
    queue.admit("ann", jobs("a", 2));
    queue.admit("ann", jobs("c", 2));
    queue.withdraw("ann", ["a0", "a1"]);
    expect(sent).toEqual([{ member: "ann", ids: ["c0", "c1"] }]);
    expect(queue.usage("ann")).toEqual({ active: 2, waiting: 0 });
  });

  it("sends waiting tasks when the owner raises the cap", () => {
    const { queue, sent, caps } = setup();
    queue.admit("ann", jobs("a", 4));
    caps.activePerMember = 3;
    queue.refill();
    expect(sent).toEqual([{ member: "ann", ids: ["a2"] }]);
  });

  it("takes tasks back after a restart in their order, ahead of those sent since, behind held ones' slots", () => {
    const { queue, sent } = setup({ activePerMember: 2, waitingPerMember: 3 });
    // The service still holds one task of Ann's: it takes a slot.
    queue.occupy("ann", "held");
    // A task sent since the restart got the other slot; two more wait.
    queue.admit("ann", jobs("new", 3));
    queue.readmit("ann", jobs("old", 2));
    queue.readmit("ann", jobs("older-batch-2-", 1));
    expect(sent).toEqual([]);
    queue.finished("ann", "held");
    queue.finished("ann", "new0");
    queue.finished("ann", "old0");
    queue.finished("ann", "old1");
    expect(sent).toEqual([
      { member: "ann", ids: ["old0"] },
      { member: "ann", ids: ["old1"] },
      { member: "ann", ids: ["older-batch-2-0"] },
      { member: "ann", ids: ["new1"] },
    ]);
  });

  it("a task that ended while it waited waits no more; a paused queue sends nothing", () => {
    const { queue, sent } = setup({ activePerMember: 1, waitingPerMember: 3 });
    queue.admit("ann", jobs("a", 3));
    queue.finished("ann", "a1");
    expect(queue.usage("ann")).toEqual({ active: 1, waiting: 1 });
    queue.pause();
    queue.finished("ann", "a0");
    expect(sent).toEqual([]);
    expect(queue.usage("ann")).toEqual({ active: 0, waiting: 1 });
  });
});
