import "server-only";
import { eq } from "drizzle-orm";
import type { StudioDatabase, TaskWithItems } from "@/lib/server/db";
import { user } from "@/lib/server/db/schema";
import { type Flight, flightFromRow } from "./flight";

/** The flight of a recorded task (after a restart, or a webhook for a task held elsewhere). */
export async function readFlight(db: StudioDatabase, task: TaskWithItems): Promise<Flight> {
  const [author] = await db.select({ name: user.name }).from(user).where(eq(user.id, task.authorId));
  return flightFromRow(
    task,
    author?.name ?? "Former member",
    task.items.length,
    task.items.map((i) => i.mediaUUID),
  );
}
