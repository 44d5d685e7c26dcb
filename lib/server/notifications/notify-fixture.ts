import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { recordItem } from "@/lib/server/db/item-records";
import { notification, user } from "@/lib/server/db/schema";
import { recordTasks } from "@/lib/server/db/task-records";
import type { TestDatabase } from "@/lib/server/db/test-databases";
import type { Audience } from "@/lib/server/stream/event-log";
import type { GalleryChange } from "@/lib/studio/api/stream-events";
import type { Role } from "@/lib/studio/roles";
import type { InboxPublisher } from "./types";

interface Actor {
  id: string;
  name: string;
  role: Role;
}

/** The team the notification tests act with: one of each role, and one who left. */
export type Person = "owner" | "editor" | "reviewer" | "reviewer2" | "viewer" | "gone";

export interface NotifyFixture {
  deps: { db: TestDatabase["db"]; log: InboxPublisher };
  events: { change: GalleryChange; audience: Audience | undefined }[];
  people: Record<Person, Actor & { email: string }>;
  /** A new image made by `author` (the editor unless told). */
  newItem(author?: Person): Promise<{ id: string }>;
  /** The notifications stored for a member, newest first. */
  rowsOf(person: Person): Promise<(typeof notification.$inferSelect)[]>;
}

export async function notifyFixture(opened: Pick<TestDatabase, "db">): Promise<NotifyFixture> {
  const events: NotifyFixture["events"] = [];
  const deps: NotifyFixture["deps"] = {
    db: opened.db,
    log: { publishGallery: (change, audience) => events.push({ change, audience }) },
  };
  const roles: [Person, Role, string][] = [
    ["owner", "owner", "Olga Owner"],
    ["editor", "editor", "Ed"],
    ["reviewer", "reviewer", "Rita"],
    ["reviewer2", "reviewer", "Rob"],
    ["viewer", "viewer", "Vic"],
    ["gone", "reviewer", "Dee"],
  ];
  const people = {} as NotifyFixture["people"];
  for (const [key, role, name] of roles) {
    const id = `u-${randomUUID()}`;
    const email = `${key}-${id}@example.com`;
    await opened.db
      .insert(user)
      .values({ id, name, email, role, ...(key === "gone" ? { deactivatedAt: new Date() } : {}) });
    people[key] = { id, name, role, email };
  }
  return {
    deps,
    events,
    people,
    async newItem(author = "editor") {
      const taskUUID = randomUUID();
      await recordTasks(opened.db, people[author].id, [
        { taskType: "imageInference", taskUUID, positivePrompt: "a fox" },
      ]);
      const mediaUUID = randomUUID();
      const { item } = await recordItem(opened.db, {
        taskUUID,
        mediaUUID,
        kind: "image",
        mime: "image/png",
        width: 64,
        height: 64,
        seed: 1,
        storageKey: `items/t/${mediaUUID}.png`,
        bytes: 1,
      });
      return item;
    },
    async rowsOf(person) {
      const rows = await opened.db
        .select()
        .from(notification)
        .where(eq(notification.userId, people[person].id));
      return rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
    },
  };
}
