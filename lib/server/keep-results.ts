import "server-only";
import type { OpenedDatabase } from "@/lib/server/db";
import type { LimitSettings } from "@/lib/server/limits/limit-settings";
import { MemberQueue } from "@/lib/server/limits/member-queue";
import { announceLeftWaiting } from "@/lib/server/queue/queue-handlers";
import { QueueSync } from "@/lib/server/queue/queue-sync";
import { sendGate } from "@/lib/server/queue/send-gate";
import type { MediaStorage } from "@/lib/server/storage";
import type { EventLog } from "@/lib/server/stream/event-log";
import { handOverOrFail, type Job } from "@/lib/server/tasks/hand-over";
import { type RebuildDeps, readmit, wireFromRecord } from "@/lib/server/tasks/readmit";
import type { UpstreamClient } from "@/lib/upstream";
import { ResultKeeper } from "./results/keeper";
import type { TaskLeases } from "./results/task-leases";

/** The keeper of the service's results, and the members' lanes tasks wait in for their turn. */
export function keepResults(o: {
  db: OpenedDatabase["db"];
  leases: TaskLeases | null;
  storage: MediaStorage;
  upstream: UpstreamClient;
  log: EventLog;
  limits: LimitSettings;
  upstreamOrigin: string[];
  rebuild: RebuildDeps;
}) {
  const { db, leases, storage, upstream, log, rebuild } = o;
  // Every open drawer of the team stops showing a task that waited once it goes, or fails to.
  const leftWaiting = announceLeftWaiting(log);
  // Tasks the keeper takes up after a restart wait in (and take slots of) their members' lanes.
  const queue: MemberQueue<Job> = new MemberQueue<Job>(
    () => o.limits.current(),
    (_member, jobs) => void handOverOrFail({ upstream, keeper, gate, leftWaiting }, jobs),
  );
  // Every task passes the database's pause check on its way out, on every studio.
  const gate = sendGate({
    db,
    rebuild: (task) => wireFromRecord(rebuild, task),
    putBack: (memberId, jobs) => queue.putBack(memberId, jobs),
    ended: (memberId, taskUUID) => queue.finished(memberId, taskUUID),
  });
  const keeper: ResultKeeper = new ResultKeeper({
    db,
    ...(leases ? { leases } : {}),
    storage,
    upstream,
    log,
    upstreamOrigin: o.upstreamOrigin,
    wireOf: (flight) => wireFromRecord(rebuild, flight),
    requeue: {
      running: (authorId, taskUUID) => queue.occupy(authorId, taskUUID),
      unsent: (flights) => void readmit({ ...rebuild, keeper, queue }, flights),
    },
  });
  // A slot is the service's work: it goes to the next task once the service has delivered a
  // task's results, not after the studio has kept them (a round of the service's parallelism
  // would otherwise wait on every keep). Ended without that, the end frees it.
  keeper.onDelivered((authorId, taskUUID) => queue.finished(authorId, taskUUID));
  keeper.onFinished((authorId, taskUUID) => queue.finished(authorId, taskUUID));
  o.limits.onChange(() => queue.refill());
  // A move, pause or edit made on any studio reaches the tasks this one holds waiting.
  const queueSync = new QueueSync(db, queue);
  log.subscribe((event) => {
    if (event.type === "gallery" && event.change.kind === "queue") void queueSync.changed();
  });
  return { queue, keeper, gate };
}

/** Starts the runtime once per process (server.ts); later calls answer the same one. */
