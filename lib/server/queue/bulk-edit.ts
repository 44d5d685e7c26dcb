import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import { parseTask } from "@/lib/protocol/envelope";
import type { SessionUser } from "@/lib/server/auth/caller";
import type { StudioDatabase } from "@/lib/server/db";
import { task } from "@/lib/server/db/schema";
import { ApiError } from "@/lib/studio/api/errors";
import { isInlineMediaRef } from "@/lib/studio/inline-media-ref";
import type { EditableParameter } from "@/lib/studio/queue/queue";
import { retryOnDeadlock } from "./send-gate";
import { lockSteered, waitingNow } from "./steer-access";

export interface QueueEdit {
  /** Every occurrence of `find` in the prompt becomes `with`. */
  replace?: { find: string; with: string };
  set?: Partial<Record<EditableParameter, number>>;
}

export interface EditOutcome {
  /** Waiting tasks changed (or, in a preview, that would change). */
  changed: number;
  /** Tasks named that were already sent or ended: left as they are. */
  skipped: number;
  /** Occurrences of `find` in the waiting tasks' prompts. */
  matches: number;
}

/** A stand-in for media the record keeps by reference: the contract checks its shape, not bytes. */
const PIXEL =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

function checkable(value: unknown): unknown {
  if (isInlineMediaRef(value)) return PIXEL;
  if (Array.isArray(value)) return value.map(checkable);
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, checkable(v)]));
  }
  return value;
}

function occurrences(text: string, find: string): number {
  return find === "" ? 0 : text.split(find).length - 1;
}

/**
 * Edits the waiting tasks named, in one transaction holding their rows: a studio about to send
 * one waits for it and then sends the edited task (its revision tells it to rebuild), and a task
 * already taken for sending is skipped, never changed. Each edited task is checked with the
 * contract's schema, as `POST /api/tasks` checks it; the first refusal names its parameter and
 * nothing is written. A preview answers the counts and writes nothing.
 */
export async function editWaiting(
  db: StudioDatabase,
  caller: SessionUser,
  taskUUIDs: readonly string[],
  edit: QueueEdit,
  options: { preview: boolean; videoModel: string },
): Promise<EditOutcome> {
  return retryOnDeadlock(() => editOnce(db, caller, taskUUIDs, edit, options));
}

async function editOnce(
  db: StudioDatabase,
  caller: SessionUser,
  taskUUIDs: readonly string[],
  edit: QueueEdit,
  options: { preview: boolean; videoModel: string },
): Promise<EditOutcome> {
  return db.transaction(async (raw) => {
    const tx = raw as unknown as StudioDatabase;
    const rows = await lockSteered(tx, caller, taskUUIDs);
    const waiting = rows.filter((r) => r.waiting).map((r) => r.taskUUID);
    const outcome: EditOutcome = { changed: 0, skipped: rows.length - waiting.length, matches: 0 };
    if (waiting.length === 0) return outcome;
    const records = await tx
      .select({ taskUUID: task.taskUUID, params: task.params })
      .from(task)
      .where(and(inArray(task.taskUUID, waiting), waitingNow()));
    const updates: { taskUUID: string; params: Record<string, unknown> }[] = [];
    for (const record of records) {
      const params = { ...record.params };
      let touched = false;
      if (edit.replace && typeof params.positivePrompt === "string") {
        const found = occurrences(params.positivePrompt, edit.replace.find);
        if (found > 0) {
          outcome.matches += found;
          params.positivePrompt = params.positivePrompt.split(edit.replace.find).join(edit.replace.with);
          touched = true;
        }
      }
      for (const [name, value] of Object.entries(edit.set ?? {})) {
        if (value === undefined || params[name] === value) continue;
        params[name] = value;
        touched = true;
      }
      if (!touched) continue;
      const parsed = parseTask(checkable(params), { videoModel: options.videoModel });
      if (!parsed.ok) {
        throw new ApiError(
          400,
          parsed.errors.map(({ code, message, parameter }) => ({
            code,
            message,
            ...(parameter ? { parameter } : {}),
          })),
        );
      }
      updates.push({ taskUUID: record.taskUUID, params });
    }
    outcome.changed = updates.length;
    if (options.preview) return outcome;
    for (const update of updates) {
      await tx
        .update(task)
        .set({ params: update.params, revision: sql`${task.revision} + 1` })
        .where(and(eq(task.taskUUID, update.taskUUID), waitingNow()));
    }
    return outcome;
  });
}
