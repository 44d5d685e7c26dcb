import "server-only";
import { logger } from "@/lib/platform/logger";
import { RecentKeys } from "./dedupe";
import { accepted, reshapeError, reshapeFailedItem, reshapeItem } from "./reshape";
import type { UpstreamError, UpstreamEvent, UpstreamItem } from "./types";
import type { WireEnvelope } from "./wire";
import type { Outbox } from "./ws-outbox";

export type Listener = (event: UpstreamEvent) => void;

/**
 * Turns the service's messages into events for listeners: data items and task errors routed by
 * taskUUID, errors without one as connection events.
 *
 * Results are emitted at most once across resumes, keyed by taskUUID and the item's identity (its
 * media UUID, else a digest of its content), within the last `dedupeSize` results. Errors are not
 * de-duplicated: the service reports one error per failed generation, and those can be identical.
 */
export class Router {
  private readonly listeners = new Set<Listener>();
  private readonly byTask = new Map<string, Set<Listener>>();
  /** The session's own tasks (image uploads): their events reach only their own listeners. */
  private readonly own = new Set<string>();
  private readonly seen: RecentKeys;

  constructor(
    private readonly outbox: Outbox,
    private readonly secret: string,
    dedupeSize: number,
  ) {
    this.seen = new RecentKeys(dedupeSize);
  }

  onMessage(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Events of one task only (connection events excluded). `own`: a task the session sent on its
   * own account, whose events no other listener hears.
   */
  onTask(taskUUID: string, listener: Listener, own = false): () => void {
    if (own) this.own.add(taskUUID);
    let set = this.byTask.get(taskUUID);
    if (!set) {
      set = new Set();
      this.byTask.set(taskUUID, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.byTask.get(taskUUID) === set) this.byTask.delete(taskUUID);
      if (own) this.own.delete(taskUUID);
    };
  }

  /** Routes the task-level content of a message (the session handles pongs and authentication). */
  route(envelope: WireEnvelope): UpstreamError[] {
    const connectionErrors: UpstreamError[] = [];
    for (const result of envelope.data) {
      // A generation the service failed, pushed as its result: the task's error, as in `errors`.
      const failed = reshapeFailedItem(result, this.secret);
      if (failed) {
        this.outbox.confirm(failed.taskUUID);
        this.emit({ type: "error", taskUUID: failed.taskUUID, error: failed });
        continue;
      }
      const item = reshapeItem(result);
      if (item) this.item(item);
    }
    for (const wire of envelope.errors) {
      const error = reshapeError(wire, this.secret);
      const { taskUUID } = error;
      if (taskUUID === undefined || taskUUID === "") {
        connectionErrors.push(error);
        continue;
      }
      // A task sent again after a drop, already held by the service: accepted, not failed.
      const resentType = this.outbox.resentType(taskUUID);
      if (error.code === "conflictTaskUUID" && resentType !== undefined) {
        this.item(accepted(error.taskType ?? resentType, taskUUID, "conflictOnRetry"));
        continue;
      }
      this.outbox.confirm(taskUUID);
      this.emit({ type: "error", taskUUID, error });
    }
    return connectionErrors;
  }

  private item(item: UpstreamItem): void {
    this.outbox.confirm(item.taskUUID);
    const identity = item.kind === "accepted" ? "accepted" : item.id;
    if (!this.seen.add(`${item.taskUUID}|${identity}`)) return;
    this.emit({ type: "item", taskUUID: item.taskUUID, item });
  }

  emit(event: UpstreamEvent): void {
    const targeted = event.type === "connection" ? undefined : this.byTask.get(event.taskUUID);
    const general = event.type !== "connection" && this.own.has(event.taskUUID) ? [] : this.listeners;
    for (const listener of [...general, ...(targeted ?? [])]) {
      try {
        listener(event);
      } catch (err) {
        // A listener's bug must not stop delivery to the others, nor the socket's reading.
        logger().error({ err }, "upstream event listener failed");
      }
    }
  }
}
