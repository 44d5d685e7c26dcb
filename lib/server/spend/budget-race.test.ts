import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imagePrice as imageCost } from "@/lib/protocol/service-prices";
import type { SessionUser } from "@/lib/server/auth/caller";
import type { OpenedDatabase } from "@/lib/server/db/database";
import { task } from "@/lib/server/db/schema";
import {
  backendTitle,
  createTestUser,
  openInstancePair,
  type TestDatabase,
  testBackends,
} from "@/lib/server/db/test-databases";
import { MemberQueue } from "@/lib/server/limits/member-queue";
import type { StudioRefs } from "@/lib/server/results/studio-refs";
import { LocalMediaStorage } from "@/lib/server/storage/local-media-storage";
import { handOverOrFail, type Job } from "@/lib/server/tasks/hand-over";
import { type SubmitDeps, type SubmitOutcome, submitTasks } from "@/lib/server/tasks/submit";
import { DEFAULT_STUDIO_LIMITS } from "@/lib/studio/limits/limits";
import type { UpstreamClient, WireTask } from "@/lib/upstream";
import { Budgets } from "./budgets";
import { recordSpend } from "./ledger";

/**
 * A budget's promise attacked: tasks sent at the same moment, in many requests or one, to one
 * studio or to two sharing a PostgreSQL database, never pass it.
 */

const now = () => new Date("2026-11-20T12:00:00Z");
const perImage = imageCost(1024, 1024, 20);
/** Room for five images and not six. */
const FIVE = perImage * 5.5;

const image = (extra: Record<string, unknown> = {}) => ({
  taskType: "imageInference",
  taskUUID: randomUUID(),
  positivePrompt: "a lighthouse on a cliff at dusk",
  model: "runware:100@1",
  width: 1024,
  height: 1024,
  steps: 20,
  ...extra,
});

let mediaRoot: string;
beforeAll(() => {
  mediaRoot = fs.mkdtempSync(path.join(os.tmpdir(), "budget-race-"));
});
afterAll(() => fs.rmSync(mediaRoot, { recursive: true, force: true }));

/** A studio's submit path on `db`, its socket a double that counts what it is asked to send. */
function studio(db: OpenedDatabase["db"], budgets: Budgets) {
  const sent: WireTask[] = [];
  const socket = {
    send: async (tasks: readonly WireTask[]) => {
      sent.push(...tasks);
    },
    status: () => ({ retryAt: null }),
  } as unknown as UpstreamClient["socket"];
  const upstream = { socket } as UpstreamClient;
  const keeper = { track: () => undefined, fail: async () => undefined };
  const limits = () => ({ ...DEFAULT_STUDIO_LIMITS, activePerMember: 100 });
  const queue = new MemberQueue<Job>(
    limits,
    (_member, jobs) => void handOverOrFail({ upstream, keeper }, jobs),
  );
  const deps: SubmitDeps = {
    db,
    storage: new LocalMediaStorage(mediaRoot),
    upstream,
    keeper,
    refs: { resolve: async (t: Record<string, unknown>) => t } as unknown as StudioRefs,
    videoModel: "local:video@3.0-prime",
    limits,
    queue,
    budgets,
  };
  return { deps, sent };
}

const admittedIn = (outcomes: SubmitOutcome[]) =>
  outcomes.reduce((sum, o) => sum + (o.body.data?.length ?? 0), 0);
const refusedIn = (outcomes: SubmitOutcome[]) =>
  outcomes.reduce(
    (sum, o) => sum + (o.body.errors ?? []).filter((e) => e.code === "budgetExceeded").length,
    0,
  );

async function member(db: OpenedDatabase, name: string): Promise<SessionUser> {
  const id = await createTestUser(db, `${name}-${randomUUID().slice(0, 8)}`);
  return { id, name, email: `${id}@example.com`, role: "editor" };
}

for (const backend of testBackends) {
  describe.skipIf(backend.skip !== undefined)(
    backendTitle(backend, "a budget under tasks sent at once"),
    () => {
      let database: TestDatabase;
      let owner: SessionUser;
      beforeAll(async () => {
        database = await backend.open();
        owner = await member(database, "owner");
        owner.role = "owner";
      }, 60_000);
      afterAll(() => database?.dispose());

      it("admits 5 of 30 requests sent at once with room for 5, and sends only those", async () => {
        const mia = await member(database, "mia");
        const budgets = new Budgets(database.db, true, now);
        await budgets.set({ members: [{ id: mia.id, usd: FIVE }] }, owner);
        const { deps, sent } = studio(database.db, budgets);
        const outcomes = await Promise.all(
          Array.from({ length: 30 }, () => submitTasks(deps, mia, [image()])),
        );
        expect(admittedIn(outcomes)).toBe(5);
        expect(refusedIn(outcomes)).toBe(25);
        expect(outcomes.filter((o) => o.status === 402)).toHaveLength(25);
        expect(sent).toHaveLength(5);
        // Refused tasks leave no record: only the five admitted hold the budget.
        const rows = await database.db.select().from(task).where(eq(task.authorId, mia.id));
        expect(rows).toHaveLength(5);
        expect(rows.every((r) => r.heldUsd === perImage)).toBe(true);
      });

      it("holds a team budget against every member's tasks sent at once", async () => {
        const [a, b, c] = await Promise.all([
          member(database, "a"),
          member(database, "b"),
          member(database, "c"),
        ]);
        // The team's budget counts everyone's running tasks: the earlier tests' end first.
        await database.db
          .update(task)
          .set({ status: "error" })
          .where(inArray(task.status, ["queued", "processing"]));
        const budgets = new Budgets(database.db, true, now);
        await budgets.set({ team: FIVE }, owner);
        try {
          const { deps } = studio(database.db, budgets);
          const outcomes = await Promise.all(
            [a, b, c].flatMap((who) => Array.from({ length: 6 }, () => submitTasks(deps, who, [image()]))),
          );
          expect(admittedIn(outcomes)).toBe(5);
          expect(refusedIn(outcomes)).toBe(13);
        } finally {
          await budgets.set({ team: null }, owner);
          // The team's budget is gone; what the three hold must not reach other tests' members.
          await database.db
            .update(task)
            .set({ status: "error" })
            .where(inArray(task.authorId, [a.id, b.id, c.id]));
        }
      });

      it("admits the tasks of one request that fit, one by one, and refuses the rest in the budget's words", async () => {
        const max = await member(database, "max");
        const budgets = new Budgets(database.db, true, now);
        await budgets.set({ members: [{ id: max.id, usd: FIVE }] }, owner);
        const { deps, sent } = studio(database.db, budgets);
        const tasks = Array.from({ length: 8 }, () => image());
        const outcome = await submitTasks(deps, max, tasks);
        expect(outcome.status).toBe(202);
        expect(outcome.body.data?.map((d) => d.taskUUID)).toEqual(tasks.slice(0, 5).map((t) => t.taskUUID));
        expect(outcome.body.errors?.map((e) => e.taskUUID)).toEqual(tasks.slice(5).map((t) => t.taskUUID));
        expect(outcome.body.errors?.[0]?.message).toMatch(
          /^These 3 tasks would pass your monthly budget of \$0\.00\d\d \(\$0\.00 spent this month, about \$0\.00\d\d for tasks still running, these tasks about \$0\.00\d\d\)\. The other 5 of 8 fit and were sent\./,
        );
        expect(sent).toHaveLength(5);
        // A smaller task still fits in what is left after a larger one did not.
        const small = image({ width: 512, height: 512 });
        const next = await submitTasks(deps, max, [image(), small]);
        expect(next.body.data?.map((d) => d.taskUUID)).toEqual([small.taskUUID]);
      });

      it("lets a retried request through again without holding its tasks twice", async () => {
        const ida = await member(database, "ida");
        const budgets = new Budgets(database.db, true, now);
        await budgets.set({ members: [{ id: ida.id, usd: perImage * 2.5 }] }, owner);
        const { deps } = studio(database.db, budgets);
        const tasks = [image(), image()];
        expect((await submitTasks(deps, ida, tasks)).status).toBe(202);
        const again = await submitTasks(deps, ida, tasks);
        expect(again.body.errors ?? []).not.toContainEqual(
          expect.objectContaining({ code: "budgetExceeded" }),
        );
      });

      it("holds a member's running tasks whatever other tasks were charged", async () => {
        const yan = await member(database, "yan");
        const xia = await member(database, "xia");
        const budgets = new Budgets(database.db, true, now);
        await budgets.set({ members: [{ id: yan.id, usd: perImage * 2 }] }, owner);
        const { deps } = studio(database.db, budgets);
        // Another member's task, charged: its charge is its own, and frees none of yan's room.
        const hers = image();
        expect((await submitTasks(deps, xia, [hers])).status).toBe(202);
        await recordSpend(database.db, {
          key: randomUUID(),
          taskUUID: hers.taskUUID,
          memberId: xia.id,
          taskType: "imageInference",
          params: hers,
          usd: perImage * 10,
          at: now(),
        });
        expect((await submitTasks(deps, yan, [image(), image()])).body.data).toHaveLength(2);
        expect((await submitTasks(deps, yan, [image()])).status).toBe(402);
      });

      it("gives the room back when a task ends, and counts what its results were charged instead", async () => {
        const zoe = await member(database, "zoe");
        const budgets = new Budgets(database.db, true, now);
        await budgets.set({ members: [{ id: zoe.id, usd: perImage * 2.5 }] }, owner);
        const { deps } = studio(database.db, budgets);
        const first = image();
        expect((await submitTasks(deps, zoe, [first, image()])).body.data).toHaveLength(2);
        expect((await submitTasks(deps, zoe, [image()])).status).toBe(402);
        // The first failed without a charge: its hold is released.
        await database.db.update(task).set({ status: "error" }).where(eq(task.taskUUID, first.taskUUID));
        const third = image();
        expect((await submitTasks(deps, zoe, [third])).status).toBe(202);
        // A result charged while its task still runs is not counted twice.
        await recordSpend(database.db, {
          key: randomUUID(),
          taskUUID: third.taskUUID,
          memberId: zoe.id,
          taskType: "imageInference",
          params: third,
          usd: perImage,
          at: now(),
        });
        expect((await submitTasks(deps, zoe, [image()])).status).toBe(402);
        expect(await budgets.room(zoe, [image()])).toMatchObject({ scope: "member", fit: 0, tasks: 1 });
      });
    },
  );

  describe.skipIf(backend.skip !== undefined)(backendTitle(backend, "a budget shared by two studios"), () => {
    it("admits 5 of 30 tasks sent at once, half to each studio on one database", async () => {
      const pair = await openInstancePair(backend);
      try {
        const owner = await member(pair.a, "owner");
        owner.role = "owner";
        const eli = await member(pair.a, "eli");
        const a = new Budgets(pair.a.db, true, now);
        const b = new Budgets(pair.b.db, true, now);
        await a.set({ members: [{ id: eli.id, usd: FIVE }] }, owner);
        const one = studio(pair.a.db, a);
        const two = studio(pair.b.db, b);
        const outcomes = await Promise.all(
          Array.from({ length: 30 }, (_, i) => submitTasks((i % 2 ? one : two).deps, eli, [image()])),
        );
        expect(admittedIn(outcomes)).toBe(5);
        expect(one.sent.length + two.sent.length).toBe(5);
      } finally {
        await pair.dispose();
      }
    }, 60_000);
  });
}

describe("a budget over random bursts", () => {
  const backend = testBackends[0] as (typeof testBackends)[number];
  let database: TestDatabase;
  let owner: SessionUser;
  beforeAll(async () => {
    database = await backend.open();
    owner = await member(database, "owner");
    owner.role = "owner";
  }, 60_000);
  afterAll(() => database?.dispose());

  it("never lets what is held pass the budget, whatever the sizes, requests and order", async () => {
    const side = fc.constantFrom(512, 768, 1024);
    const burst = fc.array(fc.array(fc.tuple(side, side), { minLength: 1, maxLength: 4 }), {
      minLength: 1,
      maxLength: 12,
    });
    await fc.assert(
      fc.asyncProperty(burst, fc.double({ min: 0.001, max: 0.03, noNaN: true }), async (requests, usd) => {
        const who = await member(database, "sim");
        const budgets = new Budgets(database.db, true, now);
        await budgets.set({ members: [{ id: who.id, usd }] }, owner);
        const { deps } = studio(database.db, budgets);
        const outcomes = await Promise.all(
          requests.map((sizes) =>
            submitTasks(
              deps,
              who,
              sizes.map(([width, height]) => image({ width, height })),
            ),
          ),
        );
        const rows = await database.db.select().from(task).where(eq(task.authorId, who.id));
        const held = rows.reduce((sum, r) => sum + (r.heldUsd ?? 0), 0);
        expect(held).toBeLessThanOrEqual(usd + 1e-9);
        // Nothing that fits is refused for nothing: a refused task would have passed the budget.
        const cheapest = imageCost(512, 512, 20);
        if (refusedIn(outcomes) > 0) expect(held + cheapest).toBeGreaterThan(usd - cheapest * 4);
        expect(admittedIn(outcomes)).toBe(rows.length);
      }),
      { numRuns: 25, seed: 20261128 },
    );
  }, 120_000);
});
