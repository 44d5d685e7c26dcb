import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import type { OpenedDatabase, StudioDatabase } from "@/lib/server/db/database";
import { experiment, item, user, voteRound } from "@/lib/server/db/schema";
import type { PresenceKind } from "@/lib/studio/presence/presence";
import { can, isRole } from "@/lib/studio/roles";
import { DatabasePresenceBus } from "./bus";
import { PresenceHub, type PresenceHubOptions } from "./hub";

/**
 * Who may be seen on a page, from the database: a member whose role lets them view the gallery,
 * on an item, experiment or vote that exists (what the page itself would show them), under the
 * name their account has now.
 */
export function presenceAccess(db: StudioDatabase): Pick<PresenceHubOptions, "mayView" | "nameOf"> {
  const exists: Record<PresenceKind, (id: string) => Promise<boolean>> = {
    item: async (id) =>
      (await db.select({ id: item.id }).from(item).where(eq(item.id, id)).limit(1)).length > 0,
    experiment: async (id) =>
      (await db.select({ id: experiment.id }).from(experiment).where(eq(experiment.id, id)).limit(1)).length >
      0,
    vote: async (id) =>
      (await db.select({ id: voteRound.id }).from(voteRound).where(eq(voteRound.id, id)).limit(1)).length > 0,
  };
  return {
    async mayView(member, target) {
      if (!isRole(member.role) || !can(member.role, "view")) return false;
      return exists[target.kind](target.id);
    },
    async nameOf(userId) {
      const rows = await db
        .select({ name: user.name })
        .from(user)
        .where(and(eq(user.id, userId), isNull(user.deactivatedAt)))
        .limit(1);
      return rows[0]?.name ?? null;
    },
  };
}

/** This instance's presence, shared with the others on the same database. */
export async function startPresence(database: Pick<OpenedDatabase, "db" | "listen">): Promise<PresenceHub> {
  const hub = new PresenceHub({ bus: new DatabasePresenceBus(database), ...presenceAccess(database.db) });
  await hub.start();
  return hub;
}
