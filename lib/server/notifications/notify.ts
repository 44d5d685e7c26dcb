import "server-only";
import { and, count, eq, inArray, isNotNull, isNull, ne, or, sql } from "drizzle-orm";
import {
  comment,
  experiment,
  experimentCell,
  item,
  notification,
  user,
  type VoteRoundRow,
} from "@/lib/server/db/schema";
import type { NotificationDetail, NotificationKind } from "@/lib/studio/notifications/notifications";
import { CANCELLED_CODE } from "@/lib/studio/queue/cancelled";
import type { ReviewState } from "@/lib/studio/review/review";
import { can } from "@/lib/studio/roles";
import { notificationOutlet } from "./outlet";
import { choicesFor } from "./settings";
import type { InboxPublisher, Tx } from "./types";
import { unreadCount } from "./unread";

/**
 * Something happened that members are told about. Each is recorded by a one-line call where it
 * happens, inside that action's transaction, so a notification exists exactly when its event does.
 */
export type NotifyEvent =
  | { kind: "assigned"; actorId: string; itemId: string; userId: string | null }
  | { kind: "state"; actorId: string; itemId: string; state: ReviewState }
  /** A new comment: the members it names are mentioned; the thread's other members get a reply. */
  | {
      kind: "comment";
      actorId: string;
      itemId: string;
      commentId: string;
      parentId: string | null;
      mentioned: string[];
    }
  /** An edited comment naming members it did not name before. */
  | { kind: "mention"; actorId: string; itemId: string; commentId: string; mentioned: string[] }
  | { kind: "vote"; round: VoteRoundRow }
  | { kind: "experiment"; experimentId: string }
  /** A review request reached these members' stage, was decided, or is due (the daily digest). */
  | { kind: "approval"; actorId: string | null; userIds: string[]; detail: NotificationDetail };

interface Batch {
  kind: NotificationKind;
  /** Who it may concern; the actor, members who left and nulls are left out. */
  userIds: (string | null)[];
  actorId: string | null;
  itemId?: string;
  commentId?: string;
  detail?: NotificationDetail;
}

/** Active members among these ids, the actor left out: nobody is told of their own action. */
async function activeOthers(db: Tx, ids: (string | null)[], actorId: string | null): Promise<string[]> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null && id !== actorId))];
  if (wanted.length === 0) return [];
  const rows = await db
    .select({ id: user.id })
    .from(user)
    .where(and(inArray(user.id, wanted), isNull(user.deactivatedAt)));
  return rows.map((r) => r.id);
}

/** Who started or replied in the comment's thread, the new comment itself aside. */
async function threadMembers(db: Tx, threadId: string, commentId: string): Promise<(string | null)[]> {
  const rows = await db
    .select({ authorId: comment.authorId })
    .from(comment)
    .where(
      and(
        or(eq(comment.id, threadId), eq(comment.parentId, threadId)),
        ne(comment.id, commentId),
        isNotNull(comment.authorId),
      ),
    );
  return rows.map((r) => r.authorId);
}

/** Where a vote opens: its panel over its experiment, its evaluation set, or its own page. */
function voteHref(round: VoteRoundRow): string {
  const open = `?vote=${round.id}`;
  if (round.experimentId) return `/experiments/${round.experimentId}${open}`;
  if (round.evalSetId) return `/experiments/sets/${round.evalSetId}${open}`;
  return `/votes/${round.id}${open}`;
}

async function batchesOf(db: Tx, event: NotifyEvent): Promise<Batch[]> {
  switch (event.kind) {
    case "assigned":
      return [
        {
          kind: "assigned",
          actorId: event.actorId,
          itemId: event.itemId,
          userIds: [event.userId],
        },
      ];
    case "state": {
      const [row] = await db.select({ authorId: item.authorId }).from(item).where(eq(item.id, event.itemId));
      const userIds = row ? [row.authorId] : [];
      return [
        {
          kind: "state",
          actorId: event.actorId,
          itemId: event.itemId,
          userIds,
          detail: { state: event.state },
        },
      ];
    }
    case "mention":
      return [
        {
          kind: "mention",
          actorId: event.actorId,
          itemId: event.itemId,
          commentId: event.commentId,
          userIds: event.mentioned,
        },
      ];
    case "comment": {
      const { actorId, itemId, commentId } = event;
      const named = new Set(event.mentioned);
      // Someone named in a reply hears of it once, as a mention.
      const thread = event.parentId ? await threadMembers(db, event.parentId, commentId) : [];
      const replied = thread.filter((id): id is string => id !== null && !named.has(id));
      return [
        { kind: "mention", actorId, itemId, commentId, userIds: event.mentioned },
        { kind: "reply", actorId, itemId, commentId, userIds: replied },
      ];
    }
    case "vote": {
      const members = await db
        .select({ id: user.id, role: user.role })
        .from(user)
        .where(isNull(user.deactivatedAt));
      const voters = members.filter((m) => can(m.role, "review")).map((m) => m.id);
      return [
        {
          kind: "vote",
          actorId: event.round.createdBy,
          userIds: voters,
          detail: { name: event.round.name, href: voteHref(event.round) },
        },
      ];
    }
    case "approval":
      return [{ kind: "approval", actorId: event.actorId, userIds: event.userIds, detail: event.detail }];
    case "experiment": {
      const [row] = await db
        .select({
          name: experiment.name,
          createdBy: experiment.createdBy,
          done: count(sql`case when ${experimentCell.status} = 'done' then 1 end`),
          // A cell cancelled while it waited was never sent: not a failure to look at.
          failed: count(
            sql`case when ${experimentCell.status} = 'refused' or (${experimentCell.status} = 'error' and coalesce(${experimentCell.error} -> 0 ->> 'code', '') <> ${CANCELLED_CODE}) then 1 end`,
          ),
        })
        .from(experiment)
        .leftJoin(experimentCell, eq(experimentCell.experimentId, experiment.id))
        .where(eq(experiment.id, event.experimentId))
        .groupBy(experiment.id);
      if (!row) return [];
      const detail = {
        name: row.name,
        done: Number(row.done),
        failed: Number(row.failed),
        href: `/experiments/${event.experimentId}`,
      };
      return [{ kind: "experiment", actorId: null, userIds: [row.createdBy], detail }];
    }
  }
}

/**
 * Records the event's notifications for every member it concerns, as each chose for its kind
 * (inbox, email, both or neither); tells their tabs the new unread count, and the mail queue of
 * emails to send. `log` is where the counts go; without one, the process's outlet.
 */
export async function notify(db: Tx, event: NotifyEvent, log?: InboxPublisher): Promise<void> {
  const outlet = notificationOutlet();
  const listed = new Set<string>();
  let emails = 0;
  for (const batch of await batchesOf(db, event)) {
    const recipients = await activeOthers(db, batch.userIds, batch.actorId);
    if (recipients.length === 0) continue;
    const choices = await choicesFor(db, batch.kind, recipients);
    const rows = recipients.flatMap((userId) => {
      const choice = choices.get(userId);
      const email = Boolean(choice?.email) && outlet.emailAvailable;
      if (!choice?.inbox && !email) return [];
      if (choice?.inbox) listed.add(userId);
      if (email) emails += 1;
      return [
        {
          userId,
          kind: batch.kind,
          actorId: batch.actorId,
          itemId: batch.itemId ?? null,
          commentId: batch.commentId ?? null,
          detail: batch.detail ?? {},
          inInbox: choice?.inbox ?? false,
          emailState: email ? ("pending" as const) : null,
          emailNextAt: email ? new Date() : null,
        },
      ];
    });
    if (rows.length > 0) await db.insert(notification).values(rows);
  }
  for (const userId of listed) {
    const unread = await unreadCount(db, userId);
    if (log) log.publishGallery({ kind: "inbox", unread }, { userId });
    else outlet.publishUnread(userId, unread);
  }
  if (emails > 0) outlet.mailQueued();
}
