import { describe, expect, it } from "vitest";
import { PresenceStore } from "./store";

const ada = { userId: "u-ada", name: "Ada Lovelace" };
const grace = { userId: "u-grace", name: "Grace Hopper" };
const ITEM = "item:1";
const OTHER = "item:2";

describe("PresenceStore", () => {
  it("a tab that joins a page is seen there by others, and not by itself", () => {
    const store = new PresenceStore();
    expect(store.put("i1", "t1", { ...ada, on: ITEM }, 1000)).toEqual([ITEM]);
    expect(store.membersOn(ITEM)).toEqual([ada]);
    expect(store.membersOn(ITEM, ada.userId)).toEqual([]);
    expect(store.membersOn(OTHER)).toEqual([]);
  });

  it("a heartbeat changes nothing anyone sees; a move changes both pages", () => {
    const store = new PresenceStore();
    store.put("i1", "t1", { ...ada, on: ITEM }, 1000);
    expect(store.put("i1", "t1", { ...ada, on: ITEM }, 2000)).toEqual([]);
    expect(store.put("i1", "t1", { ...ada, on: OTHER }, 3000).sort()).toEqual([ITEM, OTHER]);
    expect(store.membersOn(ITEM)).toEqual([]);
    expect(store.membersOn(OTHER)).toEqual([ada]);
  });

  it("a tab that leaves is gone at once", () => {
    const store = new PresenceStore();
    store.put("i1", "t1", { ...ada, on: ITEM }, 1000);
    expect(store.drop("i1", "t1")).toEqual([ITEM]);
    expect(store.membersOn(ITEM)).toEqual([]);
    expect(store.drop("i1", "t1")).toEqual([]);
    expect(store.size).toBe(0);
  });

  it("one member with two tabs on a page shows once, and stays while one tab remains", () => {
    const store = new PresenceStore();
    store.put("i1", "t1", { ...ada, on: ITEM }, 1000);
    store.put("i2", "t2", { ...ada, on: ITEM }, 1500);
    store.put("i1", "t3", { ...grace, on: ITEM }, 2000);
    expect(store.membersOn(ITEM)).toEqual([ada, grace]);
    expect(store.membersOn(ITEM, grace.userId)).toEqual([ada]);
    store.drop("i1", "t1");
    expect(store.membersOn(ITEM, grace.userId)).toEqual([ada]);
    store.drop("i2", "t2");
    expect(store.membersOn(ITEM, grace.userId)).toEqual([]);
  });

  it("lists members in the order they came", () => {
    const store = new PresenceStore();
    store.put("i1", "t1", { ...grace, on: ITEM }, 1000);
    store.put("i2", "t2", { ...ada, on: ITEM }, 2000);
    expect(store.membersOn(ITEM).map((m) => m.name)).toEqual(["Grace Hopper", "Ada Lovelace"]);
  });

  it("a tab not heard of since the cut expires; one kept alive by heartbeats stays", () => {
    const store = new PresenceStore();
    store.put("i1", "quiet", { ...ada, on: ITEM }, 1000);
    store.put("i2", "alive", { ...grace, on: ITEM }, 1000);
    store.touch("i2", "alive", 50_000);
    const gone = store.expire(10_000);
    expect(gone).toEqual({ tabs: [{ instance: "i1", tab: "quiet" }], targets: [ITEM] });
    expect(store.membersOn(ITEM)).toEqual([grace]);
    expect(store.expire(10_000)).toEqual({ tabs: [], targets: [] });
  });

  it("merges the tabs of several instances, and drops all of one that stops", () => {
    const store = new PresenceStore();
    store.put("i1", "t1", { ...ada, on: ITEM }, 1000);
    store.put("i2", "t1", { ...grace, on: ITEM }, 1000);
    store.put("i2", "t2", { ...grace, on: OTHER }, 1000);
    expect(store.size).toBe(3);
    expect(store.dropInstance("i2").sort()).toEqual([ITEM, OTHER]);
    expect(store.membersOn(ITEM)).toEqual([ada]);
    expect(store.membersOn(OTHER)).toEqual([]);
  });

  it("a renamed member's next word changes what is shown", () => {
    const store = new PresenceStore();
    store.put("i1", "t1", { ...ada, on: ITEM }, 1000);
    expect(store.put("i1", "t1", { ...ada, name: "Ada King", on: ITEM }, 2000)).toEqual([ITEM]);
    expect(store.membersOn(ITEM)).toEqual([{ userId: ada.userId, name: "Ada King" }]);
  });
});
