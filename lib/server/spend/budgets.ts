import "server-only";
import { asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { ServiceError } from "@/lib/protocol/errors";
import type { StudioDatabase } from "@/lib/server/db";
import { spendBudget, spendEntry, TEAM_BUDGET, user } from "@/lib/server/db/schema";
import { studioErrors } from "@/lib/studio/api/errors";
import { can, type Role } from "@/lib/studio/roles";
import { usd } from "@/lib/studio/spend/money";
import { monthOf, monthRange } from "@/lib/studio/spend/month";
import { type BudgetLine, budgetLines, budgetRows, fitTasks, leftOf } from "./budget-room";
import { estimateCost, estimateEach } from "./estimate";
import { spentIn } from "./ledger";

export interface BudgetsInput {
  team?: number | null | undefined;
  members?: { id: string; usd: number | null }[] | undefined;
}

/** A task a budget admitted: its place in the request and what it holds while it runs. */
export interface AdmittedTask {
  index: number;
  /** USD held against the budgets (see `task.heldUsd`); null when none applied or no figure. */
  heldUsd: number | null;
}

export interface Admission<T> {
  /** What `record` answered for the admitted tasks; null when none was admitted. */
  value: T | null;
  /** The tasks refused, by place, each with the error to answer. */
  refused: { index: number; error: ServiceError }[];
}

/** What is left of the tightest budget that applies, and how many of some tasks fit in it. */
export interface BudgetRoom {
  scope: "team" | "member";
  usd: number;
  left: number;
  tasks: number;
  fit: number;
}

/** Refuses work that would pass a budget; what `submitTasks` and the tools ask before sending. */
export interface BudgetGuard {
  /** The budget `tasks` would pass, as the error to answer, or null when they fit. */
  check(author: { id: string }, tasks: readonly Record<string, unknown>[]): Promise<ServiceError | null>;
  /**
   * Admits the tasks that fit, in order, and records them with `record` in the same transaction
   * that read what is left, under a lock on the budgets: tasks sent at once, to this studio or to
   * another on the same database, take their turns, and each sees what the others hold.
   */
  admit<T>(
    author: { id: string },
    tasks: readonly Record<string, unknown>[],
    record: (db: StudioDatabase, admitted: readonly AdmittedTask[]) => Promise<T>,
    /** Tasks already recorded (a retried request): admitted again without a second hold. */
    known?: (db: StudioDatabase) => Promise<ReadonlySet<number>>,
  ): Promise<Admission<T>>;
}

/**
 * The owner's monthly budgets (USD, UTC months) for the team and for each member, and the check
 * every task passes before it is sent: this month's spend, what tasks still running hold, and the
 * task's estimate must stay within each budget that applies. An admitted task holds its estimate
 * on its own record until it ends (`task.heldUsd`), so a burst cannot pass a budget before any of
 * it reports a cost.
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
    const rows = await budgetRows(this.db, author.id, false);
    if (rows.length === 0) return null;
    const lines = await budgetLines(this.db, rows, monthOf(this.now()), author.id, this.embedded);
    const estimate = await estimateCost(tasks, { embedded: this.embedded, db: this.db });
    const { over } = fitTasks(lines, [estimate.usd]);
    const line = over[0];
    return line ? refusal(line, tasks.length, tasks.length, estimate.usd, 0) : null;
  }

  async admit<T>(
    author: { id: string },
    tasks: readonly Record<string, unknown>[],
    record: (db: StudioDatabase, admitted: readonly AdmittedTask[]) => Promise<T>,
    known?: (db: StudioDatabase) => Promise<ReadonlySet<number>>,
  ): Promise<Admission<T>> {
    const all = tasks.map((_, index) => ({ index, heldUsd: null }));
    // Most studios set no budget: one indexed read, and nothing else, decides that.
    if ((await budgetRows(this.db, author.id, false)).length === 0) {
      return { value: await record(this.db, all), refused: [] };
    }
    return this.db.transaction(async (tx) => {
      const rows = await budgetRows(tx, author.id, true);
      if (rows.length === 0) return { value: await record(tx, all), refused: [] };
      const lines = await budgetLines(tx, rows, monthOf(this.now()), author.id, this.embedded);
      const retried = (await known?.(tx)) ?? new Set<number>();
      const fresh = all.filter((t) => !retried.has(t.index));
      const each = await estimateEach(
        fresh.map((t) => tasks[t.index] ?? {}),
        { embedded: this.embedded, db: tx },
      );
      const costs = each.map((e) => e.usd);
      const { over, taken } = fitTasks(lines, costs);
      const admitted: AdmittedTask[] = all.filter((t) => retried.has(t.index));
      const refusedAt: { index: number; line: BudgetLine; usd: number | null }[] = [];
      for (const [i, t] of fresh.entries()) {
        const line = over[i];
        if (line) refusedAt.push({ index: t.index, line, usd: costs[i] ?? null });
        else admitted.push({ index: t.index, heldUsd: costs[i] ?? null });
      }
      admitted.sort((a, b) => a.index - b.index);
      const value = admitted.length > 0 ? await record(tx, admitted) : null;
      // One error per budget passed, shared by the tasks it refused.
      const refused: Admission<T>["refused"] = [];
      for (const line of new Set(refusedAt.map((r) => r.line))) {
        const mine = refusedAt.filter((r) => r.line === line);
        const usdOf = mine.some((r) => r.usd === null)
          ? null
          : mine.reduce((sum, r) => sum + (r.usd ?? 0), 0);
        const held = taken[lines.indexOf(line)] ?? 0;
        const error = refusal(line, mine.length, tasks.length, usdOf, held);
        for (const r of mine) refused.push({ index: r.index, error });
      }
      return { value, refused: refused.sort((a, b) => a.index - b.index) };
    });
  }

  /**
   * The tightest budget that applies to `author` and how many of `tasks` would fit in it now, in
   * their order: what Create and Vary show before anything is sent. Null when no budget applies.
   */
  async room(author: { id: string }, tasks: readonly Record<string, unknown>[]): Promise<BudgetRoom | null> {
    const rows = await budgetRows(this.db, author.id, false);
    if (rows.length === 0) return null;
    const lines = await budgetLines(this.db, rows, monthOf(this.now()), author.id, this.embedded);
    const each = await estimateEach(tasks, { embedded: this.embedded, db: this.db });
    const { over } = fitTasks(
      lines,
      each.map((e) => e.usd),
    );
    const tightest = lines.reduce((a, b) => (leftOf(b) < leftOf(a) ? b : a));
    return {
      scope: tightest.scope,
      usd: tightest.usd,
      left: Math.max(0, leftOf(tightest)),
      tasks: tasks.length,
      fit: over.filter((o) => o === null).length,
    };
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

/**
 * The error for `count` tasks of a request of `of` that `line` cannot take: the budget, what is
 * spent and held, what these would cost and, when others of the request went, how many.
 */
function refusal(
  line: BudgetLine,
  count: number,
  of: number,
  cost: number | null,
  heldNow: number,
): ServiceError {
  const what = count === 1 ? "This task" : `These ${count} tasks`;
  const about = count === 1 ? "this task" : "these tasks";
  const costWords = cost === null ? `${about}: no estimate yet` : `${about} about ${usd(cost)}`;
  const whose = line.scope === "team" ? "the team's" : "your";
  const pending = line.pending + heldNow;
  const held = pending > 0 ? `, about ${usd(pending)} for tasks still running` : "";
  const sent = of - count;
  const others = sent > 0 ? ` The other ${sent} of ${of} fit and were sent.` : "";
  return studioErrors.budgetExceeded(
    `${what} would pass ${whose} monthly budget of ${usd(line.usd)} (${usd(line.spent)} spent this month${held}, ${costWords}).${others} ` +
      (line.scope === "team"
        ? "An owner can raise it in Settings, or wait for next month."
        : "Ask an owner to raise it in Settings, or wait for next month."),
  ).error;
}
