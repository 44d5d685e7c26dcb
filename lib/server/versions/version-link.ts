import "server-only";
import { eq } from "drizzle-orm";
import type { ServiceError } from "@/lib/protocol/errors";
import type { StudioDatabase } from "@/lib/server/db";
import { comment, item, versionTask } from "@/lib/server/db/schema";
import { isUuid } from "@/lib/studio/params";
import { VERSION_KEYS } from "@/lib/studio/versions/versions";

/**
 * A generation task may ask to be the next version of an item: the studio's own keys `versionOf`
 * (the item) and `versionComment` (the comment that asked for it) ride with the task to the
 * studio and are taken off before the task is checked against the contract, recorded or sent, so
 * the service never sees them and a recalled recipe does not carry them.
 */
export interface VersionRequest {
  versionOf: unknown;
  versionComment: unknown;
}

/** The link as recorded: the stack it joins, the version it came from, the comment. */
export interface VersionLink {
  stackId: string;
  baseItemId: string;
  commentId: string | null;
}

/** Each task without the studio's version keys, and what those keys held (undefined: none). */
export function takeVersionRequests(body: unknown): {
  body: unknown;
  requests: (VersionRequest | undefined)[];
} {
  const tasks = Array.isArray(body) ? body : [body];
  const requests: (VersionRequest | undefined)[] = [];
  const stripped = tasks.map((task) => {
    if (typeof task !== "object" || task === null || Array.isArray(task)) {
      requests.push(undefined);
      return task;
    }
    const source = task as Record<string, unknown>;
    if (!VERSION_KEYS.some((key) => key in source)) {
      requests.push(undefined);
      return task;
    }
    const { versionOf, versionComment, ...rest } = source;
    requests.push({ versionOf, versionComment });
    return rest;
  });
  return { body: Array.isArray(body) ? stripped : stripped[0], requests };
}

const refusal = (code: string, message: string, parameter: string): ServiceError => ({
  code,
  message,
  parameter,
  type: "string",
});

/**
 * The stack a request joins, or why not: the item must exist and be out of the trash, and a
 * comment, when named, must be on a version of the same stack.
 */
export async function resolveVersionRequest(
  db: StudioDatabase,
  request: VersionRequest,
): Promise<VersionLink | ServiceError> {
  const { versionOf, versionComment } = request;
  if (typeof versionOf !== "string" || !isUuid(versionOf)) {
    return refusal(
      "invalidVersionOf",
      "versionOf is the id of the item this task makes a new version of.",
      "versionOf",
    );
  }
  const [base] = await db
    .select({ id: item.id, stackId: item.stackId, deletedAt: item.deletedAt })
    .from(item)
    .where(eq(item.id, versionOf.toLowerCase()));
  if (!base)
    return refusal("itemNotFound", "There is no such item in the gallery to make a version of.", "versionOf");
  if (base.deletedAt !== null) {
    return refusal(
      "conflictItemInTrash",
      "This item is in the trash: restore it before making a new version of it.",
      "versionOf",
    );
  }
  const stackId = base.stackId ?? base.id;
  if (versionComment === undefined || versionComment === null) {
    return { stackId, baseItemId: base.id, commentId: null };
  }
  if (typeof versionComment !== "string" || !isUuid(versionComment)) {
    return refusal(
      "invalidVersionComment",
      "versionComment is the id of a comment on this item.",
      "versionComment",
    );
  }
  const [on] = await db
    .select({ stackId: item.stackId, itemId: item.id })
    .from(comment)
    .innerJoin(item, eq(item.id, comment.itemId))
    .where(eq(comment.id, versionComment.toLowerCase()));
  if (!on || (on.stackId ?? on.itemId) !== stackId) {
    return refusal("commentNotFound", "No comment on this item's versions has this id.", "versionComment");
  }
  return { stackId, baseItemId: base.id, commentId: versionComment.toLowerCase() };
}

/** Records the links of tasks just recorded; a retried request's links are already there. */
export async function recordVersionLinks(
  db: StudioDatabase,
  authorId: string,
  links: readonly { taskUUID: string; link: VersionLink }[],
): Promise<void> {
  if (links.length === 0) return;
  await db
    .insert(versionTask)
    .values(links.map(({ taskUUID, link }) => ({ taskUUID, ...link, requestedBy: authorId })))
    .onConflictDoNothing();
}
