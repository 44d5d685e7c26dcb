import "server-only";
import { upstreamErrors } from "./errors";
import type { UpstreamError } from "./types";
import type { WireTask } from "./wire";

/**
 * What the WebSocket session has to send, and what it sent that the service has not answered.
 *
 * A message waits in the queue until a socket is authenticated; it leaves it when `ws.send`'s
 * callback reports the frame handed to the operating system (then `send()` resolves). A socket
 * that drops puts the messages still being written back at the head of the queue, in order.
 *
 * A task written but not yet answered (no result, ack or error with its taskUUID) is
 * "unconfirmed": the frame may have been lost with the socket. After a reconnect such tasks are
 * sent again. If the service did receive the first copy it answers `conflictTaskUUID`, which the
 * session turns into "accepted" (see types.ts `AcceptedVia`), so sending again is always safe.
 *
 * Except for a message the service refused for its size (it closes the socket with 1009): sent
 * again as it was, it would be refused again, on every reconnect. The outbox keeps what was written
 * on the current socket, so that after such a close it can take out the message refused
 * (`takeRefused`) and hand it to the session to be sent otherwise.
 */

interface Entry {
  text: string;
  tasks: readonly WireTask[];
  /** Absent for re-sent tasks: nobody waits on them. */
  resolve?: () => void;
  reject?: (error: UpstreamError) => void;
  /** Changes on every write, so a late callback of an earlier write is recognised and ignored. */
  token: number;
}

export type WriteFn = (text: string, done: (error: Error | undefined) => void) => void;

export class Outbox {
  private queue: Entry[] = [];
  private inflight: Entry[] = [];
  /** Written, not yet answered; insertion order is age. */
  private readonly unconfirmed = new Map<string, WireTask>();
  /**
   * Tasks sent again after a reconnect. Kept (up to `maxUnconfirmed`, oldest out) after answers
   * arrive: results of the first copy may come before the answer to the second, and a task sent
   * again after each of two drops can be answered `conflictTaskUUID` twice.
   */
  private readonly resent = new Map<string, string>();
  /**
   * Messages written (or being written) on the current socket that the service may still refuse,
   * oldest first: each leaves once written and its tasks answered (see `unanswered`), so a socket
   * that stays open for days does not keep every message it carried.
   */
  private written: Entry[] = [];
  private nextToken = 1;

  constructor(
    private readonly maxQueue: number,
    private readonly maxUnconfirmed: number,
  ) {}

  get queued(): number {
    return this.queue.length + this.inflight.length;
  }

  /** Messages kept in case the service refuses one for its size. */
  get keptForRefusal(): number {
    return this.written.length;
  }

  /** Still being written, or a task of it written and not answered: the service may refuse it yet. */
  private unanswered(entry: Entry): boolean {
    return (
      this.inflight.includes(entry) ||
      entry.tasks.some((t) => t.taskUUID !== undefined && this.unconfirmed.has(t.taskUUID))
    );
  }

  /**
   * Queues a caller's message; resolves once written. A full queue rejects at once. Rejections are
   * the contract's error object itself, not an Error wrapping it (docs/conventions.md, "Errors
   * are values with codes").
   *
   * `deadline` firing while the message still waits for a socket takes it out of the queue and
   * rejects with `notHandedOver`: it is never sent, so its caller can say so and mean it. A message
   * already being written when the deadline fires may reach the service: it resolves then, and
   * the outbox goes on delivering it.
   */
  enqueue(tasks: readonly WireTask[], deadline?: AbortSignal): Promise<void> {
    if (this.queue.length >= this.maxQueue) {
      return Promise.reject(upstreamErrors.queueFull(this.maxQueue));
    }
    return new Promise<void>((resolve, reject) => {
      const entry: Entry = { text: JSON.stringify(tasks), tasks, resolve, reject, token: 0 };
      this.queue.push(entry);
      deadline?.addEventListener("abort", () => this.withdraw(entry, deadline.reason), { once: true });
    });
  }

  private withdraw(entry: Entry, reason: unknown): void {
    const index = this.queue.indexOf(entry);
    if (index >= 0) {
      this.queue.splice(index, 1);
      entry.reject?.(upstreamErrors.notHandedOver(typeof reason === "string" ? reason : undefined));
    } else if (this.inflight.includes(entry)) {
      entry.resolve?.();
    }
    // Neither: already written (resolved) or rejected.
  }

  /** Writes every queued message, in order. */
  flush(write: WriteFn): void {
    if (this.queue.length > 0) this.written = this.written.filter((entry) => this.unanswered(entry));
    while (this.queue.length > 0) {
      const entry = this.queue.shift() as Entry;
      const token = this.nextToken++;
      entry.token = token;
      this.inflight.push(entry);
      this.written.push(entry);
      write(entry.text, (error) => this.settle(entry, token, error));
    }
  }

  private settle(entry: Entry, token: number, error: Error | undefined): void {
    if (entry.token !== token) return;
    // A failed write leaves the entry in flight; `requeueInflight` takes it back when the socket closes.
    if (error) return;
    const index = this.inflight.indexOf(entry);
    if (index >= 0) this.inflight.splice(index, 1);
    entry.token = 0;
    for (const task of entry.tasks) {
      if (task.taskUUID === undefined || task.taskType === "ping") continue;
      this.unconfirmed.delete(task.taskUUID);
      this.unconfirmed.set(task.taskUUID, task);
      if (this.unconfirmed.size > this.maxUnconfirmed) {
        const oldest = this.unconfirmed.keys().next();
        if (!oldest.done) this.unconfirmed.delete(oldest.value);
      }
    }
    entry.resolve?.();
  }

  /**
   * Queues tasks the session sends on its own account (one message, nobody waits on it): a task
   * whose images were uploaded apart, a task split from a message refused for its size.
   */
  enqueueOwned(tasks: readonly WireTask[]): void {
    this.queue.push({ text: JSON.stringify(tasks), tasks, token: 0 });
  }

  /** A socket closed or a new one is authenticated: what the last one carried no longer matters. */
  newSocket(): void {
    this.written = [];
  }

  /**
   * The service closed the socket for a message too big (1009): the message it refused is taken
   * out, never to be sent again as it is. The service reads in order and stops at the first frame
   * over its limit, so it is one the service has not answered; of those, the largest. Its sender,
   * if one waits, is told it was handed over: the session now sends it otherwise or reports why not
   * as the task's error.
   */
  takeRefused(): { tasks: readonly WireTask[]; chars: number } | undefined {
    const unanswered = this.written.filter((entry) => this.unanswered(entry));
    this.written = [];
    const refused = unanswered.reduce<Entry | undefined>(
      (largest, entry) => (largest && largest.text.length >= entry.text.length ? largest : entry),
      undefined,
    );
    if (!refused) return undefined;
    refused.token = 0;
    this.inflight = this.inflight.filter((e) => e !== refused);
    for (const task of refused.tasks) if (task.taskUUID !== undefined) this.unconfirmed.delete(task.taskUUID);
    refused.resolve?.();
    return { tasks: refused.tasks, chars: refused.text.length };
  }

  /** The socket is gone: messages whose write did not complete go back to the head, in order. */
  requeueInflight(): void {
    for (const entry of this.inflight) entry.token = 0;
    this.queue = [...this.inflight, ...this.queue];
    this.inflight = [];
  }

  /** Tasks sent again on purpose, which the service may hold: remembered as re-sent. */
  markResent(tasks: readonly WireTask[]): void {
    for (const task of tasks) if (task.taskUUID !== undefined) this.remember(task.taskUUID, task.taskType);
  }

  private remember(taskUUID: string, taskType: string): void {
    this.resent.delete(taskUUID);
    this.resent.set(taskUUID, taskType);
    if (this.resent.size > this.maxUnconfirmed) {
      const oldest = this.resent.keys().next();
      if (!oldest.done) this.resent.delete(oldest.value);
    }
  }

  /**
   * A socket was authenticated after a drop: unconfirmed tasks go first, each alone in a message,
   * and are remembered as re-sent.
   */
  requeueUnconfirmed(): void {
    const again: Entry[] = [];
    for (const [taskUUID, task] of this.unconfirmed) {
      this.remember(taskUUID, task.taskType);
      again.push({ text: JSON.stringify([task]), tasks: [task], token: 0 });
    }
    this.unconfirmed.clear();
    this.queue = [...again, ...this.queue];
  }

  /** Not to be sent again after a reconnect: true if `taskUUID` was written and not answered. */
  unconfirm(taskUUID: string): boolean {
    return this.unconfirmed.delete(taskUUID);
  }

  /** An answer about `taskUUID` arrived: it need not be sent again. */
  confirm(taskUUID: string): void {
    this.unconfirmed.delete(taskUUID);
  }

  /** The task's type if `taskUUID` was sent again after a drop. */
  resentType(taskUUID: string): string | undefined {
    return this.resent.get(taskUUID);
  }

  /**
   * The key was refused: every caller still waiting is told so now. Tasks sent again after a drop
   * (nobody waits on them) stay queued, and what the service holds stays remembered, for when a
   * key is accepted again.
   */
  rejectWaiting(error: UpstreamError): void {
    const pending = [...this.inflight, ...this.queue];
    this.inflight = [];
    this.queue = [];
    for (const entry of pending) {
      entry.token = 0;
      if (entry.reject) entry.reject(error);
      else this.queue.push(entry);
    }
  }

  /** Rejects every message not yet written (the session is closing). */
  rejectAll(error: UpstreamError): void {
    const pending = [...this.inflight, ...this.queue];
    this.inflight = [];
    this.queue = [];
    for (const entry of pending) {
      entry.token = 0;
      entry.reject?.(error);
    }
    this.unconfirmed.clear();
    this.resent.clear();
    this.written = [];
  }
}
