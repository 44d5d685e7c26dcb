import "server-only";
import { setMaxListeners } from "node:events";
import type { Flight } from "./flight";

/** Told each task that ended: who sent it, and whether an experiment's cell may wait on it. */
export type FinishedListener = (authorId: string, taskUUID: string, ended: { inExperiment: boolean }) => void;

/** Told each task whose results the service has all delivered (or failed), before they are kept. */
export type DeliveredListener = (authorId: string, taskUUID: string) => void;

function stopController(): AbortController {
  const controller = new AbortController();
  setMaxListeners(0, controller.signal);
  return controller;
}

/**
 * What the keeper holds in memory: the tasks it waits on, the results on their way, the polls and
 * timers under way, and the signal that ends them all when it closes.
 */
export class KeeperState {
  readonly flights = new Map<string, Flight>();
  readonly ingesting = new Map<string, Promise<void>>();
  readonly watching = new Map<string, AbortController>();
  readonly timers = new Set<ReturnType<typeof setTimeout>>();
  /** Ends the keeper's watches and downloads: each in flight listens to it, more than ten at once. */
  readonly stop = stopController();
  readonly finishedListeners = new Set<FinishedListener>();
  readonly deliveredListeners = new Set<DeliveredListener>();

  /** True once the keeper is closing: a task not sent now is left for the next start. */
  get closing(): boolean {
    return this.stop.signal.aborted;
  }

  /** Runs `fn` after `ms`, on a timer cleared when the keeper closes. */
  later(fn: () => void, ms: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, ms);
    timer.unref();
    this.timers.add(timer);
  }

  /** Ends the task's poll; it may be watched again at once. */
  stopWatching(taskUUID: string): void {
    this.watching.get(taskUUID)?.abort();
    this.watching.delete(taskUUID);
  }

  /** Ends the task's poll, which lets go of its place once it has wound down. */
  abortWatch(taskUUID: string): void {
    this.watching.get(taskUUID)?.abort();
  }

  /**
   * The service is done with the task: every result it asked for has arrived or failed. Keeping
   * them (download, thumbnail, records) is the studio's own work, after which `finished` follows.
   */
  delivered(authorId: string, taskUUID: string): void {
    for (const listener of this.deliveredListeners) listener(authorId, taskUUID);
  }

  /**
   * The task ended. `inExperiment`: an experiment's cell names it; true when not known (its record
   * was ended elsewhere), so the experiments look.
   */
  finished(authorId: string, taskUUID: string, inExperiment = true): void {
    for (const listener of this.finishedListeners) listener(authorId, taskUUID, { inExperiment });
  }

  /**
   * Resolves once no task is waited on (each result kept, each failure recorded), or at `signal`,
   * and the results on their way have landed.
   */
  async idle(signal: AbortSignal): Promise<void> {
    while (this.flights.size > 0 && !signal.aborted) {
      await new Promise<void>((resolve) => {
        const wake = () => {
          this.finishedListeners.delete(wake);
          signal.removeEventListener("abort", wake);
          resolve();
        };
        this.finishedListeners.add(wake);
        signal.addEventListener("abort", wake, { once: true });
      });
    }
    await this.ingested();
  }

  /** Resolves once every result on its way has been kept or given up. */
  async ingested(): Promise<void> {
    await Promise.allSettled([...this.ingesting.values()]);
  }
}
