import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { spendEntry } from "@/lib/server/db/schema";
import { createTestUser, type TestDatabase, testBackends } from "@/lib/server/db/test-databases";
import { estimateCost } from "./estimate";
import { recordSpend } from "./ledger";

const MODEL = "civitai:4201@130072";

const task = (extra: Record<string, unknown> = {}) => ({
  taskType: "imageInference",
  taskUUID: randomUUID(),
  positivePrompt: "a lighthouse on a cliff at dusk",
  model: MODEL,
  width: 448,
  height: 448,
  ...extra,
});

describe.each(testBackends.filter((b) => !b.skip))(
  "estimates read an omitted parameter as its default ($name)",
  (backend) => {
    let database: TestDatabase;
    let member: string;
    const pricing = () => ({ embedded: false, db: database.db });

    beforeAll(async () => {
      database = await backend.open();
      member = await createTestUser(database, "ann");
    }, 60_000);
    afterAll(async () => {
      await database?.dispose();
    });
    beforeEach(async () => {
      await database.db.delete(spendEntry);
    });

    it("prices a task sent without steps, and one with steps 20, from a result charged without steps", async () => {
      await recordSpend(database.db, {
        key: randomUUID(),
        taskUUID: randomUUID(),
        memberId: member,
        taskType: "imageInference",
        params: task(),
        usd: 0.3,
      });
      const expected = { usd: 0.3, results: 1, source: "history" };
      expect(await estimateCost([task()], pricing())).toEqual(expected);
      expect(await estimateCost([task({ steps: 20 })], pricing())).toEqual(expected);
      // Far more steps is not the same task.
      expect(await estimateCost([task({ steps: 60 })], pricing())).toMatchObject({
        usd: null,
        source: "none",
      });
    });

    it("prices a task sent without steps from a result charged with steps 20", async () => {
      await recordSpend(database.db, {
        key: randomUUID(),
        taskUUID: randomUUID(),
        memberId: member,
        taskType: "imageInference",
        params: task({ steps: 20 }),
        usd: 0.3,
      });
      expect(await estimateCost([task()], pricing())).toEqual({ usd: 0.3, results: 1, source: "history" });
    });

    it("reads a row the ledger wrote before it filled defaults (steps null) as 20 steps", async () => {
      await database.db.insert(spendEntry).values({
        key: randomUUID(),
        taskUUID: randomUUID(),
        memberId: member,
        taskType: "imageInference",
        model: MODEL,
        width: 448,
        height: 448,
        steps: null,
        usd: 0.3,
      });
      expect(await estimateCost([task({ steps: 20 })], pricing())).toEqual({
        usd: 0.3,
        results: 1,
        source: "history",
      });
    });
  },
);
