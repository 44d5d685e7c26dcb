import "server-only";
import type { Readable } from "node:stream";
import type { ServiceError } from "@/lib/protocol/errors";
import type { SentTask } from "@/lib/server/db";
import { REDACTED } from "@/lib/server/db/redact-params";
import type { MemberQueue } from "@/lib/server/limits/member-queue";
import type { Flight, ResultKeeper } from "@/lib/server/results/keeper";
import { notResentError, wireForTry } from "@/lib/server/results/resends";
import type { StudioRefs } from "@/lib/server/results/studio-refs";
import type { MediaStorage } from "@/lib/server/storage";
import { isInlineMediaRef } from "@/lib/studio/inline-media-ref";
import type { WireTask } from "@/lib/upstream";
import type { Job } from "./hand-over";

/**
 * A task recorded before a restart and never received by the service goes again as the studio
 * first wrote it, rebuilt from its record: its inline media from the studio's stored copies, its
 * studio references resolved again (the service's copies may have expired), its cost asked for
 * and its webhook set as `submitTasks` does.
 */

export interface RebuildDeps {
  storage: MediaStorage;
  refs: Pick<StudioRefs, "resolve">;
  webhookFor?: (taskUUID: string) => string;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function cannotRebuild(parameter: string, why: string): ServiceError {
  return {
    code: "unsupportedParameter",
    message: `The task could not be sent again after the studio restarted: ${why}. Send it again as a new task.`,
    parameter,
  };
}

/** `params` with each inline media reference replaced by its bytes, as a data URI. */
async function restore(storage: MediaStorage, value: unknown, path: string): Promise<unknown> {
  if (Array.isArray(value)) {
    return Promise.all(value.map((v, i) => restore(storage, v, path ? `${path}.${i}` : String(i))));
  }
  if (isInlineMediaRef(value)) {
    const { storageKey, mime } = value.$inline;
    const object = storageKey ? await storage.get(storageKey) : null;
    if (!object) throw cannotRebuild(path, `the studio no longer has the image sent in ${path}`);
    return `data:${mime};base64,${(await readAll(object.stream)).toString("base64")}`;
  }
  if (typeof value === "object" && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value))
      out[key] = await restore(storage, v, path ? `${path}.${key}` : key);
    return out;
  }
  return value;
}

/** The task as `submitTasks` writes it to the service, from its record. */
export async function wireFromRecord(
  deps: RebuildDeps,
  task: { taskUUID: string; params: Record<string, unknown> },
): Promise<WireTask> {
  for (const [field, value] of Object.entries(task.params)) {
    if (typeof value === "string" && (value === REDACTED || value.endsWith(`?${REDACTED}`))) {
      throw cannotRebuild(field, `its ${field} held credentials, which the studio does not keep`);
    }
  }
  const restored = (await restore(deps.storage, task.params, "")) as Record<string, unknown>;
  const resolved: Record<string, unknown> = {
    ...(await deps.refs.resolve({ ...restored, taskUUID: task.taskUUID })),
    includeCost: true,
  };
  return (
    deps.webhookFor ? { ...resolved, webhookURL: deps.webhookFor(task.taskUUID) } : resolved
  ) as WireTask;
}

export interface ReadmitDeps extends RebuildDeps {
  keeper: Pick<ResultKeeper, "fail">;
  queue: Pick<MemberQueue<Job>, "readmit">;
}

/**
 * Tasks taken up after a restart that the service does not know, oldest first: each waits again
 * in its author's lane, in this order, and is sent as its turn comes. One that cannot be rebuilt
 * ends with why.
 */
export async function readmit(deps: ReadmitDeps, flights: readonly Flight[]): Promise<void> {
  const lanes = new Map<string, Job[]>();
  for (const flight of flights) {
    let wire: WireTask;
    try {
      flight.wire ??= await wireFromRecord(deps, flight);
      wire = wireForTry(flight, flight.wire);
    } catch (err) {
      await deps.keeper.fail(flight.taskUUID, notResentError(err));
      continue;
    }
    const job: Job = {
      taskUUID: flight.taskUUID,
      wire,
      sent: flight.params as SentTask,
      async: flight.taskType === "videoInference" || flight.params.deliveryMethod === "async",
      author: { id: flight.authorId, name: flight.authorName },
      again: true,
    };
    const lane = lanes.get(flight.authorId);
    if (lane) lane.push(job);
    else lanes.set(flight.authorId, [job]);
  }
  for (const [memberId, jobs] of lanes) deps.queue.readmit(memberId, jobs);
}
