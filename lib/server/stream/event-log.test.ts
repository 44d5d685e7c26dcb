import { describe, expect, it } from "vitest";
import { EventLog } from "./event-log";
import { galleryItem as item, taskUpdate as task } from "./test-support";

describe("EventLog", () => {
  it("numbers events in one sequence and replays what a user missed, their tasks and the team's items", () => {
    const log = new EventLog();
    log.publishItem(item("a"));
    log.publishTask("u1", task("t1"));
    log.publishTask("u2", task("t2"));
    log.publishItem(item("b"));
    expect(log.lastSeq).toBe(4);
    expect(log.missed("u1", log.epoch, 1)?.map((e) => e.seq)).toEqual([2, 4]);
    expect(log.missed("u2", log.epoch, 0)?.map((e) => e.seq)).toEqual([1, 3, 4]);
    expect(log.missed("u2", log.epoch, 4)).toEqual([]);
  });

  it("asks for a refetch when the epoch differs, the sequence is from the future, or the gap left the window", () => {
    let now = 0;
    const log = new EventLog({ maxEvents: 3, maxAgeMs: 1000, now: () => now });
    for (const id of ["a", "b", "c", "d"]) log.publishItem(item(id));
    expect(log.missed("u1", "another-epoch", 0)).toBeNull();
    expect(log.missed("u1", log.epoch, 9)).toBeNull();
    // Event 1 fell out (maxEvents 3): a tab that saw nothing cannot be caught up.
    expect(log.missed("u1", log.epoch, 0)).toBeNull();
    expect(log.missed("u1", log.epoch, 1)?.map((e) => e.seq)).toEqual([2, 3, 4]);
    now = 5000;
    expect(log.missed("u1", log.epoch, 3)).toBeNull();
    expect(log.missed("u1", log.epoch, 4)).toEqual([]);
  });

  it("tells live listeners each event with its audience, until they unsubscribe", () => {
    const log = new EventLog();
    const seen: string[] = [];
    const off = log.subscribe((event, audience) =>
      seen.push(`${event.type}:${"team" in audience ? "team" : audience.userId}`),
    );
    log.publishItem(item("a"));
    log.publishTask("u2", task("t"));
    off();
    log.publishItem(item("b"));
    expect(seen).toEqual(["item:team", "task:u2"]);
  });
});
