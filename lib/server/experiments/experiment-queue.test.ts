import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "@/lib/server/auth/caller";
import { experimentCell, task } from "@/lib/server/db/schema";
import {
  backendTitle,
  type InstancePair,
  openInstancePair,
  testBackends,
} from "@/lib/server/db/test-databases";
import { editWaiting } from "@/lib/server/queue/bulk-edit";
import { cancelExperiments, holdExperiments } from "@/lib/server/queue/experiment-steering";
import { image, member, type TestStudio, testStudio } from "@/lib/server/queue/queue-test-kit";
import { moveEntry } from "@/lib/server/queue/steering";
import { waitingQueue } from "@/lib/server/queue/waiting";
import type { ExperimentInput } from "@/lib/studio/experiments/input";
import { controlExperiment, createExperiment } from "./actions";
import { cellRows, experimentPage, experimentRow } from "./records";
import { ExperimentRunner } from "./runner";
import { experimentView } from "./view";

/**
 * An experiment's remaining cells as one entry of the queue, attacked: two studios on one
 * database run its cells (each with its runner and its member's lane), and the member pauses it on
 * one of them while both are claiming. Once the pause has committed no cell is sent, neither a cell
 * already waiting as a task nor one a runner records later; resuming sends the rest, each once.
 */

const base = {
  taskType: "imageInference",
  positivePrompt: "a lighthouse at dusk, watercolor",
  model: "runware:100@1",
  width: 512,
  height: 512,
  steps: 20,
};

/** 6 x 8: 48 cells. */
const sweep: ExperimentInput = {
  name: "Lighting sweep",
  base,
  axes: [
    { kind: "values", path: "CFGScale", values: [2, 3, 4, 5, 6, 7] },
    { kind: "values", path: "steps", values: [10, 12, 14, 16, 18, 20, 22, 24] },
  ],
  concurrency: 8,
};

interface Side {
  studio: TestStudio;
  runner: ExperimentRunner;
}

function side(pair: InstancePair, which: "a" | "b"): Side {
  const studio = testStudio(pair[which], { active: 2 });
  const runner = new ExperimentRunner({
    db: pair[which].db,
    submit: (author, tasks) => studio.submit(author, tasks),
    perRequest: () => 4,
    publish: () => undefined,
    retryDelayMs: 1,
  });
  return { studio, runner };
}

/** The service finishes what each studio sent, and each runner settles its cells, until told to stop. */
async function serve(sides: Side[], who: SessionUser, stop: () => boolean): Promise<void> {
  const done = new Set<string>();
  for (;;) {
    let finished = 0;
    for (const { studio, runner } of sides) {
      for (const wire of [...studio.sent]) {
        const id = wire.taskUUID as string;
        if (done.has(id)) continue;
        done.add(id);
        finished += 1;
        await studio.finish(who, id);
        await runner.taskFinished(id);
      }
      await studio.settle();
      await runner.idle();
    }
    if (finished === 0 && stop()) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

async function sentCellTasks(pair: InstancePair, experimentId: string): Promise<string[]> {
  const rows = await pair.a.db
    .select({ taskUUID: task.taskUUID })
    .from(task)
    .innerJoin(experimentCell, eq(experimentCell.taskUUID, task.taskUUID))
    .where(and(eq(experimentCell.experimentId, experimentId), isNotNull(task.sentAt)));
  return rows.map((r) => r.taskUUID);
}

for (const backend of testBackends) {
  describe.skipIf(backend.skip !== undefined)(backendTitle(backend, "an experiment in the queue"), () => {
    let pair: InstancePair;
    const planDeps = () => ({ db: pair.a.db, videoModel: "local:video@3.0-prime", maxCells: 100 });
    beforeAll(async () => {
      pair = await openInstancePair(backend);
    }, 120_000);
    afterAll(() => pair?.dispose());

    it("sends no cell after its pause commits, on either studio, and each once after resuming", async () => {
      const mia = await member(pair.a, "mia");
      const created = await createExperiment(planDeps(), sweep, mia.id);
      if (!created.ok) throw new Error(JSON.stringify(created.errors));
      const id = created.value.experiment.id;
      const a = side(pair, "a");
      const b = side(pair, "b");
      let paused = false;
      const serving = serve([a, b], mia, () => paused);
      // Both studios claim cells at once, and keep claiming as cells finish.
      await Promise.all([a.runner.pump(id), b.runner.pump(id)]);
      while (a.studio.sent.length + b.studio.sent.length < 10) {
        await new Promise((resolve) => setImmediate(resolve));
      }
      const pausing = controlExperiment(pair.b.db, id, "pause");
      // More claims race the pause.
      void a.runner.pump(id);
      void b.runner.pump(id);
      expect((await pausing).ok).toBe(true);
      const sentAtPause = await sentCellTasks(pair, id);
      paused = true;
      await serving;
      await Promise.all([a.runner.pump(id), b.runner.pump(id)]);
      await Promise.all([a.studio.settle(), b.studio.settle()]);

      const written = [...a.studio.sent, ...b.studio.sent].map((w) => w.taskUUID as string);
      expect(sentAtPause.length).toBeGreaterThanOrEqual(10);
      expect(sentAtPause.length).toBeLessThan(48);
      // Nothing went out after the pause: every task written was taken before it committed.
      expect(new Set(written)).toEqual(new Set(sentAtPause));
      expect(await sentCellTasks(pair, id)).toHaveLength(sentAtPause.length);
      const queue = await waitingQueue(pair.a.db, mia, "mine");
      expect(queue.tasks).toHaveLength(0);
      expect(queue.experiments).toHaveLength(1);
      expect(queue.experiments[0]).toMatchObject({
        name: "Lighting sweep",
        waiting: 48 - sentAtPause.length,
        paused: true,
        pausedItself: true,
      });
      expect((await experimentRow(pair.a.db, id))?.status).toBe("paused");

      // Resumed: each studio hears of it and sends the rest, each once.
      expect((await controlExperiment(pair.a.db, id, "resume")).ok).toBe(true);
      await Promise.all([a.studio.sync.changed(), b.studio.sync.changed()]);
      await Promise.all([a.runner.pump(id), b.runner.pump(id)]);
      const done = async () => (await cellRows(pair.a.db, id)).filter((c) => c.status === "done").length;
      while ((await done()) < 48) await serve([a, b], mia, () => true);
      const all = [...a.studio.sent, ...b.studio.sent].map((w) => w.taskUUID as string);
      expect(all).toHaveLength(48);
      expect(new Set(all).size).toBe(48);
      const cells = await cellRows(pair.a.db, id);
      expect(cells.filter((c) => c.status === "done")).toHaveLength(48);
      a.runner.close();
      b.runner.close();
    }, 120_000);

    it("cancels as one: cells not yet sent end cancelled, those waiting as tasks too, and none goes", async () => {
      const ben = await member(pair.a, "ben");
      const created = await createExperiment(planDeps(), sweep, ben.id);
      if (!created.ok) throw new Error(JSON.stringify(created.errors));
      const id = created.value.experiment.id;
      const a = side(pair, "a");
      await a.runner.pump(id);
      await a.studio.settle();
      // Two at the service, six waiting in the lane as tasks, forty pending.
      expect(a.studio.sent).toHaveLength(2);
      const outcome = await cancelExperiments(pair.b.db, ben, [id]);
      expect(outcome.cancelledIds).toEqual([id]);
      expect(outcome.taken).toHaveLength(6);
      expect(outcome.cells).toBe(46);
      await a.studio.sync.changed();
      for (const wire of [...a.studio.sent]) await a.studio.finish(ben, wire.taskUUID as string);
      await a.studio.settle();
      expect(a.studio.sent).toHaveLength(2);
      const cells = await cellRows(pair.a.db, id);
      const cancelled = cells.filter((c) => c.status === "error" && c.error?.[0]?.code === "cancelled");
      expect(cancelled).toHaveLength(40);
      expect((await experimentRow(pair.a.db, id))?.status).toBe("cancelled");
      // Its own outcome in the counts: never a failure.
      expect((await experimentView(pair.a.db, id))?.progress).toMatchObject({ failed: 0, cancelled: 40 });
      const listed = (await experimentPage(pair.b.db, { limit: 50 })).items.find((e) => e.id === id);
      expect(listed).toMatchObject({ failed: 0, cancelled: 40 });
      expect((await waitingQueue(pair.a.db, ben, "mine")).experiments).toHaveLength(0);
      a.runner.close();
    }, 60_000);

    it("a cancelled or paused experiment holds its own cells alone, not another member's waiting tasks", async () => {
      const dora = await member(pair.a, "dora");
      const eve = await member(pair.a, "eve");
      const created = await createExperiment(planDeps(), sweep, dora.id);
      if (!created.ok) throw new Error(JSON.stringify(created.errors));
      const a = side(pair, "a");
      await a.runner.pump(created.value.experiment.id);
      await a.studio.settle();
      await cancelExperiments(pair.a.db, dora, [created.value.experiment.id]);
      const paused = await createExperiment(planDeps(), sweep, dora.id);
      if (!paused.ok) throw new Error(JSON.stringify(paused.errors));
      await a.runner.pump(paused.value.experiment.id);
      await a.studio.settle();
      await holdExperiments(pair.a.db, dora, [paused.value.experiment.id], true);
      const tasks = [image("a harbour"), image("a harbour at noon"), image("a harbour at night")];
      expect((await a.studio.submit(eve, tasks)).status).toBe(202);
      await a.studio.settle();
      // A steering change anywhere makes every studio read the steering of what it holds waiting.
      await a.studio.sync.changed();
      expect(a.studio.queue.usage(eve.id)).toEqual({ active: 2, waiting: 1 });
      await a.studio.finish(eve, tasks[0]?.taskUUID ?? "");
      await a.studio.settle();
      expect(a.studio.sent.map((w) => w.taskUUID)).toContain(tasks[2]?.taskUUID);
      expect(a.studio.queue.usage(eve.id)).toEqual({ active: 2, waiting: 0 });
      a.runner.close();
    }, 60_000);

    it("edits every cell not yet sent, pending or waiting as a task, and checks each as a task", async () => {
      const cleo = await member(pair.a, "cleo");
      const created = await createExperiment(planDeps(), sweep, cleo.id);
      if (!created.ok) throw new Error(JSON.stringify(created.errors));
      const id = created.value.experiment.id;
      const a = side(pair, "a");
      await a.runner.pump(id);
      await a.studio.settle();
      await holdExperiments(pair.a.db, cleo, [id], true);
      const preview = await editWaiting(
        pair.a.db,
        cleo,
        { experimentIds: [id] },
        { replace: { find: "watercolor", with: "charcoal" } },
        { preview: true, videoModel: "local:video@3.0-prime" },
      );
      // Two were sent: the other 46 (6 as tasks, 40 pending) change.
      expect(preview).toEqual({ changed: 46, skipped: 0, matches: 46 });
      await expect(
        editWaiting(
          pair.a.db,
          cleo,
          { experimentIds: [id] },
          { set: { steps: 5000 } },
          { preview: false, videoModel: "local:video@3.0-prime" },
        ),
      ).rejects.toMatchObject({ errors: [expect.objectContaining({ parameter: "steps" })] });
      await editWaiting(
        pair.a.db,
        cleo,
        { experimentIds: [id] },
        { replace: { find: "watercolor", with: "charcoal" } },
        { preview: false, videoModel: "local:video@3.0-prime" },
      );
      const cells = await cellRows(pair.a.db, id);
      const prompts = (status: string) =>
        cells.filter((c) => c.status === status).map((c) => c.params.positivePrompt);
      expect(prompts("pending")).toHaveLength(40);
      expect(new Set(prompts("pending"))).toEqual(new Set(["a lighthouse at dusk, charcoal"]));
      const waitingTasks = await pair.a.db
        .select({ prompt: sql<string>`${task.params} ->> 'positivePrompt'` })
        .from(task)
        .innerJoin(experimentCell, eq(experimentCell.taskUUID, task.taskUUID))
        .where(and(eq(experimentCell.experimentId, id), sql`${task.sentAt} is null`));
      expect(waitingTasks.map((t) => t.prompt)).toEqual(Array(6).fill("a lighthouse at dusk, charcoal"));
      await cancelExperiments(pair.a.db, cleo, [id]);
      a.runner.close();
    }, 60_000);

    it("moves as one among its member's tasks: its cells go where the entry stands", async () => {
      const dan = await member(pair.a, "dan");
      const a = side(pair, "a");
      // The lane is full with two tasks at the service; three more wait.
      const tasks = Array.from({ length: 5 }, (_, i) => image(`task ${i}`));
      expect((await a.studio.submit(dan, tasks)).status).toBe(202);
      await a.studio.settle();
      const created = await createExperiment(planDeps(), { ...sweep, concurrency: 2 }, dan.id);
      if (!created.ok) throw new Error(JSON.stringify(created.errors));
      const id = created.value.experiment.id;
      await a.runner.pump(id);
      const before = await waitingQueue(pair.a.db, dan, "mine");
      expect(before.tasks.map((t) => t.prompt)).toEqual(["task 2", "task 3", "task 4"]);
      expect(before.experiments[0]?.at).toBe(3);
      await moveEntry(pair.a.db, dan, { experimentId: id }, { before: tasks[2]?.taskUUID as string });
      const after = await waitingQueue(pair.a.db, dan, "mine");
      expect(after.experiments[0]?.at).toBe(0);
      // Its cells waiting as tasks took its place: the lane sends them first (priority, then rank).
      const order = await pair.a.db
        .select({ taskUUID: task.taskUUID })
        .from(task)
        .where(and(eq(task.authorId, dan.id), sql`${task.status} = 'queued' and ${task.sentAt} is null`))
        .orderBy(sql`${task.priority} desc`, task.rank, task.createdAt);
      const cellTasks = new Set((await cellRows(pair.a.db, id)).map((c) => c.taskUUID));
      expect(order.map((o) => cellTasks.has(o.taskUUID))).toEqual([true, true, false, false, false]);
      await a.studio.sync.changed();
      const steered = a.studio.queue.waitingIds().map((w) => w.taskUUID);
      expect(steered).toHaveLength(5);
      const cancelled = await cancelExperiments(pair.a.db, dan, [id]);
      expect(cancelled.cancelledIds).toEqual([id]);
      const rest = await pair.a.db
        .select({ taskUUID: task.taskUUID })
        .from(task)
        .where(inArray(task.taskUUID, cancelled.taken));
      expect(rest).toHaveLength(cancelled.taken.length);
      a.runner.close();
    }, 60_000);
  });
}
