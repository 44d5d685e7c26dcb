import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { studioSetting } from "@/lib/server/db/schema";
import { createTestUser, type TestDatabase, testBackends } from "@/lib/server/db/test-databases";
import { DEFAULT_STUDIO_LIMITS } from "@/lib/studio/limits/limits";
import { LimitSettings } from "./limit-settings";

let database: TestDatabase;
let owner: string;

beforeAll(async () => {
  database = await (testBackends[0] as (typeof testBackends)[number]).open();
  owner = await createTestUser(database, "owner");
}, 60_000);

afterAll(async () => {
  await database?.dispose();
});

describe("LimitSettings", () => {
  it("starts from the defaults, and keeps the owner's caps across a restart", async () => {
    const settings = new LimitSettings(database.db);
    expect(await settings.load()).toEqual(DEFAULT_STUDIO_LIMITS);
    const changed: number[] = [];
    settings.onChange((l) => changed.push(l.activePerMember));
    const caps = {
      tasksPerRequest: 10,
      resultsPerRequest: 20,
      activePerMember: 2,
      waitingPerMember: 5,
      maxExperimentCells: 30,
    };
    await settings.update(caps, owner);
    expect(settings.current()).toEqual(caps);
    expect(changed).toEqual([2]);
    expect(await new LimitSettings(database.db).load()).toEqual(caps);
  });

  it("refuses caps out of bounds", async () => {
    const settings = new LimitSettings(database.db);
    await expect(settings.update({ ...DEFAULT_STUDIO_LIMITS, activePerMember: 0 }, owner)).rejects.toThrow(
      /A whole number from 1 to 100/,
    );
  });

  it("falls back to the defaults, value by value, for a stored row that no longer parses", async () => {
    await database.db.update(studioSetting).set({ value: { tasksPerRequest: 7, oldCap: true } });
    expect(await new LimitSettings(database.db).load()).toEqual({
      ...DEFAULT_STUDIO_LIMITS,
      tasksPerRequest: 7,
    });
  });
});
