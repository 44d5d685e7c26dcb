import "server-only";
import { logger } from "@/lib/platform/logger";
import type { TaskWithItems } from "@/lib/server/db";
import { type Flight, isEnded } from "./flight";
import type { KeeperDeps } from "./keeper-deps";
import type { KeeperState } from "./keeper-state";
import { recover } from "./recovery";
import { resend } from "./resends";
import { lostTaskPatch, type settledPatch, storedError } from "./settle";

/** What taking tasks up after a restart, and sending them again, needs of the keeper. */
export interface TakeUpHost {
  deps: KeeperDeps;
  state: KeeperState;
  /** The flight of a recorded task, with the results it has kept. */
  flightOf(row: TaskWithItems): Promise<Flight>;
  watch(taskUUID: string): void;
  watchLater(flight: Flight, ms: number): void;
  settle(flight: Flight, patch: ReturnType<typeof settledPatch>): Promise<void>;
}

/**
 * Tasks in flight left by a process that is gone (oldest first): the service is asked about
 * each; those it holds are watched, those it does not know are sent again (recovery.ts).
 */
export async function takeUp(host: TakeUpHost, rows: readonly TaskWithItems[]): Promise<void> {
  const { deps, state } = host;
  const { flights, stop } = state;
  const taken: Flight[] = [];
  for (const row of rows) {
    if (flights.has(row.taskUUID) || stop.signal.aborted) continue;
    const flight = await host.flightOf(row);
    flight.parked = true;
    flights.set(row.taskUUID, flight);
    taken.push(flight);
  }
  if (taken.length === 0) return;
  const { requeue } = deps;
  void recover(
    {
      upstream: deps.upstream,
      signal: stop.signal,
      current: (flight) => flights.get(flight.taskUUID) === flight && !isEnded(flight),
      known: (flight) => {
        flight.parked = false;
        requeue?.running(flight.authorId, flight.taskUUID);
        host.watch(flight.taskUUID);
      },
      partial: (flight) => host.settle(flight, lostTaskPatch(flight.itemCount, flight.done)),
      unsent: (unsent) => {
        for (const flight of unsent) {
          flight.resends += 1;
          logger().info({ taskUUID: flight.taskUUID }, "task sent again: the service does not know it");
        }
        if (requeue && deps.wireOf) requeue.unsent(unsent);
        else for (const flight of unsent) void resendNow(host, flight);
      },
    },
    taken,
  ).catch((err: unknown) => logger().warn({ err }, "tasks in flight not taken up"));
}

/** Sends a task the service does not know again under its own UUID (resends.ts). */
export function resendNow(host: TakeUpHost, flight: Flight): Promise<void> {
  const { deps, state } = host;
  flight.parked = false;
  return resend(
    {
      socket: deps.upstream.socket,
      ...(deps.wireOf ? { wireOf: deps.wireOf } : {}),
      signal: state.stop.signal,
      stopWatching: (taskUUID) => state.stopWatching(taskUUID),
      watchLater: (f, ms) => host.watchLater(f, deps.resendPollMs ?? ms),
      end: (f, error) => host.settle(f, { status: "error", error: storedError(error) }),
    },
    flight,
  );
}
