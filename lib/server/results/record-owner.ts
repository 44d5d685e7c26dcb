import "server-only";
import {
  type ItemInput,
  readItemOwner,
  recordItem,
  type StudioDatabase,
  type TaskOwner,
} from "@/lib/server/db";
import type { ItemRow } from "@/lib/server/db/schema";
import { seedCountBesides } from "@/lib/server/seed-stacks/members";
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

/**
 * The seed stack of a task's results, as the live card of each counts it: the stack's other
 * members, read once per task (after its first result is recorded, so a version it replaced is
 * no longer counted), and this task's results recorded so far.
 */
interface TaskSeeds {
  others: Promise<number>;
  mine: Set<string>;
}
const seeds = new WeakMap<Flight, TaskSeeds>();

/** How many seeds share the stack of `row`, a result of the task `flight` waits on, now. */
export async function seedCountOf(db: StudioDatabase, flight: Flight, row: ItemRow): Promise<number> {
  if (row.seedKey === null || row.deletedAt !== null || row.superseded) return 1;
  let known = seeds.get(flight);
  if (!known) {
    const others = seedCountBesides(db, row.seedKey, flight.taskUUID);
    known = { others, mine: new Set() };
    seeds.set(flight, known);
    const held = known;
    others.catch(() => {
      if (seeds.get(flight) === held) seeds.delete(flight);
    });
  }
  known.mine.add(row.id);
  return (await known.others) + known.mine.size;
}
