import "server-only";
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { OpenedDatabase, StudioDatabase } from "@/lib/server/db/database";
import { notification, user } from "@/lib/server/db/schema";
import { errorAnswerOf } from "@/lib/server/http/error-answer";
import type { ApprovalCreate } from "@/lib/studio/approvals/inputs";
import type { Role } from "@/lib/studio/roles";
import type { Actor } from "../items/actor";
import { MemoryStorage, makeItem, RecordingLog } from "../items/test-support";
import { createApproval } from "./create";

/** A team for the approvals tests: one member of each role, items, and a recording log. */
export async function approvalTeam(opened: OpenedDatabase) {
  const people: Record<"owner" | "editor" | "editor2" | "reviewer" | "viewer", Actor> = {} as never;
  const roles: ["owner" | "editor" | "editor2" | "reviewer" | "viewer", Role][] = [
    ["owner", "owner"],
    ["editor", "editor"],
    ["editor2", "editor"],
    ["reviewer", "reviewer"],
    ["viewer", "viewer"],
  ];
  for (const [key, role] of roles) {
    const id = `u-${randomUUID()}`;
    await opened.db
      .insert(user)
      .values({ id, name: `${key} ${id.slice(2, 6)}`, email: `${id}@example.com`, role });
    people[key] = { id, name: key, role };
  }
  const storage = new MemoryStorage();
  const log = new RecordingLog();
  const items = [];
  for (let i = 0; i < 3; i++)
    items.push(await makeItem(opened as Parameters<typeof makeItem>[0], people.owner.id as string, storage));
  const itemIds = items.map((i) => i.id);
  return {
    people,
    storage,
    log,
    itemIds,
    deps: { db: opened.db, log },
    /** A request by the editor in two stages (`twoStages`): the editor, then the reviewer and a guest. */
    request(extra: Partial<ApprovalCreate> = {}) {
      return createApproval(
        { db: opened.db, log },
        people.editor,
        twoStages(people, itemIds, extra),
        "https://s.test",
      );
    },
    /** The approval notifications a member has, oldest first. */
    async noticesOf(actor: Actor) {
      const rows = await opened.db
        .select()
        .from(notification)
        .where(eq(notification.userId, actor.id as string));
      return rows
        .filter((r) => r.kind === "approval")
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    },
  };
}

/** Two stages: the editor, then the reviewer and a guest. */
export function twoStages(
  people: { editor: Actor; reviewer: Actor },
  itemIds: string[],
  extra: Partial<ApprovalCreate> = {},
): ApprovalCreate {
  return {
    title: "Spring campaign",
    dueAt: null,
    holdDownloads: false,
    itemIds,
    stages: [
      { name: "Internal", reviewers: [{ userId: people.editor.id as string }] },
      { name: "Client", reviewers: [{ userId: people.reviewer.id as string }, { guestName: "Cleo" }] },
    ],
    ...extra,
  };
}

/** The status a call answers with (200 when it resolves) and its error's code. */
export async function outcome(promise: Promise<unknown>): Promise<{ status: number; code?: string }> {
  try {
    await promise;
    return { status: 200 };
  } catch (err) {
    const answer = errorAnswerOf(err);
    if (!answer) throw err;
    return { status: answer.status, code: answer.errors[0]?.code as string };
  }
}

/** The daily digests in a member's inbox. */
export async function digestsOf(db: StudioDatabase, userId: string) {
  const rows = await db
    .select()
    .from(notification)
    .where(and(eq(notification.userId, userId), eq(notification.kind, "approval")));
  return rows.filter((r) => r.detail.approval === "digest");
}

/** The token of a guest reviewer's link (`…/a/<token>`). */
export const tokenOf = (url: string) => url.split("/a/")[1] as string;
