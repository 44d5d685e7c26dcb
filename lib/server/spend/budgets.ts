import "server-only";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { ServiceError } from "@/lib/protocol/errors";
import type { StudioDatabase } from "@/lib/server/db";
import { spendBudget, spendEntry, TEAM_BUDGET, task, user } from "@/lib/server/db/schema";
import { studioErrors } from "@/lib/studio/api/errors";
import { can, type Role } from "@/lib/studio/roles";
import { usd } from "@/lib/studio/spend/money";
import { monthOf, monthRange } from "@/lib/studio/spend/month";
import { estimateCost } from "./estimate";
import { spentIn } from "./ledger";

export interface BudgetsInput {
  team?: number | null | undefined;
  members?: { id: string; usd: number | null }[] | undefined;
}

/** Refuses work that would pass a budget; what `submitTasks` and the tools ask before sending. */
export interface BudgetGuard {
  /** The budget `tasks` would pass, as the error to answer, or null when they fit. */
  check(author: { id: string }, tasks: readonly Record<string, unknown>[]): Promise<ServiceError | null>;
}

/**
 * The owner's monthly budgets (USD, UTC months) for the team and for each member, and the check
 * every task passes before it is sent: this month's spend plus the task's estimate must stay
 * within each budget that applies.
 */
export class Budgets implements BudgetGuard {
  constructor(
    private readonly db: StudioDatabase,
    /** Whether the service is the built-in engine (estimates from its price table). */
    private readonly embedded: boolean,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async check(
    author: { id: string },
    tasks: readonly Record<string, unknown>[],
  ): Promise<ServiceError | null> {
    if (tasks.length === 0) return null;
    // Most studios set no budget: one indexed read, and nothing else, decides that.
    const budgets = await this.db
      .select({ scope: spendBudget.scope, usd: spendBudget.usd })
      .from(spendBudget)
      .where(inArray(spendBudget.scope, [TEAM_BUDGET, author.id]));
    if (budgets.length === 0) return null;
    const month = monthOf(this.now());
    const estimate = await estimateCost(tasks, { embedded: this.embedded, db: this.db });
    // Without a figure yet (no history of this model), the task is let through unless the month
    // is already spent: refusing every first task of a new model would block learning its price.
    const cost = estimate.usd ?? 0;
    const what = tasks.length === 1 ? "This task" : `These ${tasks.length} tasks`;
    const about = tasks.length === 1 ? "this task" : "these tasks";
    const costWords = estimate.usd === null ? `${about}: no estimate yet` : `${about} about ${usd(cost)}`;
    // The team's first: passing it is the bigger news, and an owner alone can lift it.
    for (const scope of [TEAM_BUDGET, author.id]) {
      const budget = budgets.find((b) => b.scope === scope);
      if (!budget) continue;
      const memberId = scope === TEAM_BUDGET ? undefined : author.id;
      const [spent, pending] = await Promise.all([
        spentIn(this.db, month, memberId),
        this.inFlight(memberId),
      ]);
      if (spent + pending + cost > budget.usd || spent >= budget.usd) {
        const whose = scope === TEAM_BUDGET ? "the team's" : "your";
        const held = pending > 0 ? `, about ${usd(pending)} for tasks still running` : "";
        return studioErrors.budgetExceeded(
          `${what} would pass ${whose} monthly budget of ${usd(budget.usd)} (${usd(spent)} spent this month${held}, ${costWords}). ` +
            (scope === TEAM_BUDGET
              ? "An owner can raise it in Settings, or wait for next month."
              : "Ask an owner to raise it in Settings, or wait for next month."),
        ).error;
      }
    }
    return null;
  }

  /**
   * What tasks sent and not yet ended will cost, as far as not charged already: a burst of tasks
   * sent together is held to the budget before any of them reports its cost. Tasks older than a
   * day are left out: the keeper ends those, and a stray row must not hold a budget forever.
   */
  private async inFlight(memberId: string | undefined): Promise<number> {
    const rows = await this.db
      .select({ taskUUID: task.taskUUID, params: task.params })
      .from(task)
      .where(
        and(
          // The partial index `task_in_flight_idx` has this very condition.
          sql`${task.status} in ('queued', 'processing')`,
          sql`${task.createdAt} > now() - interval '1 day'`,
          memberId === undefined ? undefined : eq(task.authorId, memberId),
        ),
      )
      .limit(5000);
    if (rows.length === 0) return 0;
    const [estimate, [charged]] = await Promise.all([
      estimateCost(
        rows.map((r) => r.params),
        { embedded: this.embedded, db: this.db },
      ),
      this.db
        .select({ usd: sql<number>`coalesce(sum(${spendEntry.usd}), 0)` })
        .from(spendEntry)
        .where(
          inArray(
            spendEntry.taskUUID,
            rows.map((r) => r.taskUUID),
          ),
        ),
    ]);
    return Math.max(0, (estimate.usd ?? 0) - Number(charged?.usd ?? 0));
  }

  /** The budgets with this month's spend: every member's for owners, the caller's alone otherwise. */
  async view(caller: { id: string; role: Role }) {
    const month = monthOf(this.now());
    const { from, to } = monthRange(month);
    const owner = can(caller.role, "manage");
    const spentBy = sql<number>`coalesce((select sum(${spendEntry.usd}) from ${spendEntry} where ${spendEntry.memberId} = ${user.id} and ${spendEntry.at} >= ${from} and ${spendEntry.at} < ${to}), 0)`;
    const members = await this.db
      .select({ id: user.id, name: user.name, usd: spendBudget.usd, spent: spentBy })
      .from(user)
      .leftJoin(spendBudget, eq(spendBudget.scope, user.id))
      .where(owner ? isNull(user.deactivatedAt) : eq(user.id, caller.id))
      .orderBy(asc(user.createdAt));
    const [team] = await this.db
      .select({ usd: spendBudget.usd })
      .from(spendBudget)
      .where(eq(spendBudget.scope, TEAM_BUDGET));
    return {
      month,
      team: { usd: team?.usd ?? null, spent: await spentIn(this.db, month) },
      members: members.map((m) => ({ ...m, usd: m.usd ?? null, spent: Number(m.spent) })),
    };
  }

  /** Sets or clears budgets; a member id not in the team is refused before anything changes. */
  async set(input: BudgetsInput, by: { id: string; role: Role }) {
    const members = input.members ?? [];
    if (members.length > 0) {
      const ids = [...new Set(members.map((m) => m.id))];
      const known = await this.db.select({ id: user.id }).from(user).where(inArray(user.id, ids));
      const missing = members.findIndex((m) => !known.some((k) => k.id === m.id));
      if (missing >= 0) throw studioErrors.memberNotFound(`members.${missing}.id`);
    }
    const changes: { scope: string; usd: number | null }[] = [
      ...(input.team === undefined ? [] : [{ scope: TEAM_BUDGET, usd: input.team }]),
      ...members.map((m) => ({ scope: m.id, usd: m.usd })),
    ];
    await this.db.transaction(async (tx) => {
      for (const change of changes) {
        if (change.usd === null) {
          await tx.delete(spendBudget).where(eq(spendBudget.scope, change.scope));
        } else {
          await tx
            .insert(spendBudget)
            .values({ scope: change.scope, usd: change.usd, updatedBy: by.id })
            .onConflictDoUpdate({
              target: spendBudget.scope,
              set: { usd: change.usd, updatedBy: by.id, updatedAt: new Date() },
            });
        }
      }
    });
    return this.view(by);
  }
}
