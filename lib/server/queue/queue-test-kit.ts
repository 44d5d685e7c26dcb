import "server-only";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { SessionUser } from "@/lib/server/auth/caller";
import type { OpenedDatabase } from "@/lib/server/db/database";
import { task } from "@/lib/server/db/schema";
import { createTestUser } from "@/lib/server/db/test-databases";
import { MemberQueue } from "@/lib/server/limits/member-queue";
import type { StudioRefs } from "@/lib/server/results/studio-refs";
import type { MediaStorage } from "@/lib/server/storage";
import type { EventLog } from "@/lib/server/stream/event-log";
import { taskUpdate } from "@/lib/server/stream/test-support";
import { handOverOrFail, type Job } from "@/lib/server/tasks/hand-over";
import { type SubmitDeps, submitTasks } from "@/lib/server/tasks/submit";
import { DEFAULT_STUDIO_LIMITS } from "@/lib/studio/limits/limits";
import type { UpstreamClient, WireTask } from "@/lib/upstream";
import { announceLeftWaiting, announceQueue } from "./queue-handlers";
import { QueueSync } from "./queue-sync";
import { sendGate } from "./send-gate";

/**
 * A studio's sending path on one database connection, as runtime.ts builds it, with a service
 * double that records every task written to it and ends a task when the test says so.
 */

export const image = (prompt = "a lighthouse on a cliff at dusk", extra: Record<string, unknown> = {}) => ({
  taskType: "imageInference",
  taskUUID: randomUUID(),
  positivePrompt: prompt,
  model: "runware:100@1",
  width: 1024,
  height: 1024,
  steps: 20,
  ...extra,
});

export async function member(db: OpenedDatabase, name: string, role: SessionUser["role"] = "editor") {
  const id = await createTestUser(db, `${name}-${randomUUID().slice(0, 8)}`);
  return { id, name, email: `${id}@example.com`, role } satisfies SessionUser;
}

export interface TestStudio {
  deps: SubmitDeps;
  queue: MemberQueue<Job>;
  sync: QueueSync;
  /** Every task written to the service, in order, as written. */
  sent: WireTask[];
  /** Sends tasks as `POST /api/tasks` does. */
  submit(author: SessionUser, tasks: Record<string, unknown>[]): ReturnType<typeof submitTasks>;
  /** The service finishes a task it was sent: its slot goes to the next. */
  finish(author: SessionUser, taskUUID: string): Promise<void>;
  /** Resolves once no hand-over is under way. */
  settle(): Promise<void>;
}

export function testStudio(
  opened: OpenedDatabase,
  options: { active: number; gate?: boolean; log?: EventLog } = { active: 2 },
): TestStudio {
  const db = opened.db;
  const log = options.log;
  const sent: WireTask[] = [];
  const pending = new Set<Promise<void>>();
  const socket = {
    send: async (tasks: readonly WireTask[]) => {
      sent.push(...tasks);
    },
    status: () => ({ retryAt: null }),
  } as unknown as UpstreamClient["socket"];
  const upstream = { socket } as UpstreamClient;
  // As the result keeper does, a task taken up is told to its author alone.
  const keeper = {
    track: (flight: { taskUUID: string; authorId: string }) =>
      log?.publishTask(flight.authorId, taskUpdate(flight.taskUUID)),
    fail: async () => undefined,
  };
  const limits = () => ({ ...DEFAULT_STUDIO_LIMITS, activePerMember: options.active });
  const queue: MemberQueue<Job> = new MemberQueue<Job>(limits, (_member, jobs) => {
    const work = handOverOrFail(
      {
        upstream,
        keeper,
        ...(gate ? { gate } : {}),
        ...(log ? { leftWaiting: announceLeftWaiting(log) } : {}),
      },
      jobs,
    );
    pending.add(work);
    void work.finally(() => pending.delete(work));
  });
  const gate =
    options.gate === false
      ? undefined
      : sendGate({
          db,
          rebuild: async (t) => ({ ...t.params, taskUUID: t.taskUUID }) as WireTask,
          putBack: (memberId, jobs) => queue.putBack(memberId, jobs),
          ended: (memberId, taskUUID) => queue.finished(memberId, taskUUID),
        });
  const deps: SubmitDeps = {
    db,
    storage: {} as MediaStorage,
    upstream,
    keeper,
    refs: { resolve: async (t: Record<string, unknown>) => t } as unknown as StudioRefs,
    videoModel: "local:video@3.0-prime",
    limits,
    queue,
    ...(gate ? { gate } : {}),
    ...(log ? { waitingAdded: (author: SessionUser) => announceQueue(log, author) } : {}),
  };
  return {
    deps,
    queue,
    sync: new QueueSync(db, queue),
    sent,
    submit: (author, tasks) => submitTasks(deps, author, tasks),
    async finish(author, taskUUID) {
      await db.update(task).set({ status: "success" }).where(eq(task.taskUUID, taskUUID));
      queue.finished(author.id, taskUUID);
    },
    async settle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
