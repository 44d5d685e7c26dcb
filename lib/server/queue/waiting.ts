import "server-only";
import { and, asc, desc, eq, inArray, not, sql } from "drizzle-orm";
import type { SessionUser } from "@/lib/server/auth/caller";
import type { StudioDatabase } from "@/lib/server/db";
import { queuePause, task, user } from "@/lib/server/db/schema";
import type { Steer } from "@/lib/server/limits/member-queue";
import type { WaitingQueue } from "@/lib/studio/api/queue";
import { priorityOf, type QueueScope } from "@/lib/studio/queue/queue";
import { experimentEntries, inSteerableExperiment, mergedPlaces } from "./experiment-entries";
import { inStoppedExperiment, isOwner, waitingNow } from "./steer-access";

/** The drawer shows this many waiting tasks; a member's queue holds 200 by default. */
const SHOWN = 500;

/**
 * The tasks waiting in the studio, in the order they will be sent (priority, then place), the
 * caller's or (any member may look) the team's, with which pauses hold. An experiment's cells
 * not yet sent are one entry among them, at the experiment's place (see `experimentEntries`).
 */
export async function waitingQueue(
  db: StudioDatabase,
  caller: SessionUser,
  scope: QueueScope,
): Promise<WaitingQueue> {
  const [rows, pauses, entries] = await Promise.all([
    db
      .select({
        taskUUID: task.taskUUID,
        taskType: task.taskType,
        authorId: task.authorId,
        authorName: user.name,
        prompt: sql<string | null>`${task.params} ->> 'positivePrompt'`,
        width: sql<number | null>`(${task.params} ->> 'width')::numeric`,
        height: sql<number | null>`(${task.params} ->> 'height')::numeric`,
        steps: sql<number | null>`(${task.params} ->> 'steps')::numeric`,
        CFGScale: sql<number | null>`(${task.params} ->> 'CFGScale')::numeric`,
        held: task.held,
        priority: task.priority,
        rank: task.rank,
        createdAt: task.createdAt,
      })
      .from(task)
      .innerJoin(user, eq(user.id, task.authorId))
      .where(
        and(
          waitingNow(),
          not(inSteerableExperiment()),
          scope === "mine" ? eq(task.authorId, caller.id) : undefined,
        ),
      )
      .orderBy(desc(task.priority), asc(task.rank), asc(task.createdAt), asc(task.taskUUID))
      .limit(SHOWN),
    db
      .select({ scope: queuePause.scope, by: queuePause.pausedBy, name: user.name })
      .from(queuePause)
      .leftJoin(user, eq(user.id, queuePause.pausedBy)),
    experimentEntries(db, scope === "mine" ? caller.id : null),
  ]);
  const paused = new Set(pauses.map((p) => p.scope));
  const teamPause = pauses.find((p) => p.scope === "team");
  const pausedFor = (authorId: string) => paused.has("team") || paused.has(authorId);
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  const places = mergedPlaces(rows, entries);
  return {
    tasks: rows.map((r) => ({
      taskUUID: r.taskUUID,
      taskType: r.taskType,
      authorId: r.authorId,
      authorName: r.authorName,
      prompt: r.prompt,
      width: num(r.width),
      height: num(r.height),
      steps: num(r.steps),
      CFGScale: num(r.CFGScale),
      paused: r.held || pausedFor(r.authorId),
      priority: priorityOf(r.priority),
      createdAt: r.createdAt.toISOString(),
      yours: r.authorId === caller.id,
    })),
    experiments: entries.map((e, i) => ({
      experimentId: e.id,
      name: e.name,
      authorId: e.authorId,
      authorName: e.authorName,
      waiting: e.waiting,
      paused: e.status === "paused" || pausedFor(e.authorId),
      pausedItself: e.status === "paused",
      priority: priorityOf(e.priority),
      yours: e.authorId === caller.id,
      at: places[i] ?? 0,
    })),
    paused: { mine: paused.has(caller.id), team: paused.has("team") },
    teamPausedBy: teamPause ? { name: teamPause.name ?? "", you: teamPause.by === caller.id } : null,
    canSteerOthers: isOwner(caller),
  };
}

/**
 * Steering of the tasks a studio holds waiting in memory, as the database says now (a pause
 * row counts as held); tasks no longer waiting are left out.
 */
export async function steeringOf(
  db: StudioDatabase,
  taskUUIDs: readonly string[],
): Promise<Map<string, Steer & { authorId: string }>> {
  if (taskUUIDs.length === 0) return new Map();
  const [rows, pauses] = await Promise.all([
    db
      .select({
        taskUUID: task.taskUUID,
        authorId: task.authorId,
        held: task.held,
        priority: task.priority,
        rank: task.rank,
        inStoppedExperiment: inStoppedExperiment(),
      })
      .from(task)
      .where(and(inArray(task.taskUUID, [...taskUUIDs]), inArray(task.status, ["queued", "processing"]))),
    db
      .select({ scope: queuePause.scope, by: queuePause.pausedBy, name: user.name })
      .from(queuePause)
      .leftJoin(user, eq(user.id, queuePause.pausedBy)),
  ]);
  const paused = new Set(pauses.map((p) => p.scope));
  return new Map(
    rows.map((r) => [
      r.taskUUID,
      {
        authorId: r.authorId,
        held: r.held || r.inStoppedExperiment || paused.has("team") || paused.has(r.authorId),
        priority: r.priority,
        rank: r.rank,
      },
    ]),
  );
}
