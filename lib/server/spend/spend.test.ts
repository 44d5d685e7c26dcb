import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { imagePrice as imageCost, videoPrice as videoCost } from "@/lib/protocol/service-prices";
import type { SessionUser } from "@/lib/server/auth/caller";
import { getTask } from "@/lib/server/db";
import { spendBudget, spendEntry, task } from "@/lib/server/db/schema";
import { createTestUser, type TestDatabase, testBackends } from "@/lib/server/db/test-databases";
import { MemberQueue } from "@/lib/server/limits/member-queue";
import type { StudioRefs } from "@/lib/server/results/studio-refs";
import { LocalMediaStorage } from "@/lib/server/storage/local-media-storage";
import { handOverOrFail, type Job } from "@/lib/server/tasks/hand-over";
import { type SubmitDeps, submitTasks } from "@/lib/server/tasks/submit";
import { runTool } from "@/lib/server/tools/run-tool";
import { DEFAULT_STUDIO_LIMITS } from "@/lib/studio/limits/limits";
import type { UpstreamClient, WireTask } from "@/lib/upstream";
import { Budgets } from "./budgets";
import { estimateCost } from "./estimate";
import { recordSpend, spendSummary, spentIn } from "./ledger";

let database: TestDatabase;
let mediaRoot: string;
let ann: SessionUser;
let bob: SessionUser;

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

const charge = (memberId: string, usd: number, at: string, params: Record<string, unknown> = {}) =>
  recordSpend(database.db, {
    key: randomUUID(),
    taskUUID: randomUUID(),
    memberId,
    taskType: "imageInference",
    params: { model: "runware:100@1", width: 1024, height: 1024, steps: 20, ...params },
    usd,
    at: new Date(at),
  });

beforeAll(async () => {
  database = await (testBackends[0] as (typeof testBackends)[number]).open();
  mediaRoot = fs.mkdtempSync(path.join(os.tmpdir(), "spend-media-"));
  ann = { id: await createTestUser(database, "ann"), name: "Ann", email: "ann@example.com", role: "owner" };
  bob = { id: await createTestUser(database, "bob"), name: "Bob", email: "bob@example.com", role: "editor" };
}, 60_000);

afterAll(async () => {
  await database?.dispose();
  fs.rmSync(mediaRoot, { recursive: true, force: true });
});

beforeEach(async () => {
  await database.db.delete(spendEntry);
  await database.db.delete(spendBudget);
  // The tasks earlier tests sent have ended: none is still running against a budget.
  await database.db.update(task).set({ status: "success" });
});

describe("the spend ledger", () => {
  it("sums a month by member, model and UTC day, and leaves out the months around it", async () => {
    await charge(ann.id, 0.5, "2026-10-31T23:59:59.999Z"); // October
    await charge(ann.id, 1, "2026-11-01T00:00:00.000Z");
    await charge(ann.id, 0.25, "2026-11-01T13:00:00.000Z");
    await charge(bob.id, 2, "2026-11-01T22:00:00.000Z", { model: "civitai:1@2" });
    await charge(bob.id, 0.125, "2026-11-30T23:59:59.999Z");
    await charge(bob.id, 4, "2026-12-01T00:00:00.000Z"); // December

    const team = await spendSummary(database.db, "2026-11");
    expect(team.scope).toBe("team");
    expect(team.total).toBeCloseTo(3.375, 9);
    expect(team.rows).toEqual([
      { day: "2026-11-01", memberId: ann.id, model: "runware:100@1", usd: 1.25, results: 2 },
      { day: "2026-11-01", memberId: bob.id, model: "civitai:1@2", usd: 2, results: 1 },
      { day: "2026-11-30", memberId: bob.id, model: "runware:100@1", usd: 0.125, results: 1 },
    ]);
    expect(team.members).toEqual(
      expect.arrayContaining([
        { id: ann.id, name: "ann" },
        { id: bob.id, name: "bob" },
      ]),
    );

    const mine = await spendSummary(database.db, "2026-11", bob.id);
    expect(mine.scope).toBe("mine");
    expect(mine.total).toBeCloseTo(2.125, 9);
    expect(mine.rows.every((r) => r.memberId === bob.id)).toBe(true);

    expect(await spentIn(database.db, "2026-10")).toBeCloseTo(0.5, 9);
    expect(await spentIn(database.db, "2026-12", bob.id)).toBeCloseTo(4, 9);
  });

  it("charges one result once however often it is heard, and never a negative cost", async () => {
    const entry = {
      key: "media-1",
      taskUUID: randomUUID(),
      memberId: ann.id,
      taskType: "imageInference",
      params: {},
      usd: 0.01,
      at: new Date("2026-11-05T10:00:00Z"),
    };
    await recordSpend(database.db, entry);
    await recordSpend(database.db, entry);
    await recordSpend(database.db, { ...entry, key: "media-2", usd: -1 });
    expect(await spentIn(database.db, "2026-11")).toBeCloseTo(0.01, 9);
  });
});

describe("estimates", () => {
  it("prices tasks by the built-in engine's own table", async () => {
    const pricing = { embedded: true, db: database.db };
    const estimate = await estimateCost(
      [
        image({ numberResults: 3 }),
        image({ width: 512, height: 512, steps: 40 }),
        { taskType: "videoInference", width: 1280, height: 720, duration: 6, settings: { audio: false } },
      ],
      pricing,
    );
    const expected = 3 * imageCost(1024, 1024, 20) + imageCost(512, 512, 40) + videoCost(1280, 720, 6, false);
    expect(estimate).toEqual({ usd: Number(expected.toFixed(6)), results: 5, source: "engine" });
  });

  it("prices tasks for the real service from what the studio was charged for that model at a similar size", async () => {
    const pricing = { embedded: false, db: database.db };
    expect(await estimateCost([image()], pricing)).toEqual({ usd: null, results: 1, source: "none" });

    await charge(bob.id, 0.01, "2026-11-02T10:00:00Z");
    await charge(bob.id, 0.03, "2026-11-02T11:00:00Z", { width: 1024, height: 896 });
    // Not alike: another model, a far larger size, far more steps.
    await charge(bob.id, 9, "2026-11-02T12:00:00Z", { model: "civitai:1@2" });
    await charge(bob.id, 9, "2026-11-02T12:00:00Z", { width: 2048, height: 2048 });
    await charge(bob.id, 9, "2026-11-02T12:00:00Z", { steps: 60 });

    expect(await estimateCost([image({ numberResults: 4 })], pricing)).toEqual({
      usd: 0.08,
      results: 4,
      source: "history",
    });
    // One kind without history leaves the whole estimate without a figure.
    expect(await estimateCost([image(), image({ model: "runware:101@1" })], pricing)).toMatchObject({
      usd: null,
      source: "none",
    });
  });
});

/** Submitting through a socket double that counts every task it is asked to send. */
function submitDeps(budgets: Budgets): { deps: SubmitDeps; sent: WireTask[] } {
  const sent: WireTask[] = [];
  const socket = {
    send: async (tasks: readonly WireTask[]) => {
      sent.push(...tasks);
    },
    status: () => ({ retryAt: null }),
  } as unknown as UpstreamClient["socket"];
  const upstream = { socket } as UpstreamClient;
  const keeper = { track: () => undefined, fail: async () => undefined };
  const queue = new MemberQueue<Job>(
    () => DEFAULT_STUDIO_LIMITS,
    (_member, jobs) => void handOverOrFail({ upstream, keeper }, jobs),
  );
  return {
    sent,
    deps: {
      db: database.db,
      storage: new LocalMediaStorage(mediaRoot),
      upstream,
      keeper,
      refs: { resolve: async (task: Record<string, unknown>) => task } as unknown as StudioRefs,
      videoModel: "local:video@3.0-prime",
      limits: () => DEFAULT_STUDIO_LIMITS,
      queue,
      budgets,
    },
  };
}

describe("budgets", () => {
  const now = () => new Date("2026-11-20T12:00:00Z");
  const perImage = imageCost(1024, 1024, 20);

  it("sends every task asking for its cost, while within the budgets", async () => {
    const budgets = new Budgets(database.db, true, now);
    await budgets.set({ team: 50, members: [{ id: bob.id, usd: 10 }] }, ann);
    const { deps, sent } = submitDeps(budgets);
    const task = image();
    const outcome = await submitTasks(deps, bob, [task]);
    expect(outcome.status).toBe(202);
    expect(sent).toEqual([expect.objectContaining({ taskUUID: task.taskUUID, includeCost: true })]);
  });

  it("refuses a task that would pass the team's budget before recording or sending it", async () => {
    const budgets = new Budgets(database.db, true, now);
    await budgets.set({ team: 50 }, ann);
    await charge(ann.id, 49.98, "2026-11-03T09:00:00Z");
    await charge(ann.id, 0.019, "2026-11-03T10:00:00Z");
    const { deps, sent } = submitDeps(budgets);
    const task = image();
    const outcome = await submitTasks(deps, bob, [task]);
    expect(outcome.status).toBe(402);
    expect(outcome.body.errors).toEqual([
      expect.objectContaining({ code: "budgetExceeded", parameter: "budget", taskUUID: task.taskUUID }),
    ]);
    expect(outcome.body.errors?.[0]?.message).toBe(
      `This task would pass the team's monthly budget of $50.00 ($50.00 spent this month, this task about $${perImage.toFixed(4)}). An owner can raise it in Settings, or wait for next month.`,
    );
    expect(sent).toEqual([]);
    expect(await getTask(database.db, task.taskUUID)).toBeNull();
  });

  it("refuses a member's task past their own budget, and lets another member through", async () => {
    const budgets = new Budgets(database.db, true, now);
    await budgets.set({ members: [{ id: bob.id, usd: 1 }] }, ann);
    await charge(bob.id, 0.9995, "2026-11-19T09:00:00Z");
    const { deps, sent } = submitDeps(budgets);
    const refused = await submitTasks(deps, bob, [image()]);
    expect(refused.status).toBe(402);
    expect(refused.body.errors?.[0]?.message).toMatch(
      /^This task would pass your monthly budget of \$1\.00 \(\$1\.00 spent this month, this task about \$0\.0014\)\. Ask an owner/,
    );
    expect(sent).toEqual([]);
    const other = await submitTasks(deps, ann, [image()]);
    expect(other.status).toBe(202);
    expect(sent).toHaveLength(1);
  });

  it("holds tasks still running to the budget before they report their cost", async () => {
    const cy: SessionUser = {
      id: await createTestUser(database, "cy"),
      name: "Cy",
      email: "cy@example.com",
      role: "editor",
    };
    const budgets = new Budgets(database.db, true, now);
    // Room for two images and not three.
    await budgets.set({ members: [{ id: cy.id, usd: perImage * 2.5 }] }, ann);
    const { deps, sent } = submitDeps(budgets);
    expect((await submitTasks(deps, cy, [image()])).status).toBe(202);
    expect((await submitTasks(deps, cy, [image()])).status).toBe(202);
    // Neither has reported a cost: without counting them, a third would go through.
    expect(await spentIn(database.db, "2026-11", cy.id)).toBe(0);
    const third = await submitTasks(deps, cy, [image()]);
    expect(third.status).toBe(402);
    expect(third.body.errors?.[0]?.message).toContain(
      `($0.00 spent this month, about $${(perImage * 2).toFixed(4)} for tasks still running, this task about $${perImage.toFixed(4)})`,
    );
    expect(sent).toHaveLength(2);
  });

  it("counts only this UTC month: last month's spend does not hold a new month's task back", async () => {
    const budgets = new Budgets(database.db, true, () => new Date("2026-12-01T00:00:00Z"));
    await budgets.set({ team: 1 }, ann);
    await charge(ann.id, 5, "2026-11-30T23:59:59.999Z");
    const { deps, sent } = submitDeps(budgets);
    expect((await submitTasks(deps, bob, [image()])).status).toBe(202);
    expect(sent).toHaveLength(1);
    const lastMonth = submitDeps(new Budgets(database.db, true, () => new Date("2026-11-30T23:59:59Z")));
    expect((await submitTasks(lastMonth.deps, bob, [image()])).status).toBe(402);
    expect(lastMonth.sent).toEqual([]);
  });

  it("refuses a paid helper past the budget without asking the service", async () => {
    const budgets = new Budgets(database.db, true, now);
    await budgets.set({ team: 0.5 }, ann);
    await charge(ann.id, 0.5, "2026-11-04T09:00:00Z");
    let requests = 0;
    const upstream = {
      request: async () => {
        requests += 1;
        return { data: [], errors: [] };
      },
    } as unknown as UpstreamClient;
    const outcome = await runTool(
      {
        db: database.db,
        storage: new LocalMediaStorage(mediaRoot),
        upstream,
        refs: {} as StudioRefs,
        upstreamOrigin: "http://127.0.0.1",
        budgets,
      },
      bob,
      { taskType: "promptEnhance", taskUUID: randomUUID(), prompt: "a fox in the snow" },
    );
    expect(outcome.status).toBe(402);
    expect("errors" in outcome.body && outcome.body.errors[0]).toMatchObject({
      code: "budgetExceeded",
      parameter: "budget",
    });
    expect(requests).toBe(0);
  });

  it("shows owners every member's budget and spend, and a member their own; clearing removes a budget", async () => {
    const budgets = new Budgets(database.db, true, now);
    await budgets.set({ team: 20, members: [{ id: bob.id, usd: 5 }] }, ann);
    await charge(bob.id, 1.5, "2026-11-10T09:00:00Z");
    const owner = await budgets.view(ann);
    expect(owner.month).toBe("2026-11");
    expect(owner.team).toEqual({ usd: 20, spent: 1.5 });
    expect(owner.members).toEqual(
      expect.arrayContaining([
        { id: bob.id, name: "bob", usd: 5, spent: 1.5 },
        { id: ann.id, name: "ann", usd: null, spent: 0 },
      ]),
    );
    const member = await budgets.view(bob);
    expect(member.members).toEqual([{ id: bob.id, name: "bob", usd: 5, spent: 1.5 }]);
    const cleared = await budgets.set({ team: null, members: [{ id: bob.id, usd: null }] }, ann);
    expect(cleared.team.usd).toBeNull();
    expect(cleared.members.find((m) => m.id === bob.id)?.usd).toBeNull();
    await expect(budgets.set({ members: [{ id: "nobody", usd: 1 }] }, ann)).rejects.toMatchObject({
      status: 404,
      errors: [expect.objectContaining({ code: "memberNotFound", parameter: "members.0.id" })],
    });
  });
});
