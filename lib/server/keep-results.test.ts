import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getTask, type OpenedDatabase } from "@/lib/server/db";
import { openTestPglite } from "@/lib/server/db/test-databases";
import type { LimitSettings } from "@/lib/server/limits/limit-settings";
import { image, member } from "@/lib/server/queue/queue-test-kit";
import { keeperTestKit } from "@/lib/server/results/keeper-test-kit";
import type { StudioRefs } from "@/lib/server/results/studio-refs";
import { LocalMediaStorage } from "@/lib/server/storage";
import { EventLog } from "@/lib/server/stream/event-log";
import { type SubmitDeps, submitTasks } from "@/lib/server/tasks/submit";
import { DEFAULT_STUDIO_LIMITS } from "@/lib/studio/limits/limits";
import type { Listener, UpstreamClient, WireTask } from "@/lib/upstream";
import { keepResults } from "./keep-results";

/**
 * The sending path as the runtime builds it (the member queue, the send gate, the keeper) against
 * a service double: a member's slot is the service's work, so it goes to their next task once the
 * service has delivered a task's results, while the studio still downloads and records them.
 */

let database: OpenedDatabase;
let kit: Awaited<ReturnType<typeof keeperTestKit>>;
const stops: (() => Promise<void>)[] = [];

beforeAll(async () => {
  database = await openTestPglite();
  kit = await keeperTestKit("keep-results", { width: 32, height: 32 });
}, 60_000);

afterEach(async () => {
  kit.release();
  for (const stop of stops.splice(0)) await stop();
});

afterAll(async () => {
  await database?.close();
  await kit?.close();
});

/** The service's side: every task written to it, and its results pushed on the socket when told. */
function serviceDouble() {
  const sent: WireTask[] = [];
  const listeners: Listener[] = [];
  const upstream = {
    socket: {
      send: async (tasks: readonly WireTask[]) => {
        sent.push(...tasks);
      },
      status: () => ({ retryAt: null }),
      onMessage(listener: Listener) {
        listeners.push(listener);
        return () => undefined;
      },
      start() {},
    },
    watch: () => new Promise(() => undefined),
  } as unknown as UpstreamClient;
  const deliver = (taskUUID: string) => {
    const item = kit.imageItem(taskUUID, 0);
    for (const listener of listeners) listener({ type: "item", taskUUID, item });
  };
  return { upstream, sent, deliver };
}

function sendingPath(active: number) {
  const { upstream, sent, deliver } = serviceDouble();
  const storage = new LocalMediaStorage(path.join(kit.dir, crypto.randomUUID()));
  const limits = () => ({ ...DEFAULT_STUDIO_LIMITS, activePerMember: active });
  const refs = { resolve: async (t: Record<string, unknown>) => t } as unknown as StudioRefs;
  const { queue, keeper, gate } = keepResults({
    db: database.db,
    leases: null,
    storage,
    upstream,
    log: new EventLog(),
    limits: { current: limits, onChange: () => () => undefined } as unknown as LimitSettings,
    upstreamOrigin: [kit.origin],
    rebuild: { storage, refs },
  });
  stops.push(() => keeper.close());
  const deps: SubmitDeps = {
    db: database.db,
    storage,
    upstream,
    keeper,
    refs,
    videoModel: "local:video@3.0-prime",
    limits,
    queue,
    gate,
  };
  return { deps, queue, keeper, sent, deliver };
}

async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`never: ${what}`);
}

describe("a member's slot at the service", () => {
  it("goes to their next task once the service has delivered a task's results, before they are kept", async () => {
    const studio = sendingPath(1);
    await studio.keeper.start();
    const ada = await member(database, "ada");
    const [first, second] = [image("a red boat at dawn"), image("a red boat at noon")];
    expect((await submitTasks(studio.deps, ada, [first, second])).status).toBe(202);
    await until(() => studio.sent.length === 1, "the first task sent");
    expect(studio.sent.map((t) => t.taskUUID)).toEqual([first.taskUUID]);

    // The service delivers the first result; its download is held, so the studio keeps it later.
    kit.hold();
    studio.deliver(first.taskUUID);
    await until(() => studio.sent.length === 2, "the second task sent");
    expect(studio.sent.map((t) => t.taskUUID)).toEqual([first.taskUUID, second.taskUUID]);
    expect((await getTask(database.db, first.taskUUID))?.status).not.toBe("success");
    expect(studio.queue.usage(ada.id)).toEqual({ active: 1, waiting: 0 });

    // Kept afterwards all the same, and its end frees nothing twice.
    kit.release();
    await until(async () => (await getTask(database.db, first.taskUUID))?.status === "success", "first kept");
    expect(studio.queue.usage(ada.id)).toEqual({ active: 1, waiting: 0 });
    studio.deliver(second.taskUUID);
    await until(
      async () => (await getTask(database.db, second.taskUUID))?.status === "success",
      "second kept",
    );
    expect(studio.queue.usage(ada.id)).toEqual({ active: 0, waiting: 0 });
  });

  it("waits for the last of a task's results: one of two delivered frees nothing", async () => {
    const studio = sendingPath(1);
    await studio.keeper.start();
    const bo = await member(database, "bo");
    const [first, second] = [image("two pears", { numberResults: 2 }), image("three pears")];
    expect((await submitTasks(studio.deps, bo, [first, second])).status).toBe(202);
    await until(() => studio.sent.length === 1, "the first task sent");

    studio.deliver(first.taskUUID);
    await until(
      async () => ((await getTask(database.db, first.taskUUID))?.items.length ?? 0) === 1,
      "the first result kept",
    );
    expect(studio.sent).toHaveLength(1);
    expect(studio.queue.usage(bo.id)).toEqual({ active: 1, waiting: 1 });

    studio.deliver(first.taskUUID);
    await until(() => studio.sent.length === 2, "the second task sent");
    expect(studio.sent.at(-1)?.taskUUID).toBe(second.taskUUID);
  });
});
