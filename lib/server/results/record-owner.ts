import "server-only";
import {
  type ItemInput,
  readItemOwner,
  recordItem,
  type StudioDatabase,
  type TaskOwner,
} from "@/lib/server/db";
import type { Flight } from "./flight";

/**
 * What recording a task's results reads of the task (its author, parameters, version stack), read
 * once per task in flight instead of once per result: none of it changes while the task runs. A
 * failed read is not kept, so the next result reads again.
 */
const owners = new WeakMap<Flight, Promise<TaskOwner>>();

export function ownerOf(db: StudioDatabase, flight: Flight): Promise<TaskOwner> {
  const known = owners.get(flight);
  if (known) return known;
  const reading = readItemOwner(db, flight.taskUUID);
  owners.set(flight, reading);
  reading.catch(() => {
    if (owners.get(flight) === reading) owners.delete(flight);
  });
  return reading;
}

/** Records one result of the task `flight` waits on (see `recordItem`), its task read once. */
export async function recordResult(db: StudioDatabase, flight: Flight, input: ItemInput) {
  return recordItem(db, input, await ownerOf(db, flight));
}
