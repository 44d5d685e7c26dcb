import type { TaskUpdate } from "@/lib/studio/items/gallery-item";
import { isCancelled } from "@/lib/studio/queue/cancelled";

/** What the browser's notification says, and where clicking it leads. */
export interface DoneAlert {
  title: string;
  body: string;
  href: string;
  /** One notification per batch or experiment: a second with the same tag replaces the first. */
  tag: string;
}

/** Tasks sent together by one press of Generate: told of once, when the last one ends. */
export interface SentBatch {
  taskUUIDs: readonly string[];
  /** The workflow's name, in words ("Text to image"). */
  workflow: string;
  /** What the batch was of, in the person's words (its prompt), if anything. */
  subject?: string;
  medium: "image" | "video";
  href: string;
}

interface Open extends SentBatch {
  waiting: Set<string>;
  results: number;
  failed: number;
  /** Cancelled while they waited: never sent, so neither done nor failed. */
  cancelled: number;
  firstError: string | null;
}

type Outcome = { ok: boolean; cancelled: boolean; results: number; error: string | null };

/** The ends a tab remembers for tasks it has not yet heard were sent (a fast service's results). */
const REMEMBERED = 500;

function plural(n: number, one: string, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}

function alertFor(batch: Open, tag: string): DoneAlert | null {
  // The member cancelled all of it themselves: nothing to tell them.
  if (batch.cancelled > 0 && batch.results === 0 && batch.failed === 0) return null;
  const cancelled = batch.cancelled > 0 ? `, ${batch.cancelled} cancelled` : "";
  const subject = batch.subject?.trim() ? `: ${batch.subject.trim().slice(0, 120)}` : "";
  const body = `${batch.workflow}${subject}`;
  const kind = batch.medium === "video" ? "video" : "image";
  if (batch.results === 0) {
    return {
      title: batch.waiting.size === 0 && batch.failed > 1 ? "Your tasks failed" : "Your task failed",
      body: batch.firstError ? `${body}. ${batch.firstError}` : body,
      href: batch.href,
      tag,
    };
  }
  const ready = batch.results === 1 ? `Your ${kind} is ready` : `${plural(batch.results, kind)} are ready`;
  const failed = batch.failed > 0 ? `, ${plural(batch.failed, "task")} failed` : "";
  return { title: `${ready}${failed}${cancelled}`, body, href: batch.href, tag };
}

/**
 * Decides when the member's own work is done, from what the live stream says: a batch once its
 * last task has ended (however many images each made), an experiment once it ends. Tasks this tab
 * did not send (another tab's, an experiment's cells) never make a batch of their own.
 */
export class DoneTracker {
  private readonly batches = new Map<string, Open>();
  private readonly batchOf = new Map<string, string>();
  private readonly ended = new Map<string, Outcome>();
  private readonly experimentsTold = new Set<string>();
  private next = 0;

  /** A batch was accepted; answers its alert at once when its tasks have all ended already. */
  sent(batch: SentBatch): DoneAlert | null {
    const id = `batch-${++this.next}`;
    const open: Open = {
      ...batch,
      waiting: new Set(batch.taskUUIDs),
      results: 0,
      failed: 0,
      cancelled: 0,
      firstError: null,
    };
    if (open.waiting.size === 0) return null;
    this.batches.set(id, open);
    for (const uuid of batch.taskUUIDs) this.batchOf.set(uuid, id);
    let alert: DoneAlert | null = null;
    for (const uuid of batch.taskUUIDs) {
      const outcome = this.ended.get(uuid);
      if (outcome) alert = this.end(uuid, outcome) ?? alert;
    }
    return alert;
  }

  /** A task of the member's moved; answers an alert when it was the last of its batch to end. */
  task(update: TaskUpdate): DoneAlert | null {
    if (update.status !== "success" && update.status !== "error") return null;
    const outcome: Outcome = {
      ok: update.status === "success",
      cancelled: update.status === "error" && isCancelled(update.error),
      results: update.status === "success" ? update.itemsDone : 0,
      error: update.error?.message ?? null,
    };
    if (!this.batchOf.has(update.taskUUID)) {
      this.ended.set(update.taskUUID, outcome);
      if (this.ended.size > REMEMBERED) {
        const oldest = this.ended.keys().next().value;
        if (oldest !== undefined) this.ended.delete(oldest);
      }
      return null;
    }
    return this.end(update.taskUUID, outcome);
  }

  /** An experiment ended: told only to the member who started it. */
  experimentEnded(
    ended: { experimentId: string; by: string; name: string },
    me: string | null,
  ): DoneAlert | null {
    if (!me || ended.by !== me) return null;
    // Two studios on one database may both announce the end.
    if (this.experimentsTold.has(ended.experimentId)) return null;
    this.experimentsTold.add(ended.experimentId);
    return {
      title: "Your experiment finished",
      body: ended.name,
      href: `/experiments/${ended.experimentId}`,
      tag: `experiment-${ended.experimentId}`,
    };
  }

  private end(uuid: string, outcome: Outcome): DoneAlert | null {
    const id = this.batchOf.get(uuid);
    const batch = id ? this.batches.get(id) : undefined;
    // Told twice (a replay after a reconnect, two roads): counted once.
    if (!id || !batch?.waiting.delete(uuid)) return null;
    this.batchOf.delete(uuid);
    this.ended.delete(uuid);
    if (outcome.ok) batch.results += outcome.results;
    else if (outcome.cancelled) batch.cancelled += 1;
    else {
      batch.failed += 1;
      batch.firstError ??= outcome.error;
    }
    if (batch.waiting.size > 0) return null;
    this.batches.delete(id);
    return alertFor(batch, id);
  }
}

/**
 * How an alert reaches the person: only while the tab is out of sight (in sight, the page itself
 * shows the results), as a notification when they turned it on and the browser allows it, with a
 * chime when they turned that on. The browser's permission is asked last, and only then: reading
 * it is a blocking round trip to the browser's own process (Chromium), which every live event of
 * a busy page would otherwise pay.
 */
export function howToTell(
  alert: DoneAlert | null,
  state: { notify: boolean; sound: boolean; hidden: boolean; permission: () => string },
): { show: boolean; chime: boolean } {
  if (!alert || !state.hidden) return { show: false, chime: false };
  return { show: state.notify && state.permission() === "granted", chime: state.sound };
}
